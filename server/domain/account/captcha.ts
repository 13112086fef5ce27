import { createChallenge, randomInt, verifySolution, type Challenge, type Solution } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import { eq, lt } from 'drizzle-orm'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import type { Reason } from '../../../contract/messages/reason'
import type { Db } from '../../db/client'
import { captchaUses, meta } from '../../db/schema'
import { randomToken } from '../../lib/tokens'
import { refuse, type Refusal } from '../refusal'
import { take } from './limits'

/**
 * The registration captcha: ALTCHA proof of work, self-hosted (altcha-lib here, the altcha widget
 * in the browser; no third party). A challenge is signed with a secret kept in the database, so
 * every instance issues and checks the same ones; a solved challenge is accepted once
 * (captcha_uses keeps its signature until it expires).
 */
export const CAPTCHA_TTL_MS = 10 * 60_000
const ALGORITHM = 'PBKDF2/SHA-256'
const SECRET_KEY = 'captcha_hmac_secret'

export type CaptchaSettings = { CAPTCHA_COST: number; CAPTCHA_MAX_COUNTER: number }

/**
 * The signing secret: made once, at the first challenge, and shared through the database. It never
 * changes once made, so each process reads it once (not two statements per challenge).
 */
const secrets = new WeakMap<Db, Promise<string>>()
function secret(db: Db): Promise<string> {
  let found = secrets.get(db)
  if (!found) {
    found = readSecret(db)
    secrets.set(db, found)
    found.catch(() => secrets.delete(db))
  }
  return found
}

async function readSecret(db: Db): Promise<string> {
  await db
    .insert(meta)
    .values({ key: SECRET_KEY, value: randomToken(32) })
    .onConflictDoNothing()
  const [row] = await db.select({ value: meta.value }).from(meta).where(eq(meta.key, SECRET_KEY))
  return row.value
}

/**
 * GET /_auth/captcha/: a challenge for this client, limited per IP (captchaIp) before the key
 * derivation a challenge costs (docs/decisions/0123-limits-that-hold.md).
 */
export async function issueChallenge(db: Db, settings: CaptchaSettings, ip: string): Promise<Challenge | Refusal> {
  if (!(await take(db, 'captchaIp', ip))) return refuse(ACCOUNT.limite)
  return newChallenge(db, settings)
}

export async function newChallenge(db: Db, settings: CaptchaSettings, now = Date.now()): Promise<Challenge> {
  const key = await secret(db)
  const max = settings.CAPTCHA_MAX_COUNTER
  return createChallenge({
    algorithm: ALGORITHM,
    cost: settings.CAPTCHA_COST,
    // Deterministic mode: the answer is a counter in [max/2, max]; the key signature lets the
    // server check a solution with one derivation.
    counter: randomInt(max, Math.max(1, Math.floor(max / 2))),
    deriveKey,
    hmacSignatureSecret: key,
    hmacKeySignatureSecret: `${key}:chave`,
    expiresAt: new Date(now + CAPTCHA_TTL_MS),
  })
}

type Payload = { challenge: Challenge; solution: Solution }

function decode(payload: string): Payload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(payload, 'base64').toString('utf8'))
    if (!parsed || typeof parsed !== 'object') return null
    const { challenge, solution } = parsed as Partial<Payload>
    if (!challenge || typeof challenge !== 'object' || typeof challenge.signature !== 'string') return null
    if (!challenge.parameters || typeof challenge.parameters !== 'object') return null
    if (!solution || typeof solution !== 'object' || typeof solution.counter !== 'number') return null
    return { challenge, solution }
  } catch {
    return null
  }
}

/**
 * Checks the widget's payload and marks its challenge used; null when accepted, else why not
 * (unreadable, wrong, expired or already used).
 */
export async function checkCaptcha(db: Db, payload: string, now = Date.now()): Promise<Reason | null> {
  const decoded = decode(payload)
  if (!decoded) return ACCOUNT.captchaInvalido
  const key = await secret(db)
  let verified = false
  try {
    const result = await verifySolution({
      challenge: decoded.challenge,
      solution: decoded.solution,
      deriveKey,
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: `${key}:chave`,
    })
    verified = result.verified
  } catch {
    verified = false
  }
  if (!verified) return ACCOUNT.captchaInvalido
  const used = await db
    .insert(captchaUses)
    .values({ signature: decoded.challenge.signature!, expiresAt: new Date(now + CAPTCHA_TTL_MS) })
    .onConflictDoNothing()
    .returning({ signature: captchaUses.signature })
  return used.length ? null : ACCOUNT.captchaUsado
}

/** Maintenance: uses of challenges that have expired anyway. */
export async function deleteExpiredCaptchaUses(db: Db, now = new Date()): Promise<void> {
  await db.delete(captchaUses).where(lt(captchaUses.expiresAt, now))
}
