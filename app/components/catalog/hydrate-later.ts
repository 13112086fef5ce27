/**
 * Product cards hydrate in groups, each its own Suspense boundary (decision 0112). Nothing in a card
 * suspends, so the server writes every card in place, as before; in the browser React hydrates the
 * page's frame first and each boundary afterwards at its lowest priority, yielding between them, so
 * a listing of 48 cards never holds a phone's main thread for one long task. A tap on a card not yet
 * hydrated hydrates its group first and is then handled (React replays the event).
 */
export const HYDRATION_GROUP = 8

export function inGroups<T>(items: readonly T[], size = HYDRATION_GROUP): Array<{ key: number; first: number; items: readonly T[] }> {
  const groups = []
  for (let first = 0; first < items.length; first += size) groups.push({ key: first / size, first, items: items.slice(first, first + size) })
  return groups
}
