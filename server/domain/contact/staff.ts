// The back office's Mensagens (issue 22): list by status, answer by e-mail, close. The admin API
// (server/http/admin/, issue 18) passes `audit` to write its audit line (who, before, after) in the
// same transaction.
import { and, desc, eq, ne, sql } from 'drizzle-orm'
import type { MessageListQuery } from '../../../contract/admin/after-sale'
import type { Db } from '../../db/client'
import { type CONTACT_MESSAGE_STATUSES, contactMessages } from '../../db/schema'
import { sendMail } from '../../integrations/mail/mailer'
import { compose } from '../../integrations/mail/templates'
import type { Tx } from '../order/stock'
import { refuse, type Refusal } from '../refusal'
import { plainText } from '../review/write'
import { countByStatus, keysetPage, queueKey } from '../staff/keyset'
import type { ContactDeps } from './messages'

type Message = typeof contactMessages.$inferSelect
type Status = (typeof CONTACT_MESSAGE_STATUSES)[number]
export type MessageAudit = (tx: Tx, change: { before: Message; after: Message }) => Promise<void>

export const listMessages = (db: Db, status: Status, limit = 50) =>
  db.select().from(contactMessages).where(eq(contactMessages.status, status)).orderBy(desc(contactMessages.createdAt)).limit(limit)

export type StaffMessageRow = { id: number; status: Status; nome: string; email: string; pedido: string | null; assunto: string; trecho: string; criadaEm: Date }

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
 * Answers a message by e-mail to its sender and marks it 'respondida'. The e-mail goes first: a
 * mail server that refuses leaves the message as it was and says so, never a reply recorded but not sent.
 */
export async function replyToMessage(deps: ContactDeps, id: number, reply: string, audit?: MessageAudit): Promise<Message | Refusal> {
  const text = plainText(reply)
  if (!text) return refuse('invalid', 'Escreva a resposta.')
  if (text.length > 4000) return refuse('invalid', 'Use no máximo 4.000 caracteres.')
  // The row stays locked while the e-mail goes: the same answer sent twice at once (a double click,
  // two tabs) waits here, then finds it already sent and sends nothing. A failed e-mail writes nothing.
  return deps.db.transaction(async (tx) => {
    const [message] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id)).for('update')
    if (!message) return refuse('not_found', 'Mensagem não encontrada.')
    if (message.status === 'encerrada') return refuse('conflict', 'Esta mensagem está encerrada.')
    if (message.reply === text && message.repliedAt && Date.now() - message.repliedAt.getTime() < SAME_REPLY_MS) return message
    try {
      await sendMail(deps, compose(deps.store, message.email, `Re: ${message.subject}`, [`Olá, ${message.name.split(' ')[0]}!`, text, `Sua mensagem: "${message.message}"`]))
    } catch (err) {
      deps.log.error({ err, contactMessageId: id }, 'resposta do fale conosco não enviada')
      return refuse('unavailable', 'O e-mail não pôde ser enviado agora; a mensagem continua sem resposta. Tente de novo.')
    }
    const [after] = await tx
      .update(contactMessages)
      .set({ status: 'respondida', reply: text, repliedAt: new Date(), updatedAt: new Date() })
      .where(eq(contactMessages.id, id))
      .returning()
    if (audit) await audit(tx, { before: message, after: after! })
    return after!
  })
}

/** Closes a message (no further answer expected). */
export async function closeMessage(db: Db, id: number, audit?: MessageAudit): Promise<Message | Refusal> {
  return db.transaction(async (tx) => {
    const [before] = await tx.select().from(contactMessages).where(eq(contactMessages.id, id))
    if (!before) return refuse('not_found', 'Mensagem não encontrada.')
    const [after] = await tx
      .update(contactMessages)
      .set({ status: 'encerrada', updatedAt: new Date() })
      .where(and(eq(contactMessages.id, id), ne(contactMessages.status, 'encerrada')))
      .returning()
    if (!after) return refuse('conflict', 'Esta mensagem já está encerrada.')
    if (audit) await audit(tx, { before, after })
    return after
  })
}
