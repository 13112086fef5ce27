import { Hono } from 'hono'
import { newsletterRequestSchema } from '../../../contract/newsletter'
import { getDataMenu } from '../../domain/menu/menu'
import { subscribe } from '../../domain/newsletter/newsletter'
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
  .post('/newsletter/', async (c) => {
    const { db } = c.get('ctx')
    const { email } = await readJson(c, newsletterRequestSchema)
    const result = await subscribe(db, email)
    return c.json({
      estado: 'sucesso' as const,
      msg: result.novo ? 'Inscrição confirmada! Você vai receber nossas ofertas por e-mail.' : 'Este e-mail já está inscrito na nossa newsletter.',
    })
  })
