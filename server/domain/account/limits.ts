import { and, eq, gt, gte, lt, sql } from 'drizzle-orm'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '../../db/client'
import { rateLimits } from '../../db/schema'
import { ipLimitKey } from '../../lib/ip-key'
import { API_V1_RATE_PER_MINUTE } from '../../../contract/api-v1'

/**
 * Rate limits of the account flows (decision 0021), counted in the database through
 * rate-limiter-flexible's Drizzle store, so every instance on one PostgreSQL shares them (and
 * PGlite keeps them across restarts). A limiter object holds no state of its own here (no
 * in-memory blocking), so one is built per use. A rule marked `byIp` is keyed by the client's
 * address (alone, or first in `<address>|<other>`) and counted per client network (ipLimitKey: an
 * IPv6 /64 is one key), whatever the caller passes: callers give the address as clientIp read it.
 * Decision 0123 says what is limited and why.
 */
export const LIMIT_RULES = {
  /** Permission (the authorization screen) per IP. */
  permissaoIp: { byIp: true, points: 120, duration: 15 * 60 },
  /** Step 1 e-mails without an account, per IP: step 1 says whether an e-mail has an account, so misses are rationed. */
  passo1Ip: { byIp: true, points: 30, duration: 15 * 60 },
  /** Wrong staff passwords per account (`staff:<id>`): the 10th locks the account for 15 minutes. */
  senhaConta: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /**
   * A customer's wrong passwords from one network: the 10th locks the account for that network for
   * 15 minutes, so the owner elsewhere still logs in. Keyed `<address>|<account>` (pairKey).
   */
  senhaContaIp: { byIp: true, points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /**
   * A customer's wrong passwords from everywhere: only guessing spread over many networks reaches
   * it (each is held by senhaContaIp first); it then locks the account everywhere for 15 minutes.
   */
  senhaContaGeral: { points: 50, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Wrong passwords per IP (many accounts from one place). */
  senhaIp: { byIp: true, points: 30, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Wrong passwords per session: the session is then refused permission like its IP would be. */
  senhaSessao: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Registrations per IP and per e-mail (a taken e-mail counts too: it is a probe). */
  cadastroIp: { byIp: true, points: 10, duration: 60 * 60 },
  cadastroEmail: { points: 3, duration: 60 * 60 },
  /** Recovery e-mails per IP and per e-mail. */
  recuperacaoIp: { byIp: true, points: 10, duration: 60 * 60 },
  recuperacaoEmail: { points: 3, duration: 60 * 60 },
  /** Wrong current passwords in Minha Conta (password or e-mail change, export, deletion) per account. */
  senhaAtual: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /** CEP look-ups (consultar-cep, check-cep) per customer: each may ask the online provider. */
  consultaCep: { points: 60, duration: 10 * 60 },
  /** 'Fale conosco' messages per IP and per e-mail: each one e-mails the store. */
  faleConoscoIp: { byIp: true, points: 10, duration: 60 * 60 },
  faleConoscoEmail: { points: 5, duration: 60 * 60 },
  /**
   * The staff login (server/domain/staff/login.ts): misses per IP and e-mail lock that client
   * first; the e-mail's own ceiling, above what one client can reach, stops a spread attack.
   */
  staffIpEmail: { byIp: true, points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  staffEmail: { points: 50, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Staff invitation acceptances per IP: each one may hash a password (32 MiB of scrypt). */
  conviteIp: { byIp: true, points: 10, duration: 60 * 60 },
  /** Registration captchas issued per IP: each costs a key derivation. */
  captchaIp: { byIp: true, points: 30, duration: 15 * 60 },
  /** Newsletter sign-ups per IP and per address: each may send a confirmation e-mail. */
  newsletterIp: { byIp: true, points: 10, duration: 60 * 60 },
  newsletterEmail: { points: 3, duration: 24 * 60 * 60 },
  /** Coupon codes the store does not know, per session and per IP: a few a minute, so codes cannot be guessed. */
  cupomSessao: { points: 5, duration: 60 },
  cupomIp: { byIp: true, points: 20, duration: 60 },
  /**
   * Shipping quotes (frete/produto, frete/estimar) per IP: each new parcel may ask the carrier
   * platform, whose rate limit is the whole store's (decision 0128); 120 in 10 minutes is far above
   * a shopper trying CEPs and quantities, even behind one office's address.
   */
  freteIp: { byIp: true, points: 120, duration: 10 * 60 },
  /** Calls of one integrations API key (/api/v1), per minute: an ERP's sync, not a flood (contract/api-v1.ts). */
  apiChave: { points: API_V1_RATE_PER_MINUTE, duration: 60 },
} as const

export type LimitName = keyof typeof LIMIT_RULES

/** The key a rule counts under: a rule keyed by IP (`byIp`) by the client's network, the others as given. */
export function limitKey(name: LimitName, key: string): string {
  if (!('byIp' in LIMIT_RULES[name])) return key
  const bar = key.indexOf('|')
  return bar < 0 ? ipLimitKey(key) : `${ipLimitKey(key.slice(0, bar))}${key.slice(bar)}`
}

/** The key of a limit per client and account (senhaContaIp): `<address>|<account>`. */
export const pairKey = (ip: string, account: string) => `${ip}|${account}`

function limiter(db: Db, name: LimitName): RateLimiterDrizzle {
  const rule: { points: number; duration: number; blockDuration?: number } = LIMIT_RULES[name]
  return new RateLimiterDrizzle({
    storeClient: db,
    schema: rateLimits,
    keyPrefix: name,
    points: rule.points,
    duration: rule.duration,
    blockDuration: rule.blockDuration ?? 0,
    // Expired rows are deleted by deleteExpiredLimits (maintenance), not by a timer per limiter.
    clearExpiredByTimeout: false,
  })
}

/**
 * Counts one use against `name` for `key`; false when the key was already at its limit (the use
 * is refused and, for rules with a blockDuration, the key stays blocked that long).
 */
export async function take(db: Db, name: LimitName, key: string, points = 1): Promise<boolean> {
  const rule: { points: number; blockDuration?: number } = LIMIT_RULES[name]
  const store = limiter(db, name)
  const counted = limitKey(name, key)
  try {
    const res = await store.consume(counted, points)
    // The use that reaches the limit starts the block: locked for blockDuration from now.
    if (rule.blockDuration && res.consumedPoints >= rule.points) await store.block(counted, rule.blockDuration)
    return true
  } catch (err) {
    if (err instanceof RateLimiterRes) return false
    throw err
  }
}

/**
 * Counts one use like take, and says how long to wait when the key is at its limit: 0 when the use
 * was counted, else the whole seconds until the window frees a use (an answer's Retry-After).
 */
export async function takeOrWait(db: Db, name: LimitName, key: string): Promise<number> {
  try {
    await limiter(db, name).consume(limitKey(name, key), 1)
    return 0
  } catch (err) {
    if (err instanceof RateLimiterRes) return Math.max(1, Math.ceil(err.msBeforeNext / 1000))
    throw err
  }
}

/** The row a rule keeps for a key (rate-limiter-flexible's `<prefix>:<key>`), and the rule. */
function row(name: LimitName, key: string) {
  const rule: { points: number; duration: number; blockDuration?: number } = LIMIT_RULES[name]
  return { id: `${name}:${limitKey(name, key)}`, rule }
}

/**
 * Gives back a use taken before an expensive check that then succeeded (take first, so a burst
 * of concurrent guesses cannot all pass the check before any miss is counted). Never below zero,
 * and nothing for a window that has ended.
 */
export async function giveBack(db: Db, name: LimitName, key: string, points = 1): Promise<void> {
  const { id } = row(name, key)
  await db
    .update(rateLimits)
    .set({ points: sql`greatest(${rateLimits.points} - ${points}, 0)` })
    .where(and(eq(rateLimits.key, id), gt(rateLimits.expire, new Date())))
}

/**
 * Takes one use before an expensive check (a password), in one statement that counts it only
 * when the key is under its limit: false when it is not, and then nothing is counted (a burst of
 * refused tries leaves the count where it was). Unlike take, reaching the limit blocks nothing
 * yet: `settle` says how the check went.
 */
export async function takeFirst(db: Db, name: LimitName, key: string): Promise<boolean> {
  const { id, rule } = row(name, key)
  const now = new Date()
  // Dates as the column's parameters (postgres.js takes no Date inside raw SQL).
  const at = (date: Date) => sql.param(date, rateLimits.expire)
  const ended = sql`${rateLimits.expire} <= ${at(now)}`
  const next = new Date(now.getTime() + rule.duration * 1000)
  const counted = await db
    .insert(rateLimits)
    .values({ key: id, points: 1, expire: next })
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        points: sql`CASE WHEN ${ended} THEN 1 ELSE ${rateLimits.points} + 1 END`,
        expire: sql`CASE WHEN ${ended} THEN ${at(next)} ELSE ${rateLimits.expire} END`,
      },
      setWhere: sql`${ended} OR ${rateLimits.points} < ${rule.points}`,
    })
    .returning({ points: rateLimits.points })
  return counted.length > 0
}

/**
 * After the check of a use taken with takeFirst: a pass gives it back; a miss keeps it and, when
 * it spent the limit, holds the key for the rule's blockDuration from now.
 */
export async function settle(db: Db, name: LimitName, key: string, passed: boolean): Promise<void> {
  if (passed) return giveBack(db, name, key)
  const { id, rule } = row(name, key)
  if (!rule.blockDuration) return
  const now = new Date()
  await db
    .update(rateLimits)
    .set({ expire: new Date(now.getTime() + rule.blockDuration * 1000) })
    .where(and(eq(rateLimits.key, id), gt(rateLimits.expire, now), gte(rateLimits.points, rule.points)))
}

/** True while `key` has used up `name` (no use is counted). */
export async function isLimited(db: Db, name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(db, name).get(limitKey(name, key))
  return res !== null && res.consumedPoints >= LIMIT_RULES[name].points
}

/** Forgets `key`'s count (a right password clears the account's wrong ones). */
export async function clearLimit(db: Db, name: LimitName, key: string): Promise<void> {
  await limiter(db, name).delete(limitKey(name, key))
}

/** Maintenance: counters whose window ended. */
export async function deleteExpiredLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, now))
}
