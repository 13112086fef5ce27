import type { Db } from '../../db/client'

/**
 * What this process last read of a session's personal state (cart count and recent searches for
 * DataMenu, asked on every page load), kept PERSONAL_MEMORY_MS. Whatever changes that state here —
 * a search queued, a cart written — calls forgetPersonal at once; another instance on the same
 * PostgreSQL catches up within that time.
 */
export const PERSONAL_MEMORY_MS = 10_000
const MAX_REMEMBERED = 20_000

type Remembered<T> = { at: number; value: Promise<T> }
const memories = new WeakMap<Db, Map<string, Remembered<unknown>>>()

export function rememberedPersonal<T>(db: Db, sessionId: string, read: () => Promise<T>, now = Date.now()): Promise<T> {
  let memory = memories.get(db)
  if (!memory) {
    memory = new Map()
    memories.set(db, memory)
  }
  const known = memory.get(sessionId)
  if (known && now - known.at < PERSONAL_MEMORY_MS) return known.value as Promise<T>
  const value = read()
  memory.delete(sessionId)
  memory.set(sessionId, { at: now, value })
  value.catch(() => {
    if (memory.get(sessionId)?.value === value) memory.delete(sessionId)
  })
  while (memory.size > MAX_REMEMBERED) memory.delete(memory.keys().next().value as string)
  return value
}

export function forgetPersonal(db: Db, sessionId: string): void {
  memories.get(db)?.delete(sessionId)
}
