import { Hono } from 'hono'
import {
  avaliarRequestSchema,
  cancelarPedidoRequestSchema,
  desistirRequestSchema,
  faleConoscoRequestSchema,
  pedidoCodigoParamsSchema,
} from '../../../contract/after-sale'
import { ORDERS } from '../../../contract/messages/orders'
import { contactSender, sendContactMessage } from '../../domain/contact/messages'
import { cancelByCustomer } from '../../domain/order/customer-cancel'
import { requestReturn } from '../../domain/after-sale/returns'
import { paymentProvider } from '../../domain/payment/gateway'
import { writeReview } from '../../domain/review/write'
import { refuse } from '../../domain/refusal'
import { clientIp, storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { noStore } from '../no-store'
import { answer } from '../refusal'
import { currentCustomer, requireCustomer } from '../require-customer'
import { readJson } from '../validate'

/** The order code of the path; a malformed one is no order at all (404, like another customer's). */
function orderCodeOf(raw: string | undefined): string {
  const parsed = pedidoCodigoParamsSchema.safeParse({ codigo: raw })
  if (!parsed.success) throw refuse(ORDERS.notFound())
  return parsed.data.codigo
}

/** After the sale: a buyer's review, 'Fale conosco', and withdrawing from an order. Never cached. */
export const afterSaleApi = new Hono<AppBindings>()
  .use('*', noStore)
  .post('/avaliacoes/', async (c) => {
    const { customerId } = requireCustomer(c.get('ctx'))
    const input = await readJson(c, avaliarRequestSchema)
    return answer(c, await writeReview(c.get('ctx').db, customerId, input))
  })
  .get('/fale-conosco/', async (c) => {
    const ctx = c.get('ctx')
    return c.json({ estado: 'sucesso' as const, cliente: await contactSender(ctx.db, currentCustomer(ctx)?.customerId ?? null) })
  })
  .post('/fale-conosco/', async (c) => {
    const ctx = c.get('ctx')
    const input = await readJson(c, faleConoscoRequestSchema)
    const customerId = currentCustomer(ctx)?.customerId ?? null
    return answer(c, await sendContactMessage({ ...ctx, db: ctx.db }, { customerId, ip: clientIp(c) }, input))
  })
  .post('/pedidos/:codigo/cancelar/', async (c) => {
    const ctx = c.get('ctx')
    const { customerId } = requireCustomer(ctx)
    const codigo = orderCodeOf(c.req.param('codigo'))
    const { motivo } = await readJson(c, cancelarPedidoRequestSchema)
    const deps = { provider: paymentProvider(ctx.db), mail: { ...ctx, origin: storeOrigin(c) } }
    return answer(c, await cancelByCustomer(ctx.db, { customerId, ip: clientIp(c) }, codigo, motivo, deps))
  })
  .post('/pedidos/:codigo/desistir/', async (c) => {
    const ctx = c.get('ctx')
    const { customerId } = requireCustomer(ctx)
    const codigo = orderCodeOf(c.req.param('codigo'))
    const input = await readJson(c, desistirRequestSchema)
    const mail = { ...ctx, origin: storeOrigin(c) }
    return answer(c, await requestReturn({ db: ctx.db, mail }, { customerId, ip: clientIp(c) }, codigo, input))
  })
