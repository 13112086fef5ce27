import { Hono } from 'hono'
import {
  approveRequestSchema,
  emptyRequestSchema,
  messageIdParamsSchema,
  messageReplyRequestSchema,
  moderateRequestSchema,
  receiveRequestSchema,
  refundReturnRequestSchema,
  refuseReturnRequestSchema,
  returnIdParamsSchema,
  reviewIdParamsSchema,
} from '../../../contract/admin/after-sale'
import { CONTACT, CONTACT_DONE } from '../../../contract/messages/contact'
import { RETURNS, RETURNS_DONE } from '../../../contract/messages/returns'
import { moderatedSentence, REVIEWS } from '../../../contract/messages/reviews'
import { approveReturn, receiveReturn, refundReturn, RETURN_STEPS } from '../../domain/after-sale/admin-returns'
import { refuseReturn } from '../../domain/after-sale/return-refusal'
import { closeMessage, replyToMessage } from '../../domain/contact/admin'
import { isRefusal } from '../../domain/refusal'
import { moderateReview } from '../../domain/review/moderate'
import { storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { requireStaff } from './guard'
import { answer, paramsOf } from './respond'

/** A change of a return or a message, answered with its id and new status. */
const moved = (msg: string) => (row: { id: number; status: string }) => ({ msg, id: row.id, situacao: row.status })

/**
 * After the sale in the back office, for scripts and integrations (the pages post to their own
 * actions, through the same domain functions): Avaliações (reviews:moderate), Mensagens
 * (messages:reply) and Devoluções (each step with its permission in RETURN_STEPS). Every write
 * writes its audit line in the change's own transaction.
 */
export const adminAfterSaleApi = new Hono<AppBindings>()
  .post('/avaliacoes/:id', async (c) => {
    const staff = await requireStaff(c, 'reviews:moderate')
    const { id } = paramsOf(c, reviewIdParamsSchema, REVIEWS.notFound)
    const input = await readJson(c, moderateRequestSchema)
    const result = await moderateReview(c.get('ctx').db, { id, status: input.situacao, reply: input.resposta, actor: staff.actor })
    if (isRefusal(result)) return answer(c, result)
    const { after } = result
    return answer(c, { msg: moderatedSentence(input.situacao, after.reply), id: after.id, situacao: after.status, resposta: after.reply ?? '' })
  })
  .post('/mensagens/:id/responder', async (c) => {
    const staff = await requireStaff(c, 'messages:reply')
    const { id } = paramsOf(c, messageIdParamsSchema, CONTACT.notFound)
    const { resposta } = await readJson(c, messageReplyRequestSchema)
    const result = await replyToMessage(c.get('ctx'), { id, reply: resposta, actor: staff.actor })
    return answer(c, isRefusal(result) ? result : moved(CONTACT_DONE.replied)(result))
  })
  .post('/mensagens/:id/encerrar', async (c) => {
    const staff = await requireStaff(c, 'messages:reply')
    const { id } = paramsOf(c, messageIdParamsSchema, CONTACT.notFound)
    await readJson(c, emptyRequestSchema)
    const result = await closeMessage(c.get('ctx').db, { id, actor: staff.actor })
    return answer(c, isRefusal(result) ? result : moved(CONTACT_DONE.closed)(result))
  })
  .post('/devolucoes/:id/aprovar', async (c) => {
    const staff = await requireStaff(c, RETURN_STEPS.aprovar.permission)
    const { id } = paramsOf(c, returnIdParamsSchema, RETURNS.notFound)
    await readJson(c, approveRequestSchema)
    const result = await approveReturn(c.get('ctx').db, { id, actor: staff.actor })
    return answer(c, isRefusal(result) ? result : moved(RETURNS_DONE.approved)(result))
  })
  .post('/devolucoes/:id/receber', async (c) => {
    const staff = await requireStaff(c, RETURN_STEPS.receber.permission)
    const { id } = paramsOf(c, returnIdParamsSchema, RETURNS.notFound)
    const { revenda } = await readJson(c, receiveRequestSchema)
    const result = await receiveReturn(c.get('ctx').db, { id, actor: staff.actor, resellable: revenda })
    return answer(c, isRefusal(result) ? result : moved(RETURNS_DONE.received(revenda.length > 0))(result))
  })
  .post('/devolucoes/:id/reembolsar', async (c) => {
    const staff = await requireStaff(c, RETURN_STEPS.reembolsar.permission)
    const { id } = paramsOf(c, returnIdParamsSchema, RETURNS.notFound)
    const { valorCents } = await readJson(c, refundReturnRequestSchema)
    const result = await refundReturn(c.get('ctx').db, { id, actor: staff.actor, expectedCents: valorCents })
    if (isRefusal(result)) return answer(c, result)
    return answer(c, {
      msg: RETURNS_DONE.refunded(result.amountCents, result.status),
      id,
      situacao: 'reembolsada' as const,
      valorCents: result.amountCents,
      reembolso: result.status,
    })
  })
  .post('/devolucoes/:id/recusar', async (c) => {
    const staff = await requireStaff(c, RETURN_STEPS.recusar.permission)
    const { id } = paramsOf(c, returnIdParamsSchema, RETURNS.notFound)
    const input = await readJson(c, refuseReturnRequestSchema)
    const ctx = c.get('ctx')
    const result = await refuseReturn({ db: ctx.db, mail: { ...ctx, origin: storeOrigin(c) } }, { ...input, id, actor: staff.actor })
    return answer(c, isRefusal(result) ? result : moved(RETURNS_DONE.refused)(result))
  })
