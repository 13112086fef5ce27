import { eq } from 'drizzle-orm'
import { ACCOUNT_MESSAGES } from '../../../contract/messages/account'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { customers } from '../../db/schema'
import { passwordChangedMail, recoveryMail } from '../../integrations/mail/templates'
import { hashPassword } from '../auth/password'
import { passwordRefusal } from '../auth/password-policy'
import { findCustomer, findCustomerByEmail } from './customers'
import type { AccountDeps } from './deps'
import { enqueueMail } from '../../jobs/mail'
import { take } from './limits'
import { refuse, type Refusal } from '../refusal'
import { endOtherSessions, startCustomerSession, type NewSession } from './sessions'
import { dropCustomerTokens, findToken, issueToken, spendToken } from './tokens'

/** Where a recovery link opens. */
export const resetPath = (token: string) => `/cliente/nova-senha/${token}`

/**
 * POST /_auth/recuperar/ (decision 0022): the same sentence whether or not the e-mail has an
 * account, after the same work; an account gets a link valid 1 hour, used once (only its hash is
 * stored), and any older link of the account stops working. Limited per IP and per e-mail.
 */
export async function requestReset(deps: AccountDeps, email: string, at: { ip: string; origin: string }): Promise<{ msg: string } | Refusal> {
  const { db } = deps
  const [byIp, byEmail] = await Promise.all([take(db, 'recuperacaoIp', at.ip), take(db, 'recuperacaoEmail', email)])
  if (!byIp || !byEmail) return refuse(ACCOUNT.limite)
  const customer = await findCustomerByEmail(db, email)
  if (customer?.status === 'active') {
    await db.transaction(async (tx) => {
      await dropCustomerTokens(tx, customer.id, 'recuperacao')
      const token = await issueToken(tx, 'recuperacao', { customerId: customer.id })
      await enqueueMail(tx, { mail: recoveryMail(deps.store, customer.email, customer.nome, `${at.origin}${resetPath(token)}`) })
    })
  }
  return { msg: ACCOUNT_MESSAGES.recuperacaoEnviada }
}

/** Whether a recovery link can still be used (the page shows its form or says it expired). */
export async function isResetLinkLive(deps: Pick<AccountDeps, 'db'>, token: string): Promise<boolean> {
  return token.length <= 128 && (await findToken(deps.db, 'recuperacao', token)) !== null
}

/**
 * POST /_auth/nova-senha/: the link's token and the new password. Sets it, ends every session of
 * the account and logs the shopper in on a new one.
 */
export async function resetPassword(deps: AccountDeps, input: { token: string; senha: string }, sessionId: string | null): Promise<NewSession | Refusal> {
  const { db } = deps
  const bound = await findToken(db, 'recuperacao', input.token)
  const customer = bound?.customerId ? await findCustomer(db, bound.customerId) : null
  if (!customer || customer.status !== 'active') return refuse(ACCOUNT.linkInvalido)
  const weak = await passwordRefusal(input.senha, customer, deps.store.nome)
  if (weak) return refuse(weak)
  if (!(await spendToken(db, 'recuperacao', input.token))) return refuse(ACCOUNT.linkInvalido)
  const passwordHash = await hashPassword(input.senha)
  await db.transaction(async (tx) => {
    await tx.update(customers).set({ passwordHash, updatedAt: new Date() }).where(eq(customers.id, customer.id))
    await enqueueMail(tx, { mail: passwordChangedMail(deps.store, customer.email, customer.nome) })
  })
  await dropCustomerTokens(db, customer.id)
  await endOtherSessions(db, customer.id, null)
  const session = await startCustomerSession(db, sessionId, customer.id)
  return session
}
