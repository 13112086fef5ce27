import { Hono, type Context } from 'hono'
import {
  checkoutEnderecoRequestSchema,
  checkoutEnvioRequestSchema,
  checkoutPagamentoRequestSchema,
  checkoutStep1RequestSchema,
  checkoutStep2RequestSchema,
  finalizarRequestSchema,
  pedidoParamsSchema,
  simularPagamentoRequestSchema,
} from '../../../contract/checkout'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import { REQUEST } from '../../../contract/messages/request'
import {
  chooseAddress,
  choosePayment,
  chooseShipping,
  freightOptions,
  identification,
  identify,
  purchaseData,
  saveDelivery,
  summary,
} from '../../domain/checkout/checkout'
import type { CheckoutOwner } from '../../domain/checkout/record'
import { placeOrder } from '../../domain/order/place'
import { orderView } from '../../domain/order/view'
import { paymentProvider, sandboxOf } from '../../domain/payment/gateway'
import { simulatePayment } from '../../domain/payment/simulate'
import { receiveWebhook } from '../../domain/payment/webhook'
import type { AppBindings } from '../context'
import { storeOrigin } from '../client'
import { requireCustomer } from '../require-customer'
import { readJson } from '../validate'
import { JSON_BODY_BYTES, readBody } from '../body'
import { answer } from '../refusal'
import { isRefusal, refuse } from '../../domain/refusal'
import { noStore } from '../no-store'

/** The logged-in customer and their session (requireCustomer: 'auth', 401, before the body is read). */
function ownerOf(c: Context<AppBindings>): CheckoutOwner {
  const session = requireCustomer(c.get('ctx'))
  return { sessionId: session.id, customerId: session.customerId }
}

/**
 * Checkout, orders and payments (docs/requirements.md checkout calls, and ours: decisions 0024–0027). Handlers
 * parse with the contract, call one domain function and answer its value.
 */
export const checkoutApi = new Hono<AppBindings>()
  .post('/checkout/step/1/', noStore, async (c) => {
    const owner = ownerOf(c)
    return answer(c, await identify(c.get('ctx').db, owner, await readJson(c, checkoutStep1RequestSchema)))
  })
  .get('/checkout/1/', noStore, async (c) => answer(c, await identification(c.get('ctx').db, ownerOf(c))))
  .post('/checkout/step/2/', noStore, async (c) => {
    const owner = ownerOf(c)
    return answer(c, await saveDelivery(c.get('ctx'), owner, await readJson(c, checkoutStep2RequestSchema)))
  })
  .post('/checkout/endereco/', noStore, async (c) => {
    const owner = ownerOf(c)
    const { id } = await readJson(c, checkoutEnderecoRequestSchema)
    return answer(c, await chooseAddress(c.get('ctx').db, owner, id))
  })
  .post('/checkout/envio/', noStore, async (c) => {
    const owner = ownerOf(c)
    const ctx = c.get('ctx')
    return answer(c, await chooseShipping(ctx, owner, await readJson(c, checkoutEnvioRequestSchema)))
  })
  .post('/checkout/pagamento/', noStore, async (c) => {
    const owner = ownerOf(c)
    const ctx = c.get('ctx')
    return answer(c, await choosePayment(ctx.db, ctx.store, owner, await readJson(c, checkoutPagamentoRequestSchema)))
  })
  .get('/dados-compra/', noStore, async (c) => answer(c, await purchaseData(c.get('ctx'), ownerOf(c))))
  .get('/calcular-frete-qqer/', noStore, async (c) => answer(c, await freightOptions(c.get('ctx'), ownerOf(c))))
  .get('/checkout/resumo/', noStore, async (c) => {
    const ctx = c.get('ctx')
    const resumo = await summary(ctx, ownerOf(c))
    // A provider that tokenizes cards in the browser: the page needs its address and public key.
    const tokenizer = paymentProvider(ctx.db).cardTokenizer
    return answer(c, tokenizer && !isRefusal(resumo) ? { ...resumo, cartaoToken: { url: tokenizer.url, chavePublica: tokenizer.publicKey } } : resumo)
  })
  .post('/checkout/finalizar/', noStore, async (c) => {
    const owner = ownerOf(c)
    const ctx = c.get('ctx')
    const input = await readJson(c, finalizarRequestSchema)
    return answer(c, await placeOrder({ ...ctx, payments: paymentProvider(ctx.db), origin: storeOrigin(c) }, owner, input))
  })
  .get('/pedidos/:codigo/', noStore, async (c) => {
    const owner = ownerOf(c)
    const parsed = pedidoParamsSchema.safeParse({ codigo: c.req.param('codigo') })
    if (!parsed.success) throw refuse(CHECKOUT.pedido)
    const db = c.get('ctx').db
    return answer(c, await orderView(db, paymentProvider(db), owner.customerId, parsed.data.codigo))
  })
  .post('/pagamentos/simular/', noStore, async (c) => {
    // Only the demo's sandbox simulates: anywhere else the call does not exist.
    if (!sandboxOf(paymentProvider(c.get('ctx').db))) throw refuse(REQUEST.notFound)
    const owner = ownerOf(c)
    const { pedido } = await readJson(c, simularPagamentoRequestSchema)
    const db = c.get('ctx').db
    return answer(c, await simulatePayment(db, paymentProvider(db), owner.customerId, pedido, new Date(), c.get('ctx')))
  })
  .post('/pagamentos/webhook/', noStore, async (c) => {
    // The raw body exactly as sent: the signature covers its bytes.
    const buffer = await readBody(c, JSON_BODY_BYTES)
    const db = c.get('ctx').db
    const outcome = await receiveWebhook(
      db,
      paymentProvider(db),
      { rawBody: new TextDecoder().decode(buffer), headers: c.req.raw.headers, url: c.req.url },
      new Date(),
      c.get('ctx'),
    )
    return answer(c, isRefusal(outcome) ? outcome : { estado: 'sucesso', aplicado: outcome.aplicado })
  })
