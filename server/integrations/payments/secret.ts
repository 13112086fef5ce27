// The HMAC secret of payment webhooks: PAYMENTS_WEBHOOK_SECRET, else one generated once per data
// directory (decision 0017). There is no built-in default: a known secret would let anyone mark an
// order paid.
import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

export const WEBHOOK_SECRET_ENV = 'PAYMENTS_WEBHOOK_SECRET'
export const WEBHOOK_SECRET_FILE = 'payments-webhook.secret'
const MIN_LENGTH = 32

/**
 * The secret from the environment (at least 32 characters), or the one kept in
 * `{dataDir}/payments-webhook.secret` (created on first use, mode 0600). Instances that share a
 * database but not a data directory must all be given the same PAYMENTS_WEBHOOK_SECRET.
 */
export function loadWebhookSecret(env: Record<string, string | undefined>, dataDir: string): string {
  const fromEnv = env[WEBHOOK_SECRET_ENV]?.trim()
  if (fromEnv) {
    if (fromEnv.length < MIN_LENGTH) throw new Error(`${WEBHOOK_SECRET_ENV} deve ter ao menos ${MIN_LENGTH} caracteres`)
    return fromEnv
  }
  const file = path.join(dataDir, WEBHOOK_SECRET_FILE)
  mkdirSync(dataDir, { recursive: true })
  // Written aside, then linked into place: the link fails if the file exists, so processes starting
  // together all keep the first one's secret, and none ever reads a half-written file.
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
  }
  const stored = readFileSync(file, 'utf8').trim()
  if (stored.length < MIN_LENGTH) throw new Error(`${file}: segredo curto ou vazio; apague o arquivo para gerar outro`)
  return stored
}
