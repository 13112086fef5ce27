// Focus NFe behind the FiscalProvider interface, spoken to as its API documentation (NFe, v2) says
// (docs/decisions/0129-nfe.md): POST /v2/nfe?ref=REF with the note's JSON, GET /v2/nfe/REF?completa=1
// for its state, DELETE /v2/nfe/REF with {"justificativa"} to cancel; HTTP Basic with the token as
// the user and an empty password. The host is FOCUSNFE_API_URL (production https://api.focusnfe.com.br,
// homologação https://homologacao.focusnfe.com.br). Answers are checked before anything is kept: a
// key that is not 44 digits with its check digit is refused. The token is never logged.
import { timingSafeEqual } from 'node:crypto'
import type { Logger } from 'pino'
import { z } from 'zod'
import { isAccessKey } from '../../../contract/fiscal'
import { FiscalUnavailable, type CancelOutcome, type FiscalProvider, type InvoiceDraft, type InvoiceState } from './provider'

export type FocusNfeConfig = {
  token: string
  apiUrl: string
  /** The value Focus NFe's hook sends in Authorization (set when the hook is created); unset: webhooks refused. */
  webhookSecret?: string
  log: Logger
  timeoutMs?: number
}

export const FOCUSNFE_TIMEOUT_MS = 10_000

const reais = (cents: number) => Number((cents / 100).toFixed(2))
const digits = (v: string) => v.replace(/\D/g, '')

/** The draft as Focus NFe's fields (NF-e 4.00). */
export function focusBody(d: InvoiceDraft): Record<string, unknown> {
  const r = d.recipient
  const doc =
    'cpf' in r.document
      ? { cpf_destinatario: digits(r.document.cpf) }
      : { cnpj_destinatario: r.document.cnpj, ...(r.document.inscricaoEstadual ? { inscricao_estadual_destinatario: r.document.inscricaoEstadual } : {}) }
  return {
    natureza_operacao: d.naturezaOperacao,
    data_emissao: d.emitidaEm.toISOString(),
    tipo_documento: d.tipo === 'saida' ? 1 : 0,
    finalidade_emissao: d.finalidade,
    local_destino: d.localDestino,
    consumidor_final: d.consumidorFinal ? 1 : 0,
    presenca_comprador: 2,
    ...(d.chaveReferenciada ? { notas_referenciadas: [{ chave_nfe: d.chaveReferenciada }] } : {}),
    cnpj_emitente: digits(d.issuer.cnpj),
    inscricao_estadual_emitente: d.issuer.inscricaoEstadual,
    nome_emitente: d.issuer.razaoSocial,
    nome_fantasia_emitente: d.issuer.nomeFantasia,
    logradouro_emitente: d.issuer.logradouro,
    numero_emitente: d.issuer.numero,
    ...(d.issuer.complemento ? { complemento_emitente: d.issuer.complemento } : {}),
    bairro_emitente: d.issuer.bairro,
    municipio_emitente: d.issuer.municipio,
    uf_emitente: d.issuer.uf,
    cep_emitente: digits(d.issuer.cep),
    regime_tributario_emitente: d.issuer.regimeTributario,
    nome_destinatario: r.nome,
    ...doc,
    indicador_inscricao_estadual_destinatario: r.indicadorIe,
    email_destinatario: r.email,
    telefone_destinatario: digits(r.telefone),
    logradouro_destinatario: r.logradouro,
    numero_destinatario: r.numero,
    ...(r.complemento ? { complemento_destinatario: r.complemento } : {}),
    bairro_destinatario: r.bairro,
    municipio_destinatario: r.municipio,
    uf_destinatario: r.uf,
    cep_destinatario: digits(r.cep),
    pais_destinatario: 'Brasil',
    modalidade_frete: d.modalidadeFrete,
    valor_produtos: reais(d.totals.produtosCents),
    valor_desconto: reais(d.totals.descontoCents),
    valor_frete: reais(d.totals.freteCents),
    valor_total: reais(d.totals.totalCents),
    ...(d.pagamento ? { formas_pagamento: [{ forma_pagamento: d.pagamento.forma, valor_pagamento: reais(d.pagamento.valorCents) }] } : {}),
    items: d.items.map((i) => ({
      numero_item: i.numero,
      codigo_produto: i.codigo,
      descricao: i.descricao,
      codigo_ncm: i.ncm,
      ...(i.cest ? { cest: i.cest } : {}),
      cfop: i.cfop,
      codigo_barras_comercial: i.gtin,
      codigo_barras_tributavel: i.gtin,
      unidade_comercial: i.unidade,
      quantidade_comercial: i.quantidade,
      valor_unitario_comercial: reais(i.unitCents),
      unidade_tributavel: i.unidade,
      quantidade_tributavel: i.quantidade,
      valor_unitario_tributavel: reais(i.unitCents),
      valor_bruto: reais(i.brutoCents),
      ...(i.descontoCents ? { valor_desconto: reais(i.descontoCents) } : {}),
      ...(i.freteCents ? { valor_frete: reais(i.freteCents) } : {}),
      inclui_no_total: 1,
      icms_origem: i.origem,
      icms_situacao_tributaria: i.icmsSituacao,
      pis_situacao_tributaria: i.pisCst,
      cofins_situacao_tributaria: i.cofinsCst,
    })),
  }
}

