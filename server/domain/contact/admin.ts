// The back office's Mensagens: list by status, answer by e-mail, close. Each change writes its audit
// line (who, before, after) in its own transaction.
import { and, eq, ne, sql } from 'drizzle-orm'
import type { MessageListQuery } from '../../../contract/admin/after-sale'
import type { Db } from '../../db/client'
import { type CONTACT_MESSAGE_STATUSES, contactMessages } from '../../db/schema'
import { enqueueMail } from '../../jobs/mail'
import { compose } from '../../integrations/mail/templates'
import { CONTACT } from '../../../contract/messages/contact'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import { plainText } from '../plain-text'
import { countByStatus, keysetPage, queueKey } from '../../db/keyset'
import { transaction } from '../../db/tx'
import type { ContactDeps } from './messages'

type Message = typeof contactMessages.$inferSelect
type Status = (typeof CONTACT_MESSAGE_STATUSES)[number]

export type StaffMessageRow = {
  id: number
  status: Status
  nome: string
  email: string
  pedido: string | null
  assunto: string
  trecho: string
  criadaEm: Date
}

/** Mensagens' list: new ones first, then newest first; a keyset page, with each status's count. */
export async function listMessagesForStaff(db: Db, query: MessageListQuery) {
  const key = queueKey(sql`m.status = 'nova'`, sql`m.id`)
  const select = sql`SELECT m.id, m.status, m.name AS nome, m.email, m.order_code AS pedido, m.subject AS assunto, left(m.message, 140) AS trecho, m.created_at AS "criadaEm", ${key} AS k
    FROM contact_messages m WHERE ${query.situacao ? sql`m.status = ${query.situacao}` : sql`TRUE`}`
  const [page, counts] = await Promise.all([keysetPage<StaffMessageRow & { k: string }>(db, select, query), countByStatus(db, sql`contact_messages`)])
  return { ...page, rows: page.rows.map((r) => ({ ...r, id: Number(r.id), criadaEm: new Date(r.criadaEm) })), counts }
}

/** One message whole (the reading page). */
export async function messageForStaff(db: Db, id: number): Promise<Message | null> {
  const [row] = await db.select().from(contactMessages).where(eq(contactMessages.id, id))
  return row ?? null
}

/** The same answer again within this time is the same reply (sent once). */
const SAME_REPLY_MS = 10 * 60_000

/**
 * Answers a message by e-mail to its sender and marks it 'respondida'; the e-mail is a job enqueued
 * in the same transaction, so a reply is recorded if and only if it will be sent (retried until the
 * mail server takes it).
 */
export async function replyToMessage(deps: ContactDeps, change: { id: number; reply: string; actor: Actor }): Promise<Message | Refusal> {
  const { id, actor } = change
  const text = plainText(change.reply)
  if (!text) return refuse(CONTACT.replyEmpty)
  if (text.length > 4000) return refuse(CONTACT.replyTooLong)
  // The row stays locked: the same answer sent twice at once (a double click, two tabs) waits here,
  // then finds it already sent and enqueues nothing.
  return transaction(deps.db, async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update')
    if (!message) return refuse(CONTACT.notFound)
    if (message.status === 'encerrada') return refuse(CONTACT.closed)
    if (message.reply === text && message.repliedAt && Date.now() - message.repliedAt.getTime() < SAME_REPLY_MS) return message
    await enqueueMail(tx, {
      mail: compose(deps.store, message.email, `Re: ${message.subject}`, [`Olá, ${message.name.split(' ')[0]}!`, text, `Sua mensagem: "${message.message}"`]),
    })
    const [after] = await tx
      .update(contactMessages)
      .set({ status: 'respondida', reply: text, repliedAt: new Date(), updatedAt: new Date() })
      .where(eq(contactMessages.id, id))
      .returning()
    await recordAudit(tx, auditLine(actor, 'mensagem.responder', message, after!))
    return after!
  })
}

/** Closes a message (no further answer expected). */
export async function closeMessage(db: Db, change: { id: number; actor: Actor }): Promise<Message | Refusal> {
  const { id, actor } = change
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id))
    if (!before) return refuse(CONTACT.notFound)
    const [after] = await tx
      .update(contactMessages)
      .set({ status: 'encerrada', updatedAt: new Date() })
      .where(and(eq(contactMessages.id, id), ne(contactMessages.status, 'encerrada')))
      .returning()
    if (!after) return refuse(CONTACT.alreadyClosed)
    await recordAudit(tx, auditLine(actor, 'mensagem.encerrar', before, after))
    return after
  })
}

const auditLine = (actor: Actor, action: string, before: Message, after: Message) => ({
  actor,
  action,
  entity: 'contact_message',
  entityId: String(after.id),
  before: { status: before.status, resposta: before.reply },
  after: { status: after.status, resposta: after.reply },
})
