import type { Db } from '../db/client'

/**
 * A per-database, per-key memory of promised values for `ttlMs`, at most `maxEntries` keys (oldest
 * dropped first). A failed computation is forgotten at once. The shape shared by the short
 * per-process memories of sessions' personal state.
 */
export function memoPerDb<T>(ttlMs: number, maxEntries: number) {
  const memories = new WeakMap<Db, Map<string, { at: number; value: Promise<T> }>>()
  return {
    get(db: Db, key: string, compute: () => Promise<T>, now = Date.now()): Promise<T> {
      let memory = memories.get(db)
      if (!memory) {
        memory = new Map()
        memories.set(db, memory)
      }
      const known = memory.get(key)
      if (known && now - known.at < ttlMs) return known.value
      const value = compute()
      memory.delete(key)
      memory.set(key, { at: now, value })
      value.catch(() => {
        if (memory.get(key)?.value === value) memory.delete(key)
      })
      // Oldest first in a Map: drop from the front when full.
      while (memory.size > maxEntries) memory.delete(memory.keys().next().value as string)
      return value
    },
    forget(db: Db, key: string): void {
      memories.get(db)?.delete(key)
    },
  }
}
