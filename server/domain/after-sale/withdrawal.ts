// The right of withdrawal (direito de arrependimento, CDC art. 49; Decreto 7.962/2013 art. 5):
// 7 days from receipt, counted in calendar days in São Paulo (docs/decisions/0081-withdrawal-deadline.md).
import { brazilDate } from '../../integrations/payments/dates'

export const WITHDRAWAL_DAYS = 7

/** The calendar day `days` after YYYY-MM-DD. */
function addDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`)
  d.setUTCDate(d.getUTCDate() + days)
  return d.toISOString().slice(0, 10)
}

/** The instant São Paulo's calendar day `date` begins (offset −03:00, or −02:00 on a summer-time day before 2019). */
export function saoPauloMidnight(date: string): Date {
  for (const offset of ['-03:00', '-02:00']) {
    const at = new Date(`${date}T00:00:00${offset}`)
    if (brazilDate(at) === date && brazilDate(new Date(at.getTime() - 1)) !== date) return at
  }
  return new Date(`${date}T00:00:00-03:00`)
}

/**
 * The withdrawal window of an order received at `deliveredAt`: the day of receipt does not count,
 * the 7th day after it counts whole (until 23:59:59 in São Paulo). `until` is the first instant past it.
 */
export function withdrawalWindow(deliveredAt: Date): { lastDay: string; until: Date } {
  const lastDay = addDays(brazilDate(deliveredAt), WITHDRAWAL_DAYS)
  return { lastDay, until: saoPauloMidnight(addDays(lastDay, 1)) }
}

export const withinWithdrawal = (deliveredAt: Date, now: Date): boolean => now < withdrawalWindow(deliveredAt).until
