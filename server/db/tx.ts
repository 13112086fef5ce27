import type { Db } from './client'
import { isRefusal, type Refusal } from '../domain/refusal'

/** A transaction's handle: a Db too, so a function that takes a Db runs inside one or alone. */
export type Tx = Parameters<Parameters<Db['transaction']>[0]>[0]

/**
 * The one way to run a writer's transaction (docs/decisions/0119-reasons-with-codes.md): a Refusal
 * thrown inside rolls it back and comes out as a value, like every other refusal. `translate` turns
 * a database error the writer expects (a unique index's violation) into a refusal; anything else is
 * let through as the bug it is.
 */
export async function transaction<T>(db: Db, work: (tx: Tx) => Promise<T | Refusal>, translate?: (err: unknown) => Refusal | null): Promise<T | Refusal> {
  try {
    return await db.transaction(async (tx) => {
      const result = await work(tx)
      // A refusal returned (not thrown) still leaves nothing half-written.
      if (isRefusal(result)) throw result
      return result
    })
  } catch (err) {
    if (isRefusal(err)) return err
    const translated = translate?.(err)
    if (translated) return translated
    throw err
  }
}
