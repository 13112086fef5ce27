// The API's calls, declared once: the Hono routes (index.ts) and the OpenAPI document (openapi.ts)
// are both made from this table, so the document cannot drift from what the server does.
import type { Context } from 'hono'
import type { ContentfulStatusCode, SuccessStatusCode } from 'hono/utils/http-status'
import { type z } from 'zod'
import {
  invoiceRequestSchema,
  orderDetailSchema,
  orderListQuerySchema,
  orderPageSchema,
  productListQuerySchema,
  productPageSchema,
  productPatchSchema,
  productSchema,
  shipmentRequestSchema,
  stockAdjustSchema,
  stockAnswerSchema,
  stockSetSchema,
  webhookCreatedSchema,
  webhookCreateSchema,
  webhookListSchema,
  webhookRotatedSchema,
  webhookTestSchema,
} from '../../../contract/api-v1'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import { apiOrderDetail, listApiOrders } from '../../domain/integrations/api-orders'
import { adjustApiStock, apiProduct, listApiProducts, patchApiProduct, setApiStock } from '../../domain/integrations/api-products'
import type { ApiCaller, ApiScope } from '../../domain/integrations/keys'
import { createWebhook, listWebhooks, removeWebhook, rotateWebhookSecret, sendTestWebhook, type WebhookView } from '../../domain/integrations/webhooks'
import { setErpInvoice } from '../../domain/fiscal/erp-invoice'
import { advanceOrder } from '../../domain/order/status'
import { refuse, isRefusal, type Refusal } from '../../domain/refusal'
import type { Db } from '../../db/client'
import type { AppBindings } from '../context'
import { readQuery } from '../validate'

export type ApiRequest<B> = { c: Context<AppBindings>; caller: ApiCaller; body: B; param: (name: string) => string }
export type ApiResult = { status: ContentfulStatusCode | 204; body: object | Refusal }

export type ApiRoute = {
  method: 'get' | 'post' | 'put' | 'patch' | 'delete'
  /** OpenAPI's form: /pedidos/{codigo}. */
  path: string
  scope: ApiScope
  summary: string
  description?: string
  tag: 'Pedidos' | 'Produtos' | 'Webhooks'
  query?: z.ZodObject
  body?: z.ZodType
  response?: z.ZodType
  status: SuccessStatusCode
  /** Refusals it may answer besides 401, 403 and 429. */
  errors: number[]
  /** 'required': a POST that must carry Idempotency-Key; every other POST may. */
  idempotency?: 'required'
  handle: (req: ApiRequest<never>) => Promise<ApiResult>
}

const ok = (body: object | Refusal, status: ContentfulStatusCode | 204 = 200): ApiResult => ({ status, body })

const webhookOut = (w: WebhookView) => ({
  id: w.id,
  url: w.url,
  eventos: w.eventos,
  ativo: w.ativo,
  criado_em: w.criadoEm,
  segredo_anterior_valido_ate: w.segredoAnteriorAte,
})
const policy = (c: Context<AppBindings>) => ({ allowPrivate: c.get('ctx').env.WEBHOOKS_ALLOW_PRIVATE === 'true' })
const mailDeps = (c: Context<AppBindings>) => {
  const { db, env, store, log } = c.get('ctx')
  return { db, env, store, log }
}

/** A list call's common part: its query read with `query` (400/422 when it does not parse), the page answered as the domain gives it. */
const listing = <Q extends z.ZodObject>(query: Q, list: (db: Db, parsed: z.output<Q>) => Promise<object | Refusal>) => ({
  query,
  status: 200 as const,
  errors: [400, 422],
  handle: async ({ c }: ApiRequest<never>) => ok(await list(c.get('ctx').db, readQuery(c, query))),
})

/** A call on one webhook: its `{id}` read (anything but a positive whole number is 404), then `run`. */
const onWebhook =
  (run: (req: ApiRequest<never>, id: number) => Promise<ApiResult>) =>
  async (req: ApiRequest<never>): Promise<ApiResult> => {
    const id = Number(req.param('id'))
    return Number.isSafeInteger(id) && id >= 1 ? run(req, id) : ok(refuse(INTEGRATIONS.webhookNotFound))
  }

/** "Enviado" from wherever the order is before it: a paid order goes through "em separação" first, each step the back office's own. */
async function ship(c: Context<AppBindings>, caller: ApiCaller, code: string, body: z.output<typeof shipmentRequestSchema>): Promise<ApiResult> {
  const { db } = c.get('ctx')
  const current = await apiOrderDetail(db, code)
  if (!current) return ok(refuse(INTEGRATIONS.orderNotFound(code)))
  if (current.status === 'pago') {
    const step = await advanceOrder(db, { code, actor: caller.actor, expectedStatus: 'pago', mail: mailDeps(c) })
    if (isRefusal(step)) return ok(step)
  } else if (current.status !== 'em_separacao') return ok(refuse(INTEGRATIONS.shipNotAllowed(current.status)))
  const sent = await advanceOrder(db, {
    code,
    actor: caller.actor,
    expectedStatus: 'em_separacao',
    trackingCode: body.rastreio,
    carrier: body.transportadora,
    mail: mailDeps(c),
  })
  if (isRefusal(sent)) return ok(sent)
  return ok((await apiOrderDetail(db, code))!)
}

