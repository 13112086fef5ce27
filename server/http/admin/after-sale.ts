import { Hono, type Context } from 'hono'
import type { z } from 'zod'
import {
  emptyRequestSchema,
  messageIdParamsSchema,
  messageListQuerySchema,
  messageReplyRequestSchema,
  moderateRequestSchema,
  receiveRequestSchema,
  refundReturnRequestSchema,
  refuseReturnRequestSchema,
  returnIdParamsSchema,
  returnListQuerySchema,
  reviewIdParamsSchema,
  reviewListQuerySchema,
} from '../../../contract/admin/after-sale'
import { CONTACT_DONE } from '../../../contract/messages/contact'
import { formatBRL } from '../../../contract/money'
import type { Actor } from '../../domain/actor'
import { closeMessage, listMessagesForStaff, messageForStaff, replyToMessage } from '../../domain/contact/staff'
import type { Tx } from '../../domain/order/stock'
import { refuseReturn } from '../../domain/after-sale/return-refusal'
import { approveReturn, listReturnsForStaff, receiveReturn, refundReturn, returnForStaff } from '../../domain/after-sale/admin-returns'
import { paymentProvider } from '../../domain/payment/gateway'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { listReviewsForStaff } from '../../domain/review/admin-list'
import { moderateReview } from '../../domain/review/moderate'
import { recordAudit } from '../../domain/audit/record'
import type { AppBindings } from '../context'
import { storeOrigin } from '../client'
import { answerRefusal } from '../refusal'
import { readJson, readQuery } from '../validate'
import { fail, requireStaff } from './guard'

/** The `:id` of the path, or a 404 in the entity's words. */
function idOf(c: Context<AppBindings>, schema: z.ZodType<{ id: number }>, missing: string): number {
  const parsed = schema.safeParse({ id: c.req.param('id') })
  return parsed.success ? parsed.data.id : fail(refuse('not_found', missing))
}

const ok = (c: Context<AppBindings>, result: object | Refusal, msg: string) => (isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, msg, ...result }))
const read = (c: Context<AppBindings>, result: object | null, missing: string) => (result ? c.json({ estado: 'sucesso' as const, ...result }) : answerRefusal(c, refuse('not_found', missing)))

/** The audit callback the domain functions call inside their transaction: who, what, before and after. */
function auditAs<Row extends { id: number }>(actor: Actor, action: string, entity: string, pick: (row: Row) => Record<string, unknown>, extra: Record<string, unknown> = {}) {
  return (tx: Tx, change: { before: Row; after: Row }) =>
    recordAudit(tx, { actor, action, entity, entityId: String(change.after.id), before: pick(change.before), after: { ...pick(change.after), ...extra } })
}

const REVIEW_MISSING = 'Avaliação não encontrada.'
const MESSAGE_MISSING = 'Mensagem não encontrada.'
const RETURN_MISSING = 'Pedido de devolução não encontrado.'

/**
 * After the sale in the back office (issue 22): Avaliações (reviews:moderate), Mensagens
 * (messages:reply) and Devoluções (read with orders:read; approve, receive and refuse with returns:manage;
 * refund with orders:refund). Every write goes through the same domain function as the tests and
 * writes its audit line in the change's own transaction.
 */
