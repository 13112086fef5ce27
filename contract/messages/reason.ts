/**
 * Reasons with codes (docs/decisions/0119-reasons-with-codes.md): every "no" the store can say is an
 * entry of one area's catalog in contract/messages/, carrying
 *
 * - `code`: what kind of no, for programs (`returns.notPaid`): tests and pages branch on it;
 * - `category`: the family the HTTP layer maps to a status (server/http/refusal.ts);
 * - `message`: the pt-BR sentence a person reads.
 *
 * No zod here: a page that only shows a message ships these lines and not the schemas' runtime.
 */
export const REFUSAL_CATEGORIES = [
  'bad_request', // the request cannot be read at all
  'invalid', // it can be read, but a value does not fit
  'auth', // nobody is logged in (or the session ended)
  'forbidden', // someone is logged in who may not do this
  'not_found', // no such thing (or not theirs)
  'conflict', // the thing changed meanwhile, or is in a state that does not allow this
  'stock', // not enough stock
  'too_large', // the request body is over its limit
  'unsupported', // the content type cannot be read
  'rate_limited', // too many tries
  'payment', // the payment provider said no (declined card, invalid payer…)
  'unavailable', // an outside service is down or the store is busy; try again
] as const
export type RefusalCategory = (typeof REFUSAL_CATEGORIES)[number]

export type Reason = { readonly code: string; readonly category: RefusalCategory; readonly message: string }

/** An entry as written in a catalog: its category and its sentence (or a sentence made from values). */
type Definition = readonly [RefusalCategory, string] | readonly [RefusalCategory, (...args: never[]) => string]

type Catalog<Area extends string, Defs extends Record<string, Definition>> = {
  readonly [K in keyof Defs & string]: Defs[K][1] extends (...args: infer A) => string
    ? ((...args: A) => Reason & { readonly code: `${Area}.${K}` }) & { readonly code: `${Area}.${K}` }
    : Reason & { readonly code: `${Area}.${K}` }
}

/**
 * One area's catalog: `reasons('returns', { notPaid: ['conflict', 'Este pedido não tem pagamento…'] })`
 * gives `RETURNS.notPaid` = `{ code: 'returns.notPaid', category: 'conflict', message: '…' }`. An entry
 * whose sentence takes values is a function (`STOCK.changed(3)`) that also carries its `code`.
 */
export function reasons<const Area extends string, const Defs extends Record<string, Definition>>(area: Area, defs: Defs): Catalog<Area, Defs> {
  const out: Record<string, unknown> = {}
  for (const [key, [category, message]] of Object.entries(defs)) {
    const code = `${area}.${key}`
    if (typeof message === 'function') {
      const make = (...args: never[]): Reason => Object.freeze({ code, category, message: message(...args) })
      out[key] = Object.assign(make, { code })
    } else {
      out[key] = Object.freeze({ code, category, message })
    }
  }
  return Object.freeze(out) as Catalog<Area, Defs>
}

/** The same reason with another sentence (a message built from the request, e.g. a field's name). */
export const withMessage = (reason: Reason, message: string): Reason => ({ code: reason.code, category: reason.category, message })
