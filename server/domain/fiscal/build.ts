// The NF-e the store computes for an order (docs/decisions/0129-nfe.md): the issuer from the store's
// profile, the recipient from the order's buyer and delivery address, one item per order line with its
// product's fiscal data, the CFOP by destination, and the order's discounts and shipping apportioned
// over the items so the note's total is the order's to the centavo. What the tax codes are is the
// accountant's (config/store.json "fiscal"); this file only applies them.
import { normalizeDocument } from '../../../contract/masks'
import { FISCAL } from '../../../contract/messages/fiscal'
import type { InvoiceDraft, InvoiceIssuer, InvoiceItem, InvoiceRecipient } from '../../integrations/fiscal/provider'
import type { OrderAddress } from '../../db/schema'
import type { StoreProfile } from '../../store-profile'
import { isRefusal, refuse, type Refusal } from '../refusal'

export type DraftOrder = {
  code: string
  buyerNome: string
  buyerEmail: string
  buyerCpf: string
  buyerCelular: string
  buyerIe: string | null
  /** "Comprar como empresa": the company's CNPJ and razão social, the note's recipient (buyer_cpf is then the person's). */
  buyerCnpj?: string | null
  buyerRazaoSocial?: string | null
  paymentMethod: 'pix' | 'cartao' | 'boleto'
  shippingIndex: number | null
  shippingAddress: OrderAddress
  shippingCents: number
  totalCents: number
}

export type DraftLine = {
  titulo: string
  variacao: string | null
  quantity: number
  unitPriceCents: number
  totalCents: number
  discountCents: number
  /** The product's row now (null: deleted from the catalog). */
  product: { sku: string; ncm: string | null; cest: string | null; origem: number; gtin: string; unidade: string } | null
}

/**
 * Splits `amount` over `weights` in proportion, the rounding left-overs to the largest remainders
 * (first first on a tie), so the parts sum to `amount` exactly.
 */
export function apportion(amount: number, weights: readonly number[]): number[] {
  const total = weights.reduce((s, w) => s + w, 0)
  if (amount === 0 || total === 0) return weights.map(() => 0)
  const exact = weights.map((w) => (amount * w) / total)
  const parts = exact.map(Math.floor)
  let left = amount - parts.reduce((s, p) => s + p, 0)
  const order = exact.map((e, i) => ({ i, r: e - Math.floor(e) })).sort((a, b) => b.r - a.r || a.i - b.i)
  for (let k = 0; left > 0; k = (k + 1) % order.length, left--) parts[order[k].i]++
  return parts
}

export function issuerOf(store: StoreProfile): InvoiceIssuer {
  const e = store.endereco
  return {
    cnpj: store.cnpj,
    inscricaoEstadual: store.fiscal.inscricaoEstadual,
    regimeTributario: store.fiscal.regimeTributario,
    razaoSocial: store.razaoSocial,
    nomeFantasia: store.nome,
    logradouro: e.logradouro,
    numero: e.numero,
    complemento: e.complemento,
    bairro: e.bairro,
    municipio: e.cidade,
    uf: e.uf,
    cep: e.cep,
  }
}

/** A CNPJ buyer (14 characters, the alphanumeric CNPJ included) with its IE; else a CPF consumer. */
export function recipientOf(order: DraftOrder): InvoiceRecipient {
  const doc = normalizeDocument(order.buyerCnpj || order.buyerCpf)
  const a = order.shippingAddress
  const company = doc.length === 14
  const ie = company ? order.buyerIe : null
  return {
    nome: (company && order.buyerRazaoSocial) || order.buyerNome,
    document: company ? { cnpj: doc, inscricaoEstadual: ie && ie !== 'ISENTO' ? ie : null } : { cpf: doc },
    indicadorIe: !ie ? 9 : ie === 'ISENTO' ? 2 : 1,
    email: order.buyerEmail,
    telefone: order.buyerCelular,
    logradouro: a.rua,
    numero: a.numero,
    complemento: a.complemento,
    bairro: a.bairro,
    municipio: a.cidade,
    uf: a.estado,
    cep: a.cep,
  }
}

/**
 * The CFOP of a sale of goods bought from others (the store resells): 5102 within the state; out of
 * it 6102 to a taxpayer (a company with IE), 6108 to a non-taxpayer (a consumer, a company without IE).
 * A return's entry: 1202 within the state, 2202 from another.
 */
export function cfopOf(purpose: 'venda' | 'devolucao', sameState: boolean, recipient: InvoiceRecipient): string {
  if (purpose === 'devolucao') return sameState ? '1202' : '2202'
  if (sameState) return '5102'
  return recipient.indicadorIe === 1 ? '6102' : '6108'
}

const PAYMENT_CODES = { cartao: '03', boleto: '15', pix: '17' } as const

