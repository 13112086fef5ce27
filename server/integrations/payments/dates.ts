// Calendar days as the store counts them: Brasília time, whatever the server's time zone.

/** Made once: building an Intl formatter costs far more than formatting with it (~0.3 ms each). */
const BRASILIA_DAY = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric', month: '2-digit', day: '2-digit' })

/** The calendar date in Brasília at `now`, YYYY-MM-DD: the day a slip is issued on, a card's month. */
export function brazilDate(now: Date): string {
  return BRASILIA_DAY.format(now)
}
