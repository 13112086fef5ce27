import { NOT_A_VIEW_HEADER } from '../../../contract/messages/catalog'
import { call } from '~/lib/api'
import type { PersonalState } from '~/lib/personal'

/**
 * The product page is rendered once for everyone with crr 0; only a visitor whose cart holds
 * something can have this product in it, so only then is it worth asking.
 */
export function needsCartCheck(personal: PersonalState): boolean {
  return personal.loaded && personal.ItensCar > 0
}

/** The visitor's own crr for a product, from detalhe-produto; null when the answer did not tell. */
export async function fetchInCart(hash: string, signal?: AbortSignal): Promise<boolean | null> {
  // The page already counted this visit: the check says so, so the view is not counted twice.
  const res = await call('detalheProduto', { id: hash }, { cache: 'no-store', signal, headers: { [NOT_A_VIEW_HEADER]: '1' } })
  return res.ok ? res.data[0].crr.crr === 1 : null
}
