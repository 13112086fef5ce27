// A fake Focus NFe on loopback for the tests, answering as its API documentation (NFe, v2) describes
// (docs/decisions/0129-nfe.md): HTTP Basic with the token as the user; POST /v2/nfe?ref=REF checks the
// fields the documentation requires (issuer, recipient with CPF or CNPJ, items with NCM, CFOP, origin,
// CSOSN/CST, unit, quantity, unit price, gross value equal to quantity × price, a GTIN with its check
// digit or "SEM GTIN", and totals that add up) and answers 202 processando_autorizacao; GET
// /v2/nfe/REF answers processando_autorizacao once, then autorizado with a valid 44-digit key (or
// erro_autorizacao when told to reject); a rejected reference may be sent again; DELETE /v2/nfe/REF
// cancels an authorized note with a justification of 15 to 255 characters. Failures on demand.
import { randomInt } from 'node:crypto'
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http'
import type { AddressInfo } from 'node:net'
import { accessKeyCheckDigit, isAccessKey, isGtin } from '../../contract/fiscal'

export const FAKE_FOCUS = { token: 'fake-focusnfe-token-de-homologacao' }

type Json = Record<string, unknown>
type Note = {
  status: 'processando_autorizacao' | 'autorizado' | 'erro_autorizacao' | 'cancelado'
  body: Json
  polls: number
  key?: string
  numero?: number
  mensagem?: string
  posts: number
}
export type FocusFailure = '500' | 'timeout' | 'malformed_key'

const UF_CODES: Record<string, string> = { SP: '35', RJ: '33', MG: '31', PR: '41', RS: '43', SC: '42', BA: '29', DF: '53', AM: '13', PE: '26' }
const num = (v: unknown) => (typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? Number(v) : Number.NaN)
const cents = (v: unknown) => Math.round(num(v) * 100)
const digits = (v: unknown, n: number) => typeof v === 'string' && new RegExp(`^\\d{${n}}$`).test(v)

