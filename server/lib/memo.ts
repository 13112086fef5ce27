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

/**
 * A pure function remembered for the last `maxEntries` arguments it was called with (oldest dropped
 * first): for costly answers to arguments that repeat request after request.
 */
export function lastAnswers<V>(compute: (key: string) => V, maxEntries: number): (key: string) => V {
  const answers = new Map<string, V>()
  return (key) => {
    if (answers.has(key)) return answers.get(key) as V
    const value = compute(key)
    answers.set(key, value)
    if (answers.size > maxEntries) answers.delete(answers.keys().next().value as string)
    return value
  }
}
