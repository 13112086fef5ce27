import { Hono, type Context } from 'hono'
import type { z } from 'zod'
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
import type { Reason } from '../../../contract/messages/reason'
import { RETURNS, RETURNS_DONE } from '../../../contract/messages/returns'
import { moderatedSentence, REVIEWS } from '../../../contract/messages/reviews'
import { approveReturn, receiveReturn, refundReturn, RETURN_STEPS } from '../../domain/after-sale/admin-returns'
import { refuseReturn } from '../../domain/after-sale/return-refusal'
import { closeMessage, replyToMessage } from '../../domain/contact/admin'
import type { Actor } from '../../domain/actor'
import { isRefusal, type Refusal } from '../../domain/refusal'
import type { Permission } from '../../domain/staff/permissions'
import { moderateReview } from '../../domain/review/moderate'
import { storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { requireStaff } from './guard'
import { answer, paramsOf } from './respond'

/**
 * A change of one return or message by staff with `permission`: the row's id from the path (none of
 * ours: `missing`), the body read with `body`, and the answer the row's id and new status with the
 * sentence `said` of the request.
 */
function moveRow<B extends z.ZodType>(
  permission: Permission,
  params: z.ZodType<{ id: number }>,
  missing: Reason,
  body: B,
  change: (c: Context<AppBindings>, id: number, input: z.output<B>, actor: Actor) => Promise<{ id: number; status: string } | Refusal>,
  said: (input: z.output<B>) => string,
) {
  return async (c: Context<AppBindings>) => {
    const staff = await requireStaff(c, permission)
    const { id } = paramsOf(c, params, missing)
    const input = await readJson(c, body)
    const row = await change(c, id, input, staff.actor)
    return answer(c, isRefusal(row) ? row : { msg: said(input), id: row.id, situacao: row.status })
  }
}

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
  .post(
    '/mensagens/:id/responder',
    moveRow(
      'messages:reply',
      messageIdParamsSchema,
      CONTACT.notFound,
      messageReplyRequestSchema,
      (c, id, { resposta }, actor) => replyToMessage(c.get('ctx'), { id, reply: resposta, actor }),
      () => CONTACT_DONE.replied,
    ),
  )
  .post(
    '/mensagens/:id/encerrar',
    moveRow(
      'messages:reply',
      messageIdParamsSchema,
      CONTACT.notFound,
      emptyRequestSchema,
      (c, id, _input, actor) => closeMessage(c.get('ctx').db, { id, actor }),
      () => CONTACT_DONE.closed,
    ),
  )
  .post(
    '/devolucoes/:id/aprovar',
    moveRow(
      RETURN_STEPS.aprovar.permission,
      returnIdParamsSchema,
      RETURNS.notFound,
      approveRequestSchema,
      (c, id, _input, actor) => approveReturn(c.get('ctx').db, { id, actor }),
      () => RETURNS_DONE.approved,
    ),
  )
  .post(
    '/devolucoes/:id/receber',
    moveRow(
      RETURN_STEPS.receber.permission,
      returnIdParamsSchema,
      RETURNS.notFound,
      receiveRequestSchema,
      (c, id, { revenda }, actor) => receiveReturn(c.get('ctx').db, { id, actor, resellable: revenda }),
      ({ revenda }) => RETURNS_DONE.received(revenda.length > 0),
    ),
  )
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
  .post(
    '/devolucoes/:id/recusar',
    moveRow(
      RETURN_STEPS.recusar.permission,
      returnIdParamsSchema,
      RETURNS.notFound,
      refuseReturnRequestSchema,
      (c, id, input, actor) => refuseReturn({ db: c.get('ctx').db, mail: { ...c.get('ctx'), origin: storeOrigin(c) } }, { ...input, id, actor }),
      () => RETURNS_DONE.refused,
    ),
  )
