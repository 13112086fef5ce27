import type { z } from 'zod'
import type { cadastroRequestSchema } from '../../../contract/account'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { customers } from '../../db/schema'
import { welcomeMail } from '../../integrations/mail/templates'
import { hashPassword } from '../auth/password'
import { passwordRefusal } from '../auth/password-policy'
import { refuse, type Refusal } from '../refusal'
import { checkCaptcha } from './captcha'
import { findCustomerByEmail } from './customers'
import type { AccountDeps } from './deps'
import { enqueueMail } from '../../jobs/mail'
import { take } from './limits'
import { startCustomerSession, type NewSession } from './sessions'

export type Cadastro = z.output<typeof cadastroRequestSchema>

/**
 * POST /_auth/cadastro/. Limited per IP and per e-mail; the captcha is checked and
 * spent; an easy password is refused (password-policy.ts); a taken e-mail is refused (case-insensitively: e-mails are stored lower-case). Success
 * creates the customer, logs them in on a new session (the visitor's cart follows) and sends the
 * welcome e-mail.
 */
export async function register(
  deps: AccountDeps,
  input: Cadastro,
  at: { ip: string; sessionId: string | null; origin: string },
): Promise<NewSession | Refusal> {
  const { db } = deps
  const [byIp, byEmail] = await Promise.all([take(db, 'cadastroIp', at.ip), take(db, 'cadastroEmail', input.email)])
  if (!byIp || !byEmail) return refuse(ACCOUNT.limite)
  const captcha = await checkCaptcha(db, input.altcha)
  if (captcha) return refuse(captcha)
  const weak = await passwordRefusal(input.senha, input, deps.store.nome)
  if (weak) return refuse(weak)
  if (await findCustomerByEmail(db, input.email)) return refuse(ACCOUNT.emailEmUso)
  const now = new Date()
  const passwordHash = await hashPassword(input.senha)
  const created = await db.transaction(async (tx) => {
    const [row] = await tx
      .insert(customers)
      .values({
        nome: input.nome,
        sobrenome: input.sobrenome,
        email: input.email,
        documento: input.documento,
        razaoSocial: input.razaoSocial ?? null,
        inscricaoEstadual: input.inscricaoEstadual ?? null,
        telefone: input.telefone,
        passwordHash,
        marketingOptIn: input.marketing,
        termsAcceptedAt: now,
      })
      .onConflictDoNothing()
      .returning({ id: customers.id })
    if (row) await enqueueMail(tx, { mail: welcomeMail(deps.store, input.email, input.nome, at.origin) })
    return row
  })
  // Two registrations racing for one e-mail: the unique index lets one in.
  if (!created) return refuse(ACCOUNT.emailEmUso)
  const session = await startCustomerSession(db, at.sessionId, created.id)
  return session
}