/** The sale's NF-e, or why it cannot be issued yet (a product without NCM, a line gone, totals that do not add up). */
export function buildSaleDraft(order: DraftOrder, lines: readonly DraftLine[], store: StoreProfile, now: Date): InvoiceDraft | Refusal {
  const gone = lines.find((l) => !l.product)
  if (gone) return refuse(FISCAL.missingProduct(gone.titulo))
  const noNcm = lines.filter((l) => !l.product?.ncm).map((l) => l.titulo)
  if (noNcm.length) return refuse(FISCAL.missingNcm(noNcm.join(', ')), { produtos: noNcm })
  const issuer = issuerOf(store)
  const recipient = recipientOf(order)
  const sameState = recipient.uf.toUpperCase() === issuer.uf.toUpperCase()
  const bruto = lines.map((l) => l.totalCents)
  const produtosCents = bruto.reduce((s, b) => s + b, 0)
  // Every discount of the order (the lines' own, and what is left of it: a coupon on the shipping, Pix).
  const descontoCents = produtosCents + order.shippingCents - order.totalCents
  const ownDiscounts = lines.map((l) => Math.min(l.discountCents, l.totalCents))
  const ownTotal = ownDiscounts.reduce((s, d) => s + d, 0)
  if (descontoCents < ownTotal || descontoCents > produtosCents) return refuse(FISCAL.totalsDiffer)
  const rest = apportion(
    descontoCents - ownTotal,
    bruto.map((b, i) => b - ownDiscounts[i]),
  )
  const frete = apportion(order.shippingCents, bruto)
  const items: InvoiceItem[] = lines.map((l, i) => {
    const p = l.product!
    return {
      numero: i + 1,
      codigo: p.sku,
      descricao: (l.variacao ? `${l.titulo} — ${l.variacao}` : l.titulo).slice(0, 120),
      ncm: p.ncm!,
      cest: p.cest,
      cfop: cfopOf('venda', sameState, recipient),
      unidade: p.unidade,
      quantidade: l.quantity,
      unitCents: l.unitPriceCents,
      brutoCents: l.totalCents,
      descontoCents: ownDiscounts[i] + rest[i],
      freteCents: frete[i],
      origem: p.origem,
      gtin: p.gtin,
      icmsSituacao: store.fiscal.icmsVenda,
      pisCst: store.fiscal.pisCst,
      cofinsCst: store.fiscal.cofinsCst,
    }
  })
  const totals = { produtosCents, descontoCents, freteCents: order.shippingCents, totalCents: order.totalCents }
  if (items.reduce((s, i) => s + i.brutoCents - i.descontoCents + i.freteCents, 0) !== order.totalCents) return refuse(FISCAL.totalsDiffer)
  return {
    naturezaOperacao: store.fiscal.naturezaVenda,
    emitidaEm: now,
    tipo: 'saida',
    finalidade: 1,
    localDestino: sameState ? 1 : 2,
    consumidorFinal: recipient.indicadorIe !== 1,
    issuer,
    recipient,
    items,
    // The pickup station (option 2) has no transport.
    modalidadeFrete: order.shippingIndex === 2 ? 9 : 0,
    pagamento: { forma: PAYMENT_CODES[order.paymentMethod], valorCents: order.totalCents },
    totals,
  }
}

/** The units of each order line that come back (by the line's position in the order); absent: the whole line. */
export type ReturnedUnits = ReadonlyMap<number, number> | null

/**
 * The entry invoice (NF-e de devolução, finalidade 4) of what came back, referencing the sale's key:
 * the sale's own lines as its note carried them (the same apportioned discounts and shipping, rebuilt
 * by buildSaleDraft), each scaled to the units returned — the whole order's lines when `returned` is
 * null (an order cancelled after its note could no longer be cancelled). CFOP 1202 within the state,
 * 2202 from another; the return's ICMS code (fiscal.icmsDevolucao); no payment (tPag 90).
 */
export function buildReturnDraft(
  order: DraftOrder,
  lines: readonly DraftLine[],
  returned: ReturnedUnits,
  saleKey: string,
  store: StoreProfile,
  now: Date,
): InvoiceDraft | Refusal {
  const sale = buildSaleDraft(order, lines, store, now)
  if (isRefusal(sale)) return sale
  const sameState = sale.localDestino === 1
  const items: InvoiceItem[] = []
  sale.items.forEach((item, i) => {
    const units = returned ? (returned.get(i) ?? 0) : item.quantidade
    if (units <= 0) return
    const whole = units >= item.quantidade
    const part = (cents: number) => (whole ? cents : Math.round((cents * units) / item.quantidade))
    items.push({
      ...item,
      numero: items.length + 1,
      cfop: cfopOf('devolucao', sameState, sale.recipient),
      quantidade: Math.min(units, item.quantidade),
      brutoCents: whole ? item.brutoCents : item.unitCents * units,
      descontoCents: part(item.descontoCents),
      freteCents: part(item.freteCents),
      icmsSituacao: store.fiscal.icmsDevolucao,
    })
  })
  if (!items.length) return refuse(FISCAL.nothingReturned)
  const produtosCents = items.reduce((s, i) => s + i.brutoCents, 0)
  const descontoCents = items.reduce((s, i) => s + i.descontoCents, 0)
  const freteCents = items.reduce((s, i) => s + i.freteCents, 0)
  return {
    ...sale,
    naturezaOperacao: store.fiscal.naturezaDevolucao,
    tipo: 'entrada',
    finalidade: 4,
    chaveReferenciada: saleKey,
    items,
    pagamento: { forma: '90', valorCents: 0 },
    totals: { produtosCents, descontoCents, freteCents, totalCents: produtosCents - descontoCents + freteCents },
  }
}
