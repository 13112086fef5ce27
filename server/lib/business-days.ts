import { isBusinessDay } from '@brazilian-utils/brazilian-utils/is-business-day'

const pad = (n: number) => String(n).padStart(2, '0')

/**
 * The calendar date (YYYY-MM-DD) `days` business days after `from`: weekends and the national
 * holidays of @brazilian-utils/brazilian-utils skipped (Carnaval and Corpus Christi included), or
 * whatever `isOpen` says is a working day. Used for delivery dates and boleto due dates.
 */
export function addBusinessDays(from: string, days: number, isOpen: (day: Date) => boolean = isBusinessDay): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(from)
  if (!match) throw new RangeError(`Data inválida (${from})`)
  if (!Number.isInteger(days) || days < 0) throw new RangeError(`Prazo inválido (${days})`)
  // Noon local time: the library reads the local calendar day, and noon never crosses a day edge.
  const day = new Date(Number(match[1]), Number(match[2]) - 1, Number(match[3]), 12)
  for (let left = days; left > 0;) {
    day.setDate(day.getDate() + 1)
    if (day.getFullYear() > 2099) throw new RangeError('Calendário de feriados só até 2099')
    if (isOpen(day)) left -= 1
  }
  return `${day.getFullYear()}-${pad(day.getMonth() + 1)}-${pad(day.getDate())}`
}