const answerSchema = z.object({
  status: z.enum(['processando_autorizacao', 'autorizado', 'cancelado', 'erro_autorizacao', 'denegado']),
  status_sefaz: z.union([z.string(), z.number()]).nullish(),
  mensagem_sefaz: z.string().nullish(),
  chave_nfe: z.string().nullish(),
  numero: z.union([z.string(), z.number()]).nullish(),
  serie: z.union([z.string(), z.number()]).nullish(),
  caminho_xml_nota_fiscal: z.string().nullish(),
  caminho_danfe: z.string().nullish(),
  protocolo: z.string().nullish(),
  protocolo_nota_fiscal: z
    .object({ numero_protocolo: z.union([z.string(), z.number()]).nullish() })
    .partial()
    .nullish(),
})
const errorSchema = z.object({
  codigo: z.string().optional(),
  mensagem: z.string().optional(),
  erros: z.array(z.object({ mensagem: z.string() }).partial()).optional(),
})
const cancelSchema = z.object({
  status: z.enum(['cancelado', 'erro_cancelamento']),
  mensagem_sefaz: z.string().nullish(),
  status_sefaz: z.union([z.string(), z.number()]).nullish(),
})

/** A file path of an answer: on the API's own host, never another one. */
const safePath = (p: string) => /^\/[^/\\]/.test(p) && !p.includes('..')

/** The answer of a consultation as the store's state; a malformed one is the provider's fault (retried). */
export function stateOf(raw: unknown): InvoiceState {
  const parsed = answerSchema.safeParse(raw)
  if (!parsed.success) throw new FiscalUnavailable('resposta fora do formato')
  const a = parsed.data
  const sefaz = [a.status_sefaz, a.mensagem_sefaz].filter(Boolean).join(' — ')
  switch (a.status) {
    case 'processando_autorizacao':
      return { status: 'processando' }
    case 'erro_autorizacao':
      return { status: 'rejeitada', message: sefaz || 'Erro de autorização', final: false }
    case 'denegado':
      return { status: 'rejeitada', message: `Denegada: ${sefaz}`, final: true }
    case 'cancelado':
      return { status: 'cancelada', message: sefaz }
    case 'autorizado': {
      const key = (a.chave_nfe ?? '').replace(/^NFe/, '')
      if (!isAccessKey(key)) throw new FiscalUnavailable('chave de acesso inválida na resposta')
      const number = Number(a.numero)
      const series = Number(a.serie)
      if (!Number.isInteger(number) || number < 1 || !Number.isInteger(series) || series < 0)
        throw new FiscalUnavailable('número ou série inválidos na resposta')
      if (!a.caminho_xml_nota_fiscal || !a.caminho_danfe || !safePath(a.caminho_xml_nota_fiscal) || !safePath(a.caminho_danfe))
        throw new FiscalUnavailable('caminhos do XML e do DANFE ausentes na resposta')
      const protocol = a.protocolo ?? (a.protocolo_nota_fiscal?.numero_protocolo != null ? String(a.protocolo_nota_fiscal.numero_protocolo) : null)
      return { status: 'autorizada', accessKey: key, number, series, protocol, message: sefaz, xmlPath: a.caminho_xml_nota_fiscal, danfePath: a.caminho_danfe }
    }
  }
}

