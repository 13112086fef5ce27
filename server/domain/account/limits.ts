import { lt } from 'drizzle-orm'
import { RateLimiterDrizzle, RateLimiterRes } from 'rate-limiter-flexible'
import type { Db } from '../../db/client'
import { rateLimits } from '../../db/schema'

/**
 * Rate limits of the account flows (decision 0021), counted in the database through
 * rate-limiter-flexible's Drizzle store, so every instance on one PostgreSQL shares them (and
 * PGlite keeps them across restarts). A limiter object holds no state of its own here (no
 * in-memory blocking), so one is built per use.
 */
export const LIMIT_RULES = {
  /** Permission (the authorization screen) per IP. */
  permissaoIp: { points: 120, duration: 15 * 60 },
  /** Step 1 e-mails without an account, per IP: step 1 says whether an e-mail has an account, so misses are rationed. */
  passo1Ip: { points: 30, duration: 15 * 60 },
  /** Wrong passwords per account: the 10th locks the account for 15 minutes. */
  senhaConta: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Wrong passwords per IP (many accounts from one place). */
  senhaIp: { points: 30, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Wrong passwords per session: the session is then refused permission like its IP would be. */
  senhaSessao: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /** Registrations per IP and per e-mail (a taken e-mail counts too: it is a probe). */
  cadastroIp: { points: 10, duration: 60 * 60 },
  cadastroEmail: { points: 3, duration: 60 * 60 },
  /** Recovery e-mails per IP and per e-mail. */
  recuperacaoIp: { points: 10, duration: 60 * 60 },
  recuperacaoEmail: { points: 3, duration: 60 * 60 },
  /** Wrong current passwords in Minha Conta (password change, deletion) per account. */
  senhaAtual: { points: 10, duration: 15 * 60, blockDuration: 15 * 60 },
  /** CEP look-ups (consultar-cep, check-cep) per customer: each may ask the online provider. */
  consultaCep: { points: 60, duration: 10 * 60 },
  /** 'Fale conosco' messages per IP and per e-mail: each one e-mails the store. */
  faleConoscoIp: { points: 10, duration: 60 * 60 },
  faleConoscoEmail: { points: 5, duration: 60 * 60 },
  /** Staff invitation acceptances per IP: each one may hash a password (32 MiB of scrypt). */
  conviteIp: { points: 10, duration: 60 * 60 },
} as const

export type LimitName = keyof typeof LIMIT_RULES

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
  try {
    const res = await store.consume(key, points)
    // The use that reaches the limit starts the block: locked for blockDuration from now.
    if (rule.blockDuration && res.consumedPoints >= rule.points) await store.block(key, rule.blockDuration)
    return true
  } catch (err) {
    if (err instanceof RateLimiterRes) return false
    throw err
  }
}

/**
 * Gives back a use taken before an expensive check that then succeeded (take first, so a burst
 * of concurrent guesses cannot all pass the check before any miss is counted).
 */
export async function giveBack(db: Db, name: LimitName, key: string, points = 1): Promise<void> {
  await limiter(db, name).reward(key, points)
}

/** True while `key` has used up `name` (no use is counted). */
export async function isLimited(db: Db, name: LimitName, key: string): Promise<boolean> {
  const res = await limiter(db, name).get(key)
  return res !== null && res.consumedPoints >= LIMIT_RULES[name].points
}

/** Forgets `key`'s count (a right password clears the account's wrong ones). */
export async function clearLimit(db: Db, name: LimitName, key: string): Promise<void> {
  await limiter(db, name).delete(key)
}

/** Maintenance: counters whose window ended. */
export async function deleteExpiredLimits(db: Db, now = new Date()): Promise<void> {
  await db.delete(rateLimits).where(lt(rateLimits.expire, now))
}
