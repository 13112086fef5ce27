import { Hono, type Context } from 'hono'
import { newsletterRequestSchema, newsletterTokenRequestSchema } from '../../../contract/newsletter'
import { getDataMenu } from '../../domain/menu/menu'
import { confirmSubscription, subscribe, unsubscribe } from '../../domain/newsletter/newsletter'
import { isRefusal, type Refusal } from '../../domain/refusal'
import { clientIp, storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { sendJson } from '../encoding'
import { readJson } from '../validate'

export const menuApi = new Hono<AppBindings>()
  .get('/DataMenu/', async (c) => {
    const { db, session } = c.get('ctx')
    c.header('Cache-Control', 'private, no-store')
    // One answer object per personal and shared part: its JSON and gzip are made once (sendJson).
    const mine = session.current()
    return sendJson(c, await getDataMenu(db, mine?.id ?? null, mine?.along))
  })
  // The same answer whether or not the address is subscribed (double opt-in: server/domain/newsletter).
  .post('/newsletter/', async (c) => {
    const { email } = await readJson(c, newsletterRequestSchema)
    return done(c, await subscribe(c.get('ctx'), email, { ip: clientIp(c), origin: storeOrigin(c) }))
  })
  .post('/newsletter/confirmar/', async (c) => {
    const { token } = await readJson(c, newsletterTokenRequestSchema)
    return done(c, await confirmSubscription(c.get('ctx').db, token))
  })
  .post('/newsletter/sair/', async (c) => {
    const { token } = await readJson(c, newsletterTokenRequestSchema)
    return done(c, await unsubscribe(c.get('ctx').db, token))
  })

/** A newsletter call's answer: its sentence, or the refusal (thrown: answered as `{estado:'erro', msg}`). */
function done(c: Context<AppBindings>, result: { msg: string } | Refusal) {
  if (isRefusal(result)) throw result
  return c.json({ estado: 'sucesso' as const, msg: result.msg })
}