function refusalText(raw: unknown): string {
  const e = errorSchema.safeParse(raw)
  if (!e.success) return 'Requisição recusada pelo provedor'
  const details = (e.data.erros ?? []).map((x) => x.mensagem).filter(Boolean)
  return [e.data.mensagem ?? e.data.codigo ?? 'Requisição recusada', ...details].join('; ')
}

export function createFocusNfeProvider(config: FocusNfeConfig): FiscalProvider {
  const base = config.apiUrl.replace(/\/$/, '')
  const auth = `Basic ${Buffer.from(`${config.token}:`).toString('base64')}`
  const timeoutMs = config.timeoutMs ?? FOCUSNFE_TIMEOUT_MS

  async function call(method: string, path: string, body?: unknown): Promise<{ status: number; json: unknown; bytes: Buffer }> {
    const started = Date.now()
    let res: Response
    try {
      res = await fetch(`${base}${path}`, {
        method,
        headers: { Authorization: auth, Accept: 'application/json', ...(body ? { 'Content-Type': 'application/json' } : {}) },
        body: body ? JSON.stringify(body) : undefined,
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (err) {
      const timedOut = (err as Error).name === 'TimeoutError'
      config.log.warn({ provider: 'focusnfe', method, ms: Date.now() - started }, 'Focus NFe não respondeu')
      throw new FiscalUnavailable(timedOut ? `sem resposta em ${timeoutMs} ms` : 'sem conexão')
    }
    const bytes = Buffer.from(await res.arrayBuffer().catch(() => new ArrayBuffer(0)))
    const ms = Date.now() - started
    config.log.debug({ provider: 'focusnfe', method, status: res.status, ms }, 'Focus NFe')
    if (res.status === 401 || res.status === 403) throw new FiscalUnavailable('token recusado')
    if (res.status === 429 || res.status >= 500) throw new FiscalUnavailable(`HTTP ${res.status}`)
    let json: unknown = null
    if ((res.headers.get('content-type') ?? '').includes('json')) {
      try {
        json = JSON.parse(bytes.toString('utf8'))
      } catch {
        throw new FiscalUnavailable('resposta que não é JSON')
      }
    }
    return { status: res.status, json, bytes }
  }

  return {
    name: 'focusnfe',
    issues: true,
    async issue(ref, draft) {
      const res = await call('POST', `/v2/nfe?ref=${encodeURIComponent(ref)}`, focusBody(draft))
      // 400/422: the request itself refused (a field SEFAZ would never see): correct and issue again.
      if (res.status === 400 || res.status === 422) return { status: 'rejeitada', message: refusalText(res.json), final: false }
      if (res.status < 200 || res.status > 299) throw new FiscalUnavailable(`HTTP ${res.status}`)
      return stateOf(res.json)
    },
    async status(ref) {
      const res = await call('GET', `/v2/nfe/${encodeURIComponent(ref)}?completa=1`)
      if (res.status === 404) return { status: 'desconhecida' }
      if (res.status !== 200) throw new FiscalUnavailable(`HTTP ${res.status}`)
      return stateOf(res.json)
    },
    async cancel(ref, justificativa): Promise<CancelOutcome> {
      const res = await call('DELETE', `/v2/nfe/${encodeURIComponent(ref)}`, { justificativa })
      if (res.status === 400 || res.status === 422) return { status: 'erro_cancelamento', message: refusalText(res.json) }
      const parsed = cancelSchema.safeParse(res.json)
      if (!parsed.success) throw new FiscalUnavailable('resposta do cancelamento fora do formato')
      const message = [parsed.data.status_sefaz, parsed.data.mensagem_sefaz].filter(Boolean).join(' — ')
      return parsed.data.status === 'cancelado' ? { status: 'cancelada', message } : { status: 'erro_cancelamento', message }
    },
    async file(path) {
      if (!safePath(path)) throw new FiscalUnavailable('caminho de arquivo inválido')
      const res = await call('GET', path)
      if (res.status !== 200 || res.bytes.length === 0) throw new FiscalUnavailable(`arquivo: HTTP ${res.status}`)
      return res.bytes
    },
    verifyWebhook(authorization) {
      if (!config.webhookSecret || !authorization) return false
      const a = Buffer.from(authorization)
      const b = Buffer.from(config.webhookSecret)
      return a.length === b.length && timingSafeEqual(a, b)
    },
  }
}
