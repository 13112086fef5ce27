import { Hono } from 'hono'
import { avaliarRequestSchema, faleConoscoRequestSchema } from '../../../contract/after-sale'
import { sendContactMessage } from '../../domain/contact/messages'
import { writeReview } from '../../domain/review/write'
import { clientIp } from '../client'
import type { AppBindings } from '../context'
import { noStore } from '../no-store'
import { answer } from '../refusal'
import { currentCustomer, requireCustomer } from '../require-customer'
import { readJson } from '../validate'

/** After the sale (issue 22): a buyer's review and the 'Fale conosco' form. Never cached. */
export const afterSaleApi = new Hono<AppBindings>()
  .use('*', noStore)
  .post('/avaliacoes/', async (c) => {
    const { customerId } = requireCustomer(c.get('ctx'))
    const input = await readJson(c, avaliarRequestSchema)
    return answer(c, await writeReview(c.get('ctx').db, customerId, input))
  })
  .post('/fale-conosco/', async (c) => {
    const ctx = c.get('ctx')
    const input = await readJson(c, faleConoscoRequestSchema)
    const customerId = currentCustomer(ctx)?.customerId ?? null
    return answer(c, await sendContactMessage({ ...ctx, db: ctx.db }, { customerId, ip: clientIp(c) }, input))
  })