/** The documented required fields; each problem as {campo, mensagem}. */
export function validateNfe(b: Json): Array<{ campo: string; mensagem: string }> {
  const errs: Array<{ campo: string; mensagem: string }> = []
  const need = (campo: string, ok: boolean, mensagem = 'inválido ou ausente') => ok || errs.push({ campo, mensagem })
  for (const f of [
    'natureza_operacao',
    'data_emissao',
    'nome_emitente',
    'logradouro_emitente',
    'numero_emitente',
    'bairro_emitente',
    'municipio_emitente',
    'nome_destinatario',
    'logradouro_destinatario',
    'numero_destinatario',
    'bairro_destinatario',
    'municipio_destinatario',
  ])
    need(f, typeof b[f] === 'string' && (b[f] as string).trim() !== '')
  need('tipo_documento', b.tipo_documento === 0 || b.tipo_documento === 1)
  need('finalidade_emissao', [1, 2, 3, 4].includes(b.finalidade_emissao as number))
  need('local_destino', [1, 2, 3].includes(b.local_destino as number))
  need('presenca_comprador', [0, 1, 2, 3, 4, 9].includes(b.presenca_comprador as number))
  need('modalidade_frete', [0, 1, 2, 9].includes(b.modalidade_frete as number))
  need('cnpj_emitente', digits(b.cnpj_emitente, 14))
  need('inscricao_estadual_emitente', typeof b.inscricao_estadual_emitente === 'string' && /^(\d{2,14}|ISENTO)$/.test(b.inscricao_estadual_emitente))
  need('regime_tributario_emitente', [1, 2, 3].includes(b.regime_tributario_emitente as number))
  need('uf_emitente', typeof b.uf_emitente === 'string' && b.uf_emitente in UF_CODES)
  need('uf_destinatario', typeof b.uf_destinatario === 'string' && /^[A-Z]{2}$/.test(b.uf_destinatario))
  need('cep_destinatario', digits(b.cep_destinatario, 8))
  const cpf = b.cpf_destinatario !== undefined
  const cnpj = b.cnpj_destinatario !== undefined
  need('cpf_destinatario', cpf !== cnpj, 'informe CPF ou CNPJ do destinatário, um só')
  if (cpf) need('cpf_destinatario', digits(b.cpf_destinatario, 11))
  if (cnpj) need('cnpj_destinatario', typeof b.cnpj_destinatario === 'string' && /^[0-9A-Z]{12}\d{2}$/.test(b.cnpj_destinatario))
  need('indicador_inscricao_estadual_destinatario', [1, 2, 9].includes(b.indicador_inscricao_estadual_destinatario as number))
  if (b.indicador_inscricao_estadual_destinatario === 1)
    need('inscricao_estadual_destinatario', typeof b.inscricao_estadual_destinatario === 'string' && /^\d{2,14}$/.test(b.inscricao_estadual_destinatario))
  if (b.finalidade_emissao === 4) {
    const refs = b.notas_referenciadas as Array<{ chave_nfe?: string }> | undefined
    need(
      'notas_referenciadas',
      Array.isArray(refs) && refs.length > 0 && refs.every((r) => typeof r.chave_nfe === 'string' && isAccessKey(r.chave_nfe)),
      'a devolução referencia a chave da nota original',
    )
    // SEFAZ: a note of finalidade devolução carries no payment (tPag 90, Sem pagamento).
    const pag = b.formas_pagamento as Array<{ forma_pagamento?: string; valor_pagamento?: number }> | undefined
    need(
      'formas_pagamento',
      Array.isArray(pag) && pag.length === 1 && pag[0].forma_pagamento === '90' && num(pag[0].valor_pagamento) === 0,
      'devolução sem pagamento: forma_pagamento 90',
    )
    need('tipo_documento', b.tipo_documento === 0, 'devolução de venda é nota de entrada')
  }
  const items = b.items as Json[] | undefined
  if (!Array.isArray(items) || items.length === 0) {
    need('items', false, 'a nota precisa de ao menos um item')
    return errs
  }
  let produtos = 0
  let desconto = 0
  let frete = 0
  const interstate = b.local_destino === 2
  items.forEach((i, n) => {
    const at = (f: string) => `items[${n}].${f}`
    need(at('numero_item'), i.numero_item === n + 1, 'numeração sequencial a partir de 1')
    need(at('codigo_produto'), typeof i.codigo_produto === 'string' && i.codigo_produto !== '')
    need(at('descricao'), typeof i.descricao === 'string' && i.descricao !== '')
    need(at('codigo_ncm'), digits(i.codigo_ncm, 8), 'NCM de 8 dígitos')
    need(at('cfop'), digits(i.cfop, 4))
    if (digits(i.cfop, 4)) {
      const first = (i.cfop as string)[0]
      const expected = b.tipo_documento === 1 ? (interstate ? '6' : '5') : interstate ? '2' : '1'
      need(at('cfop'), first === expected, `CFOP ${i.cfop} não corresponde ao local de destino`)
    }
    need(at('icms_origem'), Number.isInteger(i.icms_origem) && (i.icms_origem as number) >= 0 && (i.icms_origem as number) <= 8)
    need(at('icms_situacao_tributaria'), typeof i.icms_situacao_tributaria === 'string' && /^\d{2,3}$/.test(i.icms_situacao_tributaria))
    need(at('pis_situacao_tributaria'), digits(i.pis_situacao_tributaria, 2))
    need(at('cofins_situacao_tributaria'), digits(i.cofins_situacao_tributaria, 2))
    need(at('unidade_comercial'), typeof i.unidade_comercial === 'string' && i.unidade_comercial !== '')
    for (const g of ['codigo_barras_comercial', 'codigo_barras_tributavel'])
      need(at(g), i[g] === 'SEM GTIN' || (typeof i[g] === 'string' && isGtin(i[g] as string)), 'GTIN inválido')
    const qty = num(i.quantidade_comercial)
    need(at('quantidade_comercial'), qty > 0)
    const bruto = cents(i.valor_bruto)
    need(at('valor_bruto'), Math.abs(Math.round(qty * cents(i.valor_unitario_comercial)) - bruto) <= 1, 'valor bruto diferente de quantidade × valor unitário')
    produtos += bruto
    desconto += i.valor_desconto === undefined ? 0 : cents(i.valor_desconto)
    frete += i.valor_frete === undefined ? 0 : cents(i.valor_frete)
  })
  need('valor_produtos', cents(b.valor_produtos) === produtos, 'soma dos itens')
  need('valor_desconto', cents(b.valor_desconto ?? 0) === desconto, 'soma dos descontos dos itens')
  need('valor_frete', cents(b.valor_frete ?? 0) === frete, 'soma dos fretes dos itens')
  need('valor_total', cents(b.valor_total) === produtos - desconto + frete, 'produtos − desconto + frete')
  return errs
}

