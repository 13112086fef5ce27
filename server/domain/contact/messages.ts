import { AFTER_SALE_MESSAGES as M, type FaleConoscoRequest } from '../../../contract/after-sale'
import type { Db } from '../../db/client'
import { contactMessages } from '../../db/schema'
import { sendMail, type MailDeps } from '../../integrations/mail/mailer'
import { checkCaptcha } from '../account/captcha'
import { take } from '../account/limits'
import { refuse, type Refusal } from '../refusal'
import { plainText } from '../review/write'
import { contactMail } from './mail'

export type ContactDeps = MailDeps & { db: Db }

/**
 * A 'Fale conosco' message (issue 22): rationed per IP and e-mail in the database, a captcha for
 * visitors, stored as 'nova' for the back office's Mensagens, then e-mailed to the store (after the
 * row is written: a mail server down loses no message).
 */
export async function sendContactMessage(
  deps: ContactDeps,
  from: { customerId: number | null; ip: string },
  input: FaleConoscoRequest,
): Promise<{ estado: 'sucesso'; msg: string } | Refusal> {
  const { db } = deps
  if (from.customerId === null) {
    if (!input.altcha) return refuse('invalid', M.captcha)
    const captcha = await checkCaptcha(db, input.altcha)
    if (captcha) return refuse('invalid', captcha)
  }
  if (!(await take(db, 'faleConoscoIp', from.ip)) || !(await take(db, 'faleConoscoEmail', input.email))) {
    return refuse('rate_limited', M.mensagensDemais)
  }
  const message = plainText(input.mensagem)
  const subject = plainText(input.assunto).replace(/\s+/g, ' ')
  const name = plainText(input.nome).replace(/\s+/g, ' ')
  if (!message) return refuse('invalid', M.mensagem)
  if (!subject) return refuse('invalid', M.assunto)
  if (!name) return refuse('invalid', M.nome)
  const [row] = await db
    .insert(contactMessages)
    .values({ customerId: from.customerId, name, email: input.email, orderCode: input.pedido || null, subject, message })
    .returning()
  try {
    await sendMail(deps, contactMail(deps.store, row!))
  } catch (err) {
    deps.log.error({ err, contactMessageId: row!.id }, 'fale conosco: e-mail para a loja não enviado')
  }
  return { estado: 'sucesso', msg: M.mensagemEnviada }
}
