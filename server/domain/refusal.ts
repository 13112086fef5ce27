/**
 * The one way a domain function says no (docs/decisions/0032-one-way-to-refuse.md).
 *
 * A refusal carries a code (what kind of no, for the program), the pt-BR message for people, and
 * the wire fields the answer adds beside `msg` (e.g. `{ estado: 'MaxLimite', max: 3 }`). Domain code
 * returns it, or throws it to roll a transaction back; it never names an HTTP status. The HTTP layer
 * maps codes to statuses in one place (server/http/refusal.ts).
 */
export const REFUSAL_CODES = [
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
export type RefusalCode = (typeof REFUSAL_CODES)[number]

export type WireFields = Record<string, unknown>

export class Refusal extends Error {
  override readonly name = 'Refusal'
  constructor(
    readonly code: RefusalCode,
    message: string,
    /** Fields the wire answer carries beside `msg` (and instead of the default `estado: 'erro'`). */
    readonly wire: WireFields = {},
  ) {
    super(message)
  }
}

/** Makes a refusal; return it, or throw it inside a transaction to roll the transaction back. */
export const refuse = (code: RefusalCode, message: string, wire?: WireFields): Refusal => new Refusal(code, message, wire)

export const isRefusal = (value: unknown): value is Refusal => value instanceof Refusal