async function deliver(c: Context<AppBindings>, caller: ApiCaller, code: string): Promise<ApiResult> {
  const { db } = c.get('ctx')
  const current = await apiOrderDetail(db, code)
  if (!current) return ok(refuse(INTEGRATIONS.orderNotFound(code)))
  if (current.status !== 'enviado') return ok(refuse(INTEGRATIONS.deliverNotAllowed(current.status)))
  const done = await advanceOrder(db, { code, actor: caller.actor, expectedStatus: 'enviado', mail: mailDeps(c) })
  if (isRefusal(done)) return ok(done)
  return ok((await apiOrderDetail(db, code))!)
}

const orderOrMissing = async (c: Context<AppBindings>, code: string) =>
  (await apiOrderDetail(c.get('ctx').db, code)) ?? refuse(INTEGRATIONS.orderNotFound(code))

export const API_ROUTES: ApiRoute[] = [
  {
    method: 'get',
    path: '/pedidos',
    scope: 'pedidos:ler',
    tag: 'Pedidos',
    summary: 'Lista pedidos, do alterado há mais tempo ao mais recente',
    description:
      'Páginas por cursor: repita a chamada com cursor=proximo até proximo ser null. Para sincronizar, guarde o atualizado_em do último pedido e use atualizado_desde.',
    response: orderPageSchema,
    ...listing(orderListQuerySchema, listApiOrders),
  },
  {
    method: 'get',
    path: '/pedidos/{codigo}',
    scope: 'pedidos:ler',
    tag: 'Pedidos',
    summary: 'Um pedido: itens, comprador, endereço, pagamento, descontos, frete e nota fiscal',
    response: orderDetailSchema,
    status: 200,
    errors: [404],
    handle: async ({ c, param }) => ok(await orderOrMissing(c, param('codigo'))),
  },
  {
    method: 'put',
    path: '/pedidos/{codigo}/nota-fiscal',
    scope: 'pedidos:escrever',
    tag: 'Pedidos',
    summary: 'Informa a NF-e de venda emitida pelo ERP',
    description:
      'A chave de acesso é conferida (44 dígitos e dígito verificador). Repetir a mesma nota não muda nada; o evento nota_fiscal.emitida sai quando a nota é nova.',
    body: invoiceRequestSchema,
    response: orderDetailSchema,
    status: 200,
    errors: [404, 409, 422],
    handle: async ({ c, caller, param, body }: ApiRequest<z.output<typeof invoiceRequestSchema>>) => {
      const code = param('codigo')
      const set = await setErpInvoice(c.get('ctx').db, {
        code,
        accessKey: body.chave,
        number: body.numero,
        series: body.serie,
        xmlUrl: body.xml_url ?? null,
        actor: caller.actor,
      })
      return ok(isRefusal(set) ? set : await orderOrMissing(c, code))
    },
  },
  {
    method: 'post',
    path: '/pedidos/{codigo}/envio',
    scope: 'pedidos:escrever',
    tag: 'Pedidos',
    summary: 'Marca o pedido como enviado, com a transportadora e o código de rastreio',
    description: 'O comprador recebe o e-mail com o link de rastreio. Um pedido pago passa por "em separação" no caminho.',
    body: shipmentRequestSchema,
    response: orderDetailSchema,
    status: 200,
    errors: [404, 409, 422],
    handle: async ({ c, caller, param, body }: ApiRequest<z.output<typeof shipmentRequestSchema>>) => ship(c, caller, param('codigo'), body),
  },
  {
    method: 'post',
    path: '/pedidos/{codigo}/entrega',
    scope: 'pedidos:escrever',
    tag: 'Pedidos',
    summary: 'Marca um pedido enviado como entregue',
    response: orderDetailSchema,
    status: 200,
    errors: [404, 409],
    handle: async ({ c, caller, param }) => deliver(c, caller, param('codigo')),
  },
  {
    method: 'get',
    path: '/produtos',
    scope: 'produtos:ler',
    tag: 'Produtos',
    summary: 'Lista produtos com variações, por ordem de cadastro',
    response: productPageSchema,
    ...listing(productListQuerySchema, listApiProducts),
  },
  {
    method: 'get',
    path: '/produtos/{sku}',
    scope: 'produtos:ler',
    tag: 'Produtos',
    summary: 'Um produto pelo SKU, com variações, preços e estoque',
    response: productSchema,
    status: 200,
    errors: [404],
    handle: async ({ c, param }) => ok(await apiProduct(c.get('ctx').db, param('sku'))),
  },
  {
    method: 'patch',
    path: '/produtos/{sku}',
    scope: 'produtos:escrever',
    tag: 'Produtos',
    summary: 'Altera o preço e/ou o preço "de" (riscado)',
    description: 'Opções com o mesmo preço do produto acompanham o novo preço, como no editor do painel. preco_de null remove o preço riscado.',
    body: productPatchSchema,
    response: productSchema,
    status: 200,
    errors: [404, 409, 422],
    handle: async ({ c, caller, param, body }: ApiRequest<z.output<typeof productPatchSchema>>) =>
      ok(await patchApiProduct(c.get('ctx').db, { sku: param('sku'), patch: body, actor: caller.actor })),
  },
  {
    method: 'put',
    path: '/produtos/{sku}/estoque',
    scope: 'estoque:escrever',
    tag: 'Produtos',
    summary: 'Define o estoque (valor absoluto)',
    body: stockSetSchema,
    response: stockAnswerSchema,
    status: 200,
    errors: [404, 409, 422],
    handle: async ({ c, caller, param, body }: ApiRequest<z.output<typeof stockSetSchema>>) =>
      ok(await setApiStock(c.get('ctx').db, { sku: param('sku'), quantity: body.quantidade, option: body.opcao, actor: caller.actor })),
  },
  {
    method: 'post',
    path: '/produtos/{sku}/estoque/ajustes',
    scope: 'estoque:escrever',
    tag: 'Produtos',
    summary: 'Ajusta o estoque somando delta (relativo), uma vez por Idempotency-Key',
    body: stockAdjustSchema,
    response: stockAnswerSchema,
    status: 201,
    errors: [404, 409, 422],
    idempotency: 'required',
    handle: async ({ c, caller, param, body }: ApiRequest<z.output<typeof stockAdjustSchema>>) => {
      const done = await adjustApiStock(c.get('ctx').db, { sku: param('sku'), delta: body.delta, reason: body.motivo, option: body.opcao, actor: caller.actor })
      return ok(done, 201)
    },
  },
  {
    method: 'post',
    path: '/webhooks',
    scope: 'webhooks:gerenciar',
    tag: 'Webhooks',
    summary: 'Cadastra um webhook; o segredo (whsec_…) vem só nesta resposta',
    description: 'Só URLs https que apontam para endereços públicos. As mensagens seguem o Standard Webhooks.',
    body: webhookCreateSchema,
    response: webhookCreatedSchema,
    status: 201,
    errors: [409, 422],
    handle: async ({ c, caller, body }: ApiRequest<z.output<typeof webhookCreateSchema>>) => {
      const made = await createWebhook(c.get('ctx').db, { url: body.url, events: body.eventos, actor: caller.actor, apiKeyId: caller.keyId, policy: policy(c) })
      return ok(isRefusal(made) ? made : { ...webhookOut(made), segredo: made.segredo }, 201)
    },
  },
  {
    method: 'get',
    path: '/webhooks',
    scope: 'webhooks:gerenciar',
    tag: 'Webhooks',
    summary: 'Lista os webhooks cadastrados',
    response: webhookListSchema,
    status: 200,
    errors: [],
    handle: async ({ c }) => ok({ dados: (await listWebhooks(c.get('ctx').db)).map(webhookOut) }),
  },
  {
    method: 'delete',
    path: '/webhooks/{id}',
    scope: 'webhooks:gerenciar',
    tag: 'Webhooks',
    summary: 'Remove um webhook',
    status: 204,
    errors: [404],
    handle: onWebhook(async ({ c, caller }, id) => {
      const done = await removeWebhook(c.get('ctx').db, { id, actor: caller.actor })
      return isRefusal(done) ? ok(done) : { status: 204, body: {} }
    }),
  },
  {
    method: 'post',
    path: '/webhooks/{id}/teste',
    scope: 'webhooks:gerenciar',
    tag: 'Webhooks',
    summary: 'Envia agora uma mensagem webhook.teste assinada e diz o que o receptor respondeu',
    response: webhookTestSchema,
    status: 200,
    errors: [404],
    handle: onWebhook(async ({ c }, id) => {
      const sent = await sendTestWebhook(c.get('ctx').db, { id, policy: policy(c) })
      return ok(isRefusal(sent) ? sent : { entregue: sent.entregue, status: sent.status, duracao_ms: sent.duracaoMs, erro: sent.erro })
    }),
  },
  {
    method: 'post',
    path: '/webhooks/{id}/rotacionar-segredo',
    scope: 'webhooks:gerenciar',
    tag: 'Webhooks',
    summary: 'Troca o segredo do webhook; o novo (whsec_…) vem só nesta resposta',
    description:
      'Por 24 horas cada mensagem leva duas assinaturas em webhook-signature, separadas por espaço (Standard Webhooks): uma com o segredo novo e outra com o anterior. Troque o segredo no receptor nesse prazo; depois o anterior deixa de assinar. Uma nova rotação nesse meio-tempo descarta o segredo mais antigo na hora.',
    response: webhookRotatedSchema,
    status: 200,
    errors: [404],
    handle: onWebhook(async ({ c, caller }, id) => {
      const rotated = await rotateWebhookSecret(c.get('ctx').db, { id, actor: caller.actor })
      return ok(isRefusal(rotated) ? rotated : { ...webhookOut(rotated), segredo: rotated.segredo })
    }),
  },
]
