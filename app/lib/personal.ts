import { useSyncExternalStore } from 'react'
import type { DataMenu, MenuCategory } from '../../contract/menu'
import { call } from './api'

/**
 * What only this visitor sees in the shell: the cart badge (ItensCar) and the recent searches
 * (histBusca). Pages are rendered once for everyone, so this comes from DataMenu in the browser.
 */
export type PersonalState = Pick<DataMenu, 'ItensCar' | 'histBusca'> & {
  /** False until DataMenu (or a cart answer) has told the count: the badge stays hidden. */
  loaded: boolean
}

/** The server render and the first browser render (hydration must match it). */
export const EMPTY_PERSONAL: PersonalState = { ItensCar: 0, histBusca: [], loaded: false }

let state = EMPTY_PERSONAL
/** The category tree of the newest DataMenu answer: the category panel opens with it. */
let categorias: MenuCategory[] | null = null
const listeners = new Set<() => void>()
/** Bumped by every refresh and every count set, to order them. */
let clock = 0
/** The newest refresh: an older answer arriving late is dropped. */
let latestRefresh = 0
/** When a cart answer last set the count: a refresh started before it must not undo it. */
let countSetAt = 0

function update(next: PersonalState) {
  state = next
  for (const listener of listeners) listener()
}

function subscribe(listener: () => void) {
  listeners.add(listener)
  return () => {
    listeners.delete(listener)
  }
}

/** Asks DataMenu again (after a search, or a cart change without a count). Never throws. */
export async function refreshPersonal(): Promise<void> {
  const started = ++clock
  latestRefresh = started
  const res = await call('dataMenu', {}, { cache: 'no-store' })
  // A failed answer keeps what is shown; the next change asks again.
  if (!res.ok || started !== latestRefresh) return
  categorias = res.data.Categorias
  const ItensCar = countSetAt > started ? state.ItensCar : res.data.ItensCar
  update({ ItensCar, histBusca: res.data.histBusca, loaded: true })
}

/** The first load after hydration; a no-op once anything has asked. */
export function loadPersonal(): void {
  if (latestRefresh === 0) void refreshPersonal()
}

/** After a cart change: `itens` is the new count when the answer has it, otherwise DataMenu is asked. */
export function cartChanged(itens?: number): void {
  if (itens === undefined) {
    void refreshPersonal()
    return
  }
  countSetAt = ++clock
  update({ ...state, ItensCar: itens, loaded: true })
}

/** The category tree DataMenu last answered, or null before it has. */
export function knownCategories(): MenuCategory[] | null {
  return categorias
}

export function getPersonal(): PersonalState {
  return state
}

/** The visitor's badge count and recent searches; the empty state on the server and while hydrating. */
export function usePersonal(): PersonalState {
  return useSyncExternalStore(subscribe, getPersonal, () => EMPTY_PERSONAL)
}
