import { AFTER_SALE_MESSAGES as M, type FaleConoscoRequest } from '../../../contract/after-sale'
import { CONTACT } from '../../../contract/messages/contact'
import type { Db } from '../../db/client'
import { eq } from 'drizzle-orm'
import { contactMessages, customers } from '../../db/schema'
import type { MailDeps } from '../../integrations/mail/mailer'
import { enqueueMail } from '../../jobs/mail'
import { checkCaptcha } from '../account/captcha'
import { take } from '../account/limits'
import { refuse, type Refusal } from '../refusal'
import { plainText } from '../plain-text'
import { contactMail } from './mail'

export type ContactDeps = MailDeps & { db: Db }

/**
 * Who writes from this session: a logged-in customer's name and e-mail (the form fills them in and
 * asks no captcha — the server does not ask a customer for one either), or null for a visitor.
 */
export async function contactSender(db: Db, customerId: number | null): Promise<{ nome: string; email: string } | null> {
  if (customerId === null) return null
  const [row] = await db
    .select({ nome: customers.nome, sobrenome: customers.sobrenome, email: customers.email, status: customers.status })
    .from(customers)
    .where(eq(customers.id, customerId))
  if (!row || row.status !== 'active') return null
  return { nome: `${row.nome} ${row.sobrenome}`.trim(), email: row.email }
}

/**
 * A 'Fale conosco' message: rationed per IP and e-mail in the database, a captcha for
 * visitors, stored as 'nova' for the back office's Mensagens, and e-mailed to the store by a job
 * enqueued with the row (a mail server down loses no message).
 */
export async function sendContactMessage(
  deps: ContactDeps,
  from: { customerId: number | null; ip: string },
  input: FaleConoscoRequest,
): Promise<{ estado: 'sucesso'; msg: string } | Refusal> {
  const { db } = deps
  if (from.customerId === null) {
    if (!input.altcha) return refuse(CONTACT.captchaMissing)
    const captcha = await checkCaptcha(db, input.altcha)
    if (captcha) return refuse(CONTACT.captchaRefused(captcha.message))
  }
  if (!(await take(db, 'faleConoscoIp', from.ip)) || !(await take(db, 'faleConoscoEmail', input.email))) {
    return refuse(CONTACT.tooMany)
  }
  const message = plainText(input.mensagem)
  const subject = plainText(input.assunto).replace(/\s+/g, ' ')
  const name = plainText(input.nome).replace(/\s+/g, ' ')
  if (!message) return refuse(CONTACT.messageEmpty)
  if (!subject) return refuse(CONTACT.subjectEmpty)
  if (!name) return refuse(CONTACT.nameEmpty)
  await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(contactMessages)
      .values({ customerId: from.customerId, name, email: input.email, orderCode: input.pedido || null, subject, message })
      .returning()
    await enqueueMail(tx, { mail: contactMail(deps.store, row!) })
  })
  return { estado: 'sucesso', msg: M.mensagemEnviada }
}
