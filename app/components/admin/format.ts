/** Dates and times in the back office: pt-BR, in the store's zone (São Paulo). */
const dateTime = new Intl.DateTimeFormat('pt-BR', { dateStyle: 'short', timeStyle: 'short', timeZone: 'America/Sao_Paulo' })

export const formatDateTime = (iso: string | Date | null | undefined) => (iso ? dateTime.format(new Date(iso)) : '—')
