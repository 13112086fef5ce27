import { isRefusal, type Refusal } from '../refusal'

/**
 * A transaction that throws a Refusal to roll back (refusal.ts) answers it as a value, like every
 * other refusal; any other error is let through.
 */
export async function rollbackAsValue<T>(work: Promise<T | Refusal>): Promise<T | Refusal> {
  try {
    return await work
  } catch (err) {
    if (isRefusal(err)) return err
    throw err
  }
}
