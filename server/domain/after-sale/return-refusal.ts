// The store says no to a return request: before the products arrive, with a reason the shopper
// reads in an e-mail and on the order. The rule and why: docs/decisions/0111-return-refusal.md.
import { eq } from 'drizzle-orm'
import type { RefuseReturnRequest } from '../../../contract/admin/after-sale'
import { RETURN_REFUSAL_REASONS } from '../../../contract/after-sale'
import { RETURNS } from '../../../contract/messages/returns'
import type { Db } from '../../db/client'
import { orders } from '../../db/schema'
import { enqueueMail } from '../../jobs/mail'
import { compose } from '../../integrations/mail/templates'
import type { Actor } from '../actor'
import { transaction, type Tx } from '../../db/tx'
import { isRefusal, refuse } from '../refusal'
import { plainText } from '../plain-text'
import { deliveredAt } from './after-sale'
import type { OrderMailDeps } from '../order/mail'
import { step } from './admin-returns'
import { withdrawalWindow } from './withdrawal'

const dayBr = (date: string) => date.split('-').reverse().join('/')

/**
 * Refuses request `id`, which the person saw as `input.situacao` ('solicitada' or 'aprovada'): the
 * status, the reason, the order event and the audit line are one conditional transaction, so of a
 * racing approve (or receive) and refuse exactly one wins. The shopper's e-mail is enqueued in the same transaction.
 */
export async function refuseReturn(deps: { db: Db; mail?: OrderMailDeps; now?: Date }, change: RefuseReturnRequest & { id: number; actor: Actor }) {
  const { id, actor, ...input } = change
  const details = plainText(input.detalhes)
  // Words made only of control characters are no explanation.
  if (input.motivo === 'outro' && !details) return refuse(RETURNS.refusalUnexplained)
  const at = deps.now ?? new Date()
  return transaction(deps.db, async (tx) => {
    const refused = await step(tx, id, 'recusar', actor, {
      from: input.situacao,
      set: { refusalReason: input.motivo, refusalDetails: details },
      data: { reason: input.motivo },
      audit: { motivo: input.motivo, detalhes: input.detalhes },
      conflict: (now) =>
        refuse(
          now === 'recusada' ? RETURNS.alreadyRefused : now === 'recebida' || now === 'reembolsada' ? RETURNS.arrived(now) : RETURNS.changedMeanwhile(now),
        ),
    })
    if (!isRefusal(refused) && deps.mail) await mailRefusal(tx, deps.mail, refused.orderId, RETURN_REFUSAL_REASONS[input.motivo], details, at)
    return refused
  })
}

/** 'Devolução recusada': why, whether the 7 days still allow a new request, and that the warranty and Atendimento remain. */
async function mailRefusal(tx: Tx, deps: OrderMailDeps, orderId: number, reason: string, details: string, now: Date): Promise<void> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId))
  if (!order) return
  const delivered = await deliveredAt(tx, order)
  const window = delivered ? withdrawalWindow(delivered) : null
  const origin = deps.origin ?? deps.env.PUBLIC_URL?.replace(/\/$/, '')
  const mail = compose(
    deps.store,
    order.buyerEmail,
    `Devolução do pedido ${order.code}: recusada`,
    [
      `Olá, ${order.buyerNome.split(' ')[0]}! Analisamos o seu pedido de devolução do pedido ${order.code} e não pudemos aceitá-lo.`,
      `Motivo: ${reason}.${details ? ` ${details}` : ''}`,
      ...(window && now < window.until ? [`Se quiser, você ainda pode pedir a devolução de novo pela página do pedido até ${dayBr(window.lastDay)}.`] : []),
      'Se o produto apresentar defeito, ele continua coberto pela garantia legal de 90 dias (CDC art. 26) e pela garantia do fabricante.',
      `Dúvidas? Responda a este e-mail ou fale com o nosso Atendimento: ${deps.store.email}.`,
    ],
    origin ? { label: 'Ver pedido', url: `${origin}/compras/pedido/${order.code}` } : undefined,
  )
  await enqueueMail(tx, { mail, event: { orderId: order.id, job: 'devolucao', summary: 'E-mail de devolução recusada enviado' } })
}