export async function startFakeFocusNfe() {
  const notes = new Map<string, Note>()
  const received: Array<{ method: string; path: string; body: Json | null }> = []
  let failures: FocusFailure[] = []
  const rejections: string[] = []
  let nextNumber = 1

  const send = (res: ServerResponse, status: number, body: unknown, type = 'application/json; charset=utf-8') => {
    res.writeHead(status, { 'Content-Type': type })
    res.end(typeof body === 'string' || Buffer.isBuffer(body) ? body : JSON.stringify(body))
  }
  const authorize = (note: Note, malformed: boolean) => {
    const b = note.body
    const aamm = String(b.data_emissao).slice(2, 4) + String(b.data_emissao).slice(5, 7)
    note.numero = nextNumber++
    const first43 = `${UF_CODES[b.uf_emitente as string]}${aamm}${b.cnpj_emitente}55001${String(note.numero).padStart(9, '0')}1${String(randomInt(1e8)).padStart(8, '0')}`
    const dv = accessKeyCheckDigit(first43)
    note.key = `${first43}${malformed ? (dv + 1) % 10 : dv}`
    note.status = 'autorizado'
  }
  const answer = (ref: string, note: Note, full: boolean) => {
    const base = { cnpj_emitente: note.body.cnpj_emitente, ref, status: note.status }
    if (note.status === 'processando_autorizacao') return base
    if (note.status === 'erro_autorizacao') return { ...base, status_sefaz: '778', mensagem_sefaz: note.mensagem }
    const aamm = note.key!.slice(2, 6)
    return {
      ...base,
      status_sefaz: note.status === 'cancelado' ? '135' : '100',
      mensagem_sefaz: note.status === 'cancelado' ? 'Evento registrado e vinculado a NF-e' : 'Autorizado o uso da NF-e',
      chave_nfe: `NFe${note.key}`,
      numero: String(note.numero),
      serie: '1',
      caminho_xml_nota_fiscal: `/arquivos_development/${note.body.cnpj_emitente}/${aamm}/XMLs/${note.key}-nfe.xml`,
      caminho_danfe: `/arquivos_development/${note.body.cnpj_emitente}/${aamm}/DANFEs/${note.key}.pdf`,
      ...(full ? { protocolo_nota_fiscal: { numero_protocolo: `1352${String(note.numero).padStart(11, '0')}` } } : {}),
    }
  }

  const server = createServer(async (req: IncomingMessage, res: ServerResponse) => {
    const chunks: Buffer[] = []
    for await (const c of req) chunks.push(c as Buffer)
    const text = Buffer.concat(chunks).toString('utf8')
    let json: Json | null = null
    try {
      json = text ? (JSON.parse(text) as Json) : null
    } catch {
      json = null
    }
    const url = new URL(req.url ?? '/', 'http://fake')
    received.push({ method: req.method ?? '', path: url.pathname + url.search, body: json })
    const failure = failures.shift()
    if (failure === 'timeout') return setTimeout(() => send(res, 504, {}), 15_000).unref()
    if (failure === '500') return send(res, 500, { codigo: 'erro_interno' })
    const expected = `Basic ${Buffer.from(`${FAKE_FOCUS.token}:`).toString('base64')}`
    if (req.headers.authorization !== expected) return send(res, 401, { codigo: 'nao_autorizado', mensagem: 'Token de acesso inválido' })

    const file = /^\/arquivos_development\/\d{14}\/\d{4}\/(XMLs|DANFEs)\/(\d{44})(-nfe\.xml|\.pdf)$/.exec(url.pathname)
    if (req.method === 'GET' && file) {
      const known = [...notes.values()].some((n) => n.key === file[2])
      if (!known) return send(res, 404, 'not found', 'text/plain')
      return file[1] === 'XMLs'
        ? send(res, 200, `<?xml version="1.0"?><nfeProc><NFe><infNFe Id="NFe${file[2]}"/></NFe></nfeProc>`, 'application/xml')
        : send(res, 200, Buffer.from(`%PDF-1.4 DANFE ${file[2]}`), 'application/pdf')
    }
    if (req.method === 'POST' && url.pathname === '/v2/nfe') {
      const ref = url.searchParams.get('ref')
      if (!ref) return send(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Parâmetro ref ausente' })
      if (!json) return send(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Corpo JSON inválido' })
      const existing = notes.get(ref)
      if (existing && existing.status !== 'erro_autorizacao')
        return send(res, 422, {
          codigo: 'already_processed',
          mensagem: `Nota fiscal já ${existing.status === 'autorizado' ? 'autorizada' : 'em processamento'} com esta referência`,
        })
      const errors = validateNfe(json)
      if (errors.length) return send(res, 422, { codigo: 'requisicao_invalida', mensagem: 'Requisição inválida', erros: errors })
      notes.set(ref, { status: 'processando_autorizacao', body: json, polls: 0, posts: (existing?.posts ?? 0) + 1 })
      return send(res, 202, { cnpj_emitente: json.cnpj_emitente, ref, status: 'processando_autorizacao' })
    }
    const one = /^\/v2\/nfe\/([^/]+)$/.exec(url.pathname)
    if (one) {
      const ref = decodeURIComponent(one[1])
      const note = notes.get(ref)
      if (!note) return send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Nota fiscal não encontrada' })
      if (req.method === 'GET') {
        // Processing once, then SEFAZ's answer.
        if (note.status === 'processando_autorizacao' && note.polls++ >= 1) {
          const rejection = rejections.shift()
          if (rejection) {
            note.status = 'erro_autorizacao'
            note.mensagem = rejection
          } else authorize(note, failure === 'malformed_key')
        }
        return send(res, 200, answer(ref, note, url.searchParams.get('completa') === '1'))
      }
      if (req.method === 'DELETE') {
        const j = typeof json?.justificativa === 'string' ? json.justificativa : ''
        if (j.length < 15 || j.length > 255)
          return send(res, 400, { codigo: 'requisicao_invalida', mensagem: 'Justificativa deve conter de 15 a 255 caracteres' })
        if (note.status !== 'autorizado') return send(res, 422, { codigo: 'nfe_nao_autorizada', mensagem: 'Nota fiscal não autorizada não pode ser cancelada' })
        note.status = 'cancelado'
        return send(res, 200, {
          status: 'cancelado',
          status_sefaz: '135',
          mensagem_sefaz: 'Evento registrado e vinculado a NF-e',
          caminho_xml_cancelamento: `/arquivos_development/${note.body.cnpj_emitente}/${note.key!.slice(2, 6)}/XMLs/${note.key}-can.xml`,
        })
      }
    }
    return send(res, 404, { codigo: 'nao_encontrado', mensagem: 'Recurso não encontrado' })
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.address() as AddressInfo
  return {
    url: `http://127.0.0.1:${port}`,
    notes,
    received,
    /** The next answers fail this way, in order ('malformed_key': the authorization's key has a wrong check digit). */
    fail(...next: FocusFailure[]) {
      failures = next
    },
    /** The next notes SEFAZ decides on are rejected with these messages. */
    reject(...messages: string[]) {
      rejections.push(...messages)
    },
    reset() {
      failures = []
      rejections.length = 0
      received.length = 0
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }
}
export type FakeFocusNfe = Awaited<ReturnType<typeof startFakeFocusNfe>>
