// The HMAC secret of payment webhooks: PAYMENTS_WEBHOOK_SECRET, else one generated once per data
// directory (decision 0017). There is no built-in default: a known secret would let anyone mark an
// order paid.
import { keptSecret } from '../../lib/kept-secret'

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
  return keptSecret(dataDir, WEBHOOK_SECRET_FILE)
}
