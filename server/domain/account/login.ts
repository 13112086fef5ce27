import { RATE_LIMIT_ERROR } from '../../../contract/auth'
import type { Db } from '../../db/client'
import type { SessionRecord } from '../session/session'
import { publishedPasswordRefusal, type PasswordGate } from '../auth/published-passwords'
import { checkPassword, findCustomer, findCustomerByEmail } from './customers'
import { clearLimit, giveBack, isLimited, pairKey, settle, take, takeFirst, type LimitName } from './limits'
import { startCustomerSession, type NewSession } from './sessions'
import { findToken, issueToken, spendToken } from './tokens'

/**
 * The two-step login of docs/requirements.md (decision 0020). Permission gives a TokenAcess bound to the
 * visitor's session; step 1 trades it and an e-mail for a TokenPass bound to the session and the
 * account; step 2 trades that and the password for a logged-in session (a new id). Tokens live
 * 10 minutes and are used once: an unknown, expired, replayed or foreign token is an 'acesso'
 * failure, never a login. Step failure codes: 'acesso', 'conta' (no such account), 'senha'
 * (wrong password) and 'rate-limit' (the access-denied screen).
 */
export type StepFailure = { status: 'erro'; error: 'acesso' | 'conta' | 'senha' | typeof RATE_LIMIT_ERROR }

const fail = (error: StepFailure['error']): StepFailure => ({ status: 'erro', error })

/** Whether this session or its IP is held by a limit: permission is then refused. */
async function isHeld(db: Db, ip: string, sessionId: string | null): Promise<boolean> {
  const checks = [isLimited(db, 'passo1Ip', ip), isLimited(db, 'senhaIp', ip)]
  if (sessionId) checks.push(isLimited(db, 'senhaSessao', sessionId))
  return (await Promise.all(checks)).some(Boolean)
}

/**
 * POST /_auth/permission/. `ensureSession` creates the visitor's session (and cookie) when needed:
 * the token is bound to it.
 */
export async function grantPermission(
  db: Db,
  ip: string,
  current: SessionRecord | null,
  ensureSession: () => Promise<SessionRecord>,
): Promise<{ status: 'success'; TokenAcess: string } | { status: 'denied' }> {
  if (await isHeld(db, ip, current?.id ?? null)) return { status: 'denied' }
  if (!(await take(db, 'permissaoIp', ip))) return { status: 'denied' }
  const session = await ensureSession()
  return { status: 'success', TokenAcess: await issueToken(db, 'acesso', { sessionId: session.id }) }
}

/** POST /_auth/step/1/: the e-mail. An unknown e-mail keeps the TokenAcess, so the shopper can fix a typo. */
export async function loginStep1(
  db: Db,
  ip: string,
  session: SessionRecord | null,
  input: { u: string; Acess: string },
): Promise<{ status: 'sucsess'; TokenPass: string } | StepFailure> {
  if (!session) return fail('acesso')
  if (await isLimited(db, 'passo1Ip', ip)) return fail(RATE_LIMIT_ERROR)
  if (!(await findToken(db, 'acesso', input.Acess, session.id))) return fail('acesso')
  const customer = await findCustomerByEmail(db, input.u)
  if (!customer || customer.status === 'removed') {
    // Only misses count: sweeping a list of e-mails is mostly misses; shoppers mostly hit.
    await take(db, 'passo1Ip', ip)
    return fail('conta')
  }
  // Locked for this client only (senhaContaIp): it already knows; others are not told of any lock here.
  if (customer.status === 'suspended' || (await isLimited(db, 'senhaContaIp', pairKey(ip, String(customer.id))))) return fail(RATE_LIMIT_ERROR)
  if (!(await spendToken(db, 'acesso', input.Acess, session.id))) return fail('acesso')
  return { status: 'sucsess', TokenPass: await issueToken(db, 'senha', { sessionId: session.id, customerId: customer.id }) }
}

/**
 * POST /_auth/step/2/: the password. Each try counts before scrypt runs, against the session, the
 * IP, the account from this client's network and the account from everywhere, so a burst of
 * concurrent guesses cannot all reach the check before the misses are counted; a right password
 * gives its use back (docs/decisions/0123-limits-that-hold.md). The 10th wrong one in 15 minutes
 * from a session, or from one network for one account, holds it for 15 minutes ('rate-limit',
 * even with the right password); the owner elsewhere still logs in unless the account is guessed
 * at from many networks (senhaContaGeral). The TokenPass survives a wrong password (the shopper
 * types again, up to the session's limit) and is used by the right one.
 */
export async function loginStep2(
  db: Db,
  ip: string,
  session: SessionRecord | null,
  input: { s: string; Acess: string },
  gate: PasswordGate,
): Promise<({ status: 'success' } & NewSession) | StepFailure> {
  if (!session) return fail('acesso')
  const bound = await findToken(db, 'senha', input.Acess, session.id)
  if (!bound?.customerId) return fail('acesso')
  const account = String(bound.customerId)
  const pair = pairKey(ip, account)
  const counted: Array<[LimitName, string]> = [
    ['senhaSessao', session.id],
    ['senhaIp', ip],
    ['senhaContaIp', pair],
    ['senhaContaGeral', account],
  ]
  const taken = await Promise.all(counted.map(([name, key]) => takeFirst(db, name, key)))
  const giveAllBack = () => Promise.all(counted.filter((_, i) => taken[i]).map(([name, key]) => giveBack(db, name, key)))
  if (taken.includes(false)) {
    // Not checked, so not counted: only tries that reach the password count.
    await giveAllBack()
    return fail(RATE_LIMIT_ERROR)
  }
  let right: boolean
  try {
    const customer = await findCustomer(db, bound.customerId)
    right = await checkPassword(customer?.status === 'active' ? customer : null, input.s)
  } catch (err) {
    // Busy (too many hashes at once) or a failure: the try was not judged.
    await giveAllBack()
    throw err
  }
  if (!right) {
    await Promise.all(counted.map(([name, key]) => settle(db, name, key, false)))
    return fail('senha')
  }
  // The right password gives the session's, the IP's and the account's uses back and clears this network's misses.
  await Promise.all([
    ...counted.filter(([name]) => name !== 'senhaContaIp').map(([name, key]) => giveBack(db, name, key)),
    clearLimit(db, 'senhaContaIp', pair),
  ])
  // A published demo password: the refusal's sentence is the step's message (thrown: the wire's {estado, msg}).
  const published = publishedPasswordRefusal(input.s, 'customer', ip, gate)
  if (published) throw published
  if (!(await spendToken(db, 'senha', input.Acess, session.id))) return fail('acesso')
  return { status: 'success', ...(await startCustomerSession(db, session.id, bound.customerId)) }
}
