import type { Db } from '../../db/client'
import { deleteExpiredCaptchaUses } from './captcha'
import { deleteExpiredLimits } from './limits'
import { deleteExpiredTokens } from './tokens'

/** Maintenance (every 10 minutes): rate-limit counters, tokens and captcha uses past their time. */
export async function deleteExpiredAccountRows(db: Db, now = new Date()): Promise<void> {
  await deleteExpiredLimits(db, now)
  await deleteExpiredTokens(db, now)
  await deleteExpiredCaptchaUses(db, now)
}
