import { REFUSAL_CATEGORIES, type Reason, type RefusalCategory } from '../../contract/messages/reason'

/**
 * The one way a domain function says no (docs/decisions/0032-one-way-to-refuse.md, 0119).
 *
 * A refusal carries its reason's code (`returns.notPaid`: what kind of no, for programs and tests),
 * its category (the family the HTTP layer maps to a status, in server/http/refusal.ts), the pt-BR
 * message for people, and the wire fields the answer adds beside `msg` (e.g. `{ estado: 'MaxLimite',
 * max: 3 }`). Domain code returns it, or throws it to roll a transaction back (server/db/tx.ts); it
 * never names an HTTP status.
 */
export { REFUSAL_CATEGORIES, type Reason, type RefusalCategory }

export type WireFields = Record<string, unknown>

export class Refusal extends Error {
  override readonly name = 'Refusal'
  readonly code: string
  readonly category: RefusalCategory
  constructor(
    reason: Reason,
    /** Fields the wire answer carries beside `msg` (and instead of the default `estado: 'erro'`). */
    readonly wire: WireFields = {},
  ) {
    super(reason.message)
    this.code = reason.code
    this.category = reason.category
  }
}

/**
 * Makes a refusal from a catalog entry (contract/messages/): return it, or throw it inside a
 * transaction to roll the transaction back.
 */
export const refuse = (reason: Reason, wire?: WireFields): Refusal => new Refusal(reason, wire)

export const isRefusal = (value: unknown): value is Refusal => value instanceof Refusal
