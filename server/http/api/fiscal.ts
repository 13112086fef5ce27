import { Hono } from 'hono'
import { z } from 'zod'
import { FISCAL } from '../../../contract/messages/fiscal'
import { fiscalProvider } from '../../domain/fiscal/gateway'
import { invoiceWebhook } from '../../domain/fiscal/invoice'
import { refuse } from '../../domain/refusal'
import { JSON_BODY_BYTES, readBody } from '../body'
import type { AppBindings } from '../context'
import { noStore } from '../no-store'
import { answer } from '../refusal'

const hookSchema = z.object({ ref: z.string().min(1).max(100) }).loose()

/**
 * POST /_next/api/nota-fiscal/webhook/ — Focus NFe's hook (gatilho) for NF-e: the call must carry the
 * Authorization the hook was created with (FOCUSNFE_WEBHOOK_SECRET). Its body only names the
 * reference: the store asks the provider itself (a poll job), so a forged status changes nothing.
 */
export const fiscalApi = new Hono<AppBindings>().post('/nota-fiscal/webhook/', noStore, async (c) => {
  const db = c.get('ctx').db
  if (!fiscalProvider(db).verifyWebhook(c.req.header('authorization'))) throw refuse(FISCAL.webhookRefused)
  const buffer = await readBody(c, JSON_BODY_BYTES)
  let body: unknown
  try {
    body = JSON.parse(new TextDecoder().decode(buffer))
  } catch {
    body = null
  }
  const parsed = hookSchema.safeParse(body)
  if (!parsed.success) throw refuse(FISCAL.webhookBody)
  return answer(c, { estado: 'sucesso', consultada: await invoiceWebhook(db, parsed.data.ref) })
})
