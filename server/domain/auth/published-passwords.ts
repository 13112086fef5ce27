import { DEMO_ACCESS } from '../../../contract/messages/demo'
import type { Env } from '../../env'
import { isLoopbackIp } from '../../lib/origin'
import { DEMO_PASSWORD } from '../../seed/customer'
import { DEMO_STAFF_PASSWORD } from '../../seed/staff'
import { refuse, type Refusal } from '../refusal'

/** The passwords the README publishes for the demo accounts. */
const PUBLISHED = new Set([DEMO_PASSWORD, DEMO_STAFF_PASSWORD])

/** Whether `plain` is one of them (the password policy refuses them as new passwords). */
export const isPublishedPassword = (plain: string) => PUBLISHED.has(plain)

/** What decides whether a published password may open an account. */
export type PasswordGate = Pick<Env, 'STORE_MODE' | 'DEMO_OPEN_TO_NETWORK'>

/**
 * Asked after a right password, so it costs a set lookup and only the person who knows the
 * password learns anything (docs/decisions/0122-live-mode.md): a published password opens nothing
 * in live mode, and in the demo only from this machine unless DEMO_OPEN_TO_NETWORK=true. Null: go on.
 */
export function publishedPasswordRefusal(plain: string, who: 'customer' | 'staff', ip: string, gate: PasswordGate): Refusal | null {
  if (!PUBLISHED.has(plain)) return null
  if (gate.STORE_MODE === 'live') return refuse(who === 'staff' ? DEMO_ACCESS.staffPasswordPublished : DEMO_ACCESS.customerPasswordPublished)
  if (gate.DEMO_OPEN_TO_NETWORK === 'true' || isLoopbackIp(ip)) return null
  return refuse(DEMO_ACCESS.onlyFromThisMachine)
}
