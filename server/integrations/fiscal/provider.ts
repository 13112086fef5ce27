// The one fiscal-provider interface (docs/decisions/0129-nfe.md), shaped like the payment and shipping
// ones: 'nenhum' (nenhum.ts, the offline default: orders carry no invoice) and an NF-e API that signs
// and talks to SEFAZ (focusnfe.ts). The store builds a provider-neutral draft (server/domain/fiscal/
// build.ts); the adapter turns it into the provider's fields. Money in integer centavos.

/** Who issues: the store (config/store.json). */
export type InvoiceIssuer = {
  cnpj: string
  inscricaoEstadual: string
  /** 1 Simples Nacional, 2 Simples excesso de sublimite, 3 Regime Normal. */
  regimeTributario: 1 | 2 | 3
  razaoSocial: string
  nomeFantasia: string
  logradouro: string
  numero: string
  complemento?: string
  bairro: string
  municipio: string
  uf: string
  cep: string
}

/** Who receives: a person (CPF) or a company (CNPJ; its IE when a taxpayer, 'ISENTO' when exempt). */
export type InvoiceRecipient = {
  nome: string
  document: { cpf: string } | { cnpj: string; inscricaoEstadual: string | null }
  /** 1 contribuinte (IE informed), 2 contribuinte isento, 9 não contribuinte. */
  indicadorIe: 1 | 2 | 9
  email: string
  telefone: string
  logradouro: string
  numero: string
  complemento: string
  bairro: string
  municipio: string
  uf: string
  cep: string
}

export type InvoiceItem = {
  numero: number
  codigo: string
  descricao: string
  ncm: string
  cest: string | null
  cfop: string
  unidade: string
  quantidade: number
  unitCents: number
  /** quantidade × unitCents. */
  brutoCents: number
  descontoCents: number
  freteCents: number
  origem: number
  gtin: string
  /** CSOSN (Simples Nacional) or CST (Regime Normal). */
  icmsSituacao: string
  pisCst: string
  cofinsCst: string
}

export type InvoiceDraft = {
  naturezaOperacao: string
  emitidaEm: Date
  /** 'saida' for a sale; 'entrada' for a return's entry invoice. */
  tipo: 'saida' | 'entrada'
  /** 1 normal, 4 devolução. */
  finalidade: 1 | 4
  /** 1 within the issuer's state, 2 another state. */
  localDestino: 1 | 2
  consumidorFinal: boolean
  /** The sale a return's invoice refers to (44 digits). */
  chaveReferenciada?: string
  issuer: InvoiceIssuer
  recipient: InvoiceRecipient
  items: InvoiceItem[]
  /** 0 by the issuer, 9 no transport (pickup). */
  modalidadeFrete: 0 | 9
  /** The payment's means (NF-e tPag: 03 cartão de crédito, 15 boleto, 17 Pix; 90 sem pagamento on a return) and amount. */
  pagamento: { forma: '03' | '15' | '17' | '90'; valorCents: number } | null
  totals: { produtosCents: number; descontoCents: number; freteCents: number; totalCents: number }
}

/** Where the provider stands on a reference. */
export type InvoiceState =
  | { status: 'desconhecida' }
  | { status: 'processando' }
  | {
      status: 'autorizada'
      accessKey: string
      number: number
      series: number
      protocol: string | null
      message: string
      /** The provider's paths of the files (fetched once into the store's media storage). */
      xmlPath: string
      danfePath: string
    }
  /** SEFAZ refused it (or denied it), or the provider refused the request: its words, to correct and issue again. */
  | { status: 'rejeitada'; message: string; final: boolean }
  | { status: 'cancelada'; message: string }

export type CancelOutcome = { status: 'cancelada'; message: string } | { status: 'erro_cancelamento'; message: string }

/**
 * The provider did not answer as documented (down, slow, 5xx, 429, a malformed answer, a refused
 * credential): the job that asked fails and the queue retries it with backoff. Never carries the token.
 */
export class FiscalUnavailable extends Error {
  constructor(detail: string) {
    super(`provedor fiscal indisponível: ${detail}`)
    this.name = 'FiscalUnavailable'
  }
}

export interface FiscalProvider {
  /** 'nenhum', 'focusnfe'. */
  readonly name: string
  /** Whether this provider issues invoices at all ('nenhum' does not). */
  readonly issues: boolean
  /** Sends the draft under `ref`; the answer is usually 'processando' (SEFAZ answers later). */
  issue(ref: string, draft: InvoiceDraft): Promise<InvoiceState>
  /** Where the invoice of `ref` stands ('desconhecida': never received). */
  status(ref: string): Promise<InvoiceState>
  /** Cancels an authorized invoice (justification of 15 to 255 characters). */
  cancel(ref: string, justificativa: string): Promise<CancelOutcome>
  /** A file the answer named (the XML, the DANFE). */
  file(path: string): Promise<Buffer>
  /** Whether a webhook call is the provider's (its Authorization header). */
  verifyWebhook(authorization: string | undefined): boolean
}
