import { data } from 'react-router'
import { BusyError } from '../../server/lib/limiter'

/**
 * A listing loader's database work, with an overloaded store answered as 503 + Retry-After (the
 * listing's error screen offers 'Tentar novamente') instead of a 500.
 */
export async function orBusy<T>(work: Promise<T>): Promise<T> {
  try {
    return await work
  } catch (err) {
    if (err instanceof BusyError) throw data({ estado: 'erro', msg: err.message }, { status: 503, headers: { 'Retry-After': '2' } })
    throw err
  }
}
