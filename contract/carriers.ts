// The carriers a shipped order can go with, and where the buyer follows the parcel (each carrier's
// public tracking page with the code in its query). Shared by the back office form and the order e-mail.

export const CARRIERS = {
  correios: { nome: 'Correios', url: (code: string) => `https://rastreamento.correios.com.br/app/index.php?objetos=${encodeURIComponent(code)}` },
  jadlog: { nome: 'Jadlog', url: (code: string) => `https://www.jadlog.com.br/jadlog/tracking?cte=${encodeURIComponent(code)}` },
  loggi: { nome: 'Loggi', url: (code: string) => `https://www.loggi.com/rastreador/${encodeURIComponent(code)}` },
} as const

export type CarrierId = keyof typeof CARRIERS
export const CARRIER_IDS = Object.keys(CARRIERS) as [CarrierId, ...CarrierId[]]

export const isCarrier = (value: string | null | undefined): value is CarrierId => value != null && Object.hasOwn(CARRIERS, value)

/** The buyer's tracking link of a shipped order, or null (no code, or a carrier we do not know). */
export function trackingUrl(carrier: string | null | undefined, code: string | null | undefined): string | null {
  return code && isCarrier(carrier) ? CARRIERS[carrier].url(code) : null
}
