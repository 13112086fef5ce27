import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import { alterarPedidoRequestSchema, atualizarVariacaoRequestSchema, carrinhoAddRequestSchema, carrinhoRmvRequestSchema } from '../../../contract/cart'
import { CART_MESSAGES } from '../../../contract/messages/cart'
import { CART, SHIPPING } from '../../../contract/messages/cart-reasons'
import { carrinhoCupomRemoverRequestSchema, carrinhoCupomRequestSchema } from '../../../contract/promotions'
import { freteEstimarRequestSchema, freteProdutoRequestSchema } from '../../../contract/shipping'
import { take } from '../../domain/account/limits'
import { addToCart, changeQuantity, changeVariation, listCart, removeFromCart, type CartSession } from '../../domain/cart'
import { applyCartCoupon, removeCartCoupon } from '../../domain/promotions/cart-coupon'
import { isRefusal, refuse } from '../../domain/refusal'
import { receiveLabelWebhook } from '../../domain/shipping/labels'
import { JSON_BODY_BYTES, readBody } from '../body'
import { pricingRules } from '../../domain/catalog/rules'
import { estimateShipping } from '../../domain/shipping/estimate'
import { quoteProduct } from '../../domain/shipping/product'
import { clientIp } from '../client'
import type { AppBindings } from '../context'
import { sendJson } from '../encoding'
import { noStore } from '../no-store'
import { answer } from '../refusal'
import { readJson } from '../validate'

type Handler = (c: Context<AppBindings>) => Promise<Response>

/** Line changes name a line of the session's cart: without a session there is none to name. */
function changeLine<S extends z.ZodType>(schema: S, change: (c: Context<AppBindings>, session: CartSession, input: z.infer<S>) => Promise<object>): Handler {
  return async (c) => {
    const input = await readJson(c, schema)
    const session = c.get('ctx').session.current()
    return answer(c, session ? await change(c, session, input) : refuse(CART.item))
  }
}

/** Every cart answer is one visitor's: `private, no-store`, refusals and bad input included (noStore). */
export const cartApi = new Hono<AppBindings>()
  .get('/listar-carrinho/', noStore, async (c) => {
    const ctx = c.get('ctx')
    try {
      // The lines come with the session's own statement (cartRowsRead, decision 0037).
      const session = ctx.session.current()
      return await sendJson(c, await listCart(ctx, session, session?.along))
    } catch (err) {
      // The panel reads `message` of a non-OK answer ('HTTP error! status: {code} - {message}').
      ctx.log.error({ err }, 'listar-carrinho failed')
      return c.json({ estado: 'erro', msg: CART_MESSAGES.indisponivel, message: CART_MESSAGES.indisponivel }, 500)
    }
  })
  .post('/carrinho/add/', noStore, async (c) => {
    const input = await readJson(c, carrinhoAddRequestSchema)
    const ctx = c.get('ctx')
    // The first add is what creates the visitor's session (and its cookie) and cart.
    return answer(c, await addToCart(ctx, await ctx.session.ensure(), input))
  })
  .post(
    '/carrinho/rmv/',
    noStore,
    changeLine(carrinhoRmvRequestSchema, (c, session, { id }) => removeFromCart(c.get('ctx'), session, id)),
  )
  .post(
    '/alterar-pedido/',
    noStore,
    changeLine(alterarPedidoRequestSchema, (c, session, input) => changeQuantity(c.get('ctx'), session, input)),
  )
  .post(
    '/atualizar-variacao/',
    noStore,
    changeLine(atualizarVariacaoRequestSchema, (c, session, input) => changeVariation(c.get('ctx'), session, input)),
  )
  .post('/carrinho/cupom/', noStore, async (c) => {
    const { codigo } = await readJson(c, carrinhoCupomRequestSchema)
    const ctx = c.get('ctx')
    return answer(c, await applyCartCoupon(ctx, ctx.session.current(), { codigo, ip: clientIp(c) }))
  })
  .post('/carrinho/cupom/remover/', noStore, async (c) => {
    await readJson(c, carrinhoCupomRemoverRequestSchema)
    const ctx = c.get('ctx')
    return answer(c, await removeCartCoupon(ctx, ctx.session.current()))
  })
  .post('/frete/estimar/', noStore, async (c) => {
    const { cep } = await readJson(c, freteEstimarRequestSchema)
    const ctx = c.get('ctx')
    if (!(await take(ctx.db, 'freteIp', clientIp(c)))) return answer(c, refuse(SHIPPING.muitasConsultas))
    // The session's cart as checkout counts it: its buyable lines, free from the store's threshold (decision 0031).
    return answer(c, await estimateShipping({ ...ctx, rules: pricingRules(ctx.store) }, ctx.session.current()?.id ?? null, cep))
  })
  // The product page stays one kept page for everyone: its "Calcular frete" is this call (decision 0128).
  .post('/frete/produto/', noStore, async (c) => {
    const { cep, ...product } = await readJson(c, freteProdutoRequestSchema)
    const ctx = c.get('ctx')
    if (!(await take(ctx.db, 'freteIp', clientIp(c)))) return answer(c, refuse(SHIPPING.muitasConsultas))
    return answer(c, await quoteProduct({ ...ctx, rules: pricingRules(ctx.store) }, { cep, ...product }))
  })
  // Melhor Envio's label events (the URL registered in its application): signed, then checked at its API (decision 0128).
  .post('/frete/webhook/', noStore, async (c) => {
    // The raw body exactly as sent: X-ME-Signature covers its bytes.
    const rawBody = new TextDecoder().decode(await readBody(c, JSON_BODY_BYTES))
    const ctx = c.get('ctx')
    const mail = { db: ctx.db, env: ctx.env, store: ctx.store, log: ctx.log }
    const outcome = await receiveLabelWebhook({ ...mail, mail }, rawBody, c.req.header('x-me-signature'))
    return answer(c, isRefusal(outcome) ? outcome : { estado: 'sucesso', aplicado: outcome.applied })
  })