export const adminAfterSaleApi = new Hono<AppBindings>()
  // ───────────── Avaliações ─────────────
  .get('/avaliacoes', async (c) => {
    await requireStaff(c, 'reviews:moderate')
    return c.json({ estado: 'sucesso' as const, ...(await listReviewsForStaff(c.get('ctx').db, readQuery(c, reviewListQuerySchema))) })
  })
  .post('/avaliacoes/:id', async (c) => {
    const staff = await requireStaff(c, 'reviews:moderate')
    const id = idOf(c, reviewIdParamsSchema, REVIEW_MISSING)
    const input = await readJson(c, moderateRequestSchema)
    const audit = auditAs<{ id: number; status: string; reply: string | null }>(staff.actor, 'avaliacao.moderar', 'review', (r) => ({ status: r.status, resposta: r.reply }))
    const result = await moderateReview(c.get('ctx').db, id, { status: input.situacao, reply: input.resposta }, new Date(), audit)
    if (isRefusal(result)) return answerRefusal(c, result)
    const { after } = result
    const msg = input.situacao === 'aprovada' ? 'Avaliação aprovada: já aparece na página do produto.' : input.situacao === 'oculta' ? 'Avaliação ocultada.' : input.situacao === 'pendente' ? 'Avaliação voltou a pendente.' : after.reply ? 'Resposta da loja salva.' : 'Resposta da loja removida.'
    return c.json({ estado: 'sucesso' as const, msg, id: after.id, situacao: after.status, resposta: after.reply ?? '' })
  })
  // ───────────── Mensagens ─────────────
  .get('/mensagens', async (c) => {
    await requireStaff(c, 'messages:reply')
    return c.json({ estado: 'sucesso' as const, ...(await listMessagesForStaff(c.get('ctx').db, readQuery(c, messageListQuerySchema))) })
  })
  .get('/mensagens/:id', async (c) => {
    await requireStaff(c, 'messages:reply')
    return read(c, await messageForStaff(c.get('ctx').db, idOf(c, messageIdParamsSchema, MESSAGE_MISSING)), MESSAGE_MISSING)
  })
  .post('/mensagens/:id/responder', async (c) => {
    const staff = await requireStaff(c, 'messages:reply')
    const id = idOf(c, messageIdParamsSchema, MESSAGE_MISSING)
    const { resposta } = await readJson(c, messageReplyRequestSchema)
    const result = await replyToMessage(c.get('ctx'), { id, reply: resposta, actor: staff.actor })
    return ok(c, isRefusal(result) ? result : { id: result.id, situacao: result.status }, CONTACT_DONE.replied)
  })
  .post('/mensagens/:id/encerrar', async (c) => {
    const staff = await requireStaff(c, 'messages:reply')
    const id = idOf(c, messageIdParamsSchema, MESSAGE_MISSING)
    await readJson(c, emptyRequestSchema)
    const result = await closeMessage(c.get('ctx').db, { id, actor: staff.actor })
    return ok(c, isRefusal(result) ? result : { id: result.id, situacao: result.status }, CONTACT_DONE.closed)
  })
  // ───────────── Devoluções ─────────────
  .get('/devolucoes', async (c) => {
    await requireStaff(c, 'orders:read')
    return c.json({ estado: 'sucesso' as const, ...(await listReturnsForStaff(c.get('ctx').db, readQuery(c, returnListQuerySchema))) })
  })
  .get('/devolucoes/:id', async (c) => {
    await requireStaff(c, 'orders:read')
    return read(c, await returnForStaff(c.get('ctx').db, idOf(c, returnIdParamsSchema, RETURN_MISSING)), RETURN_MISSING)
  })
  .post('/devolucoes/:id/aprovar', async (c) => {
    const staff = await requireStaff(c, 'returns:manage')
    const id = idOf(c, returnIdParamsSchema, RETURN_MISSING)
    await readJson(c, emptyRequestSchema)
    const result = await approveReturn(c.get('ctx').db, id, staff.actor, returnAudit(staff.actor, 'devolucao.aprovar'))
    return ok(c, isRefusal(result) ? result : { id: result.id, situacao: result.status }, 'Devolução aprovada.')
  })
  .post('/devolucoes/:id/receber', async (c) => {
    const staff = await requireStaff(c, 'returns:manage')
    const id = idOf(c, returnIdParamsSchema, RETURN_MISSING)
    const { revenda } = await readJson(c, receiveRequestSchema)
    const result = await receiveReturn(c.get('ctx').db, id, staff.actor, revenda, returnAudit(staff.actor, 'devolucao.receber', { revenda }))
    const back = revenda.length ? 'os itens marcados voltaram ao estoque' : 'nenhum item voltou ao estoque'
    return ok(c, isRefusal(result) ? result : { id: result.id, situacao: result.status }, `Devolução recebida: ${back}.`)
  })
  .post('/devolucoes/:id/reembolsar', async (c) => {
    const staff = await requireStaff(c, 'orders:refund')
    const id = idOf(c, returnIdParamsSchema, RETURN_MISSING)
    const { valorCents } = await readJson(c, refundReturnRequestSchema)
    const { db } = c.get('ctx')
    const result = await refundReturn(db, id, staff.actor, paymentProvider(db), returnAudit(staff.actor, 'devolucao.reembolsar', { valorCents }), valorCents)
    if (isRefusal(result)) return answerRefusal(c, result)
    const msg =
      result.status === 'done'
        ? `Reembolso de ${formatBRL(result.amountCents / 100)} feito pelo meio de pagamento.`
        : `Reembolso de ${formatBRL(result.amountCents / 100)} registrado: o meio de pagamento está fora do ar e ele será feito assim que voltar.`
    return c.json({ estado: 'sucesso' as const, msg, id, situacao: 'reembolsada' as const, valorCents: result.amountCents, reembolso: result.status })
  })
  .post('/devolucoes/:id/recusar', async (c) => {
    const staff = await requireStaff(c, 'returns:manage')
    const id = idOf(c, returnIdParamsSchema, RETURN_MISSING)
    const input = await readJson(c, refuseReturnRequestSchema)
    const ctx = c.get('ctx')
    const audit = returnAudit(staff.actor, 'devolucao.recusar', { motivo: input.motivo, detalhes: input.detalhes })
    const result = await refuseReturn({ db: ctx.db, mail: { ...ctx, origin: storeOrigin(c) } }, id, staff.actor, input, audit)
    return ok(c, isRefusal(result) ? result : { id: result.id, situacao: result.status }, 'Devolução recusada: o cliente foi avisado por e-mail.')
  })

function returnAudit(actor: Actor, action: string, extra: Record<string, unknown> = {}) {
  return auditAs<{ id: number; status: string }>(actor, action, 'return_request', (r) => ({ status: r.status }), extra)
}
