import type { Db } from '../../db/client'
import { memoPerDb } from '../../lib/memo'

/**
 * What this process last read of a session's personal state (cart count and recent searches for
 * DataMenu, asked on every page load), kept PERSONAL_MEMORY_MS. Whatever changes that state here —
 * a search queued, a cart written — calls forgetPersonal at once; another instance on the same
 * PostgreSQL catches up within that time.
 */
export const PERSONAL_MEMORY_MS = 10_000
const memory = memoPerDb<unknown>(PERSONAL_MEMORY_MS, 20_000)

export function rememberedPersonal<T>(db: Db, sessionId: string, read: () => Promise<T>): Promise<T> {
  return memory.get(db, sessionId, read) as Promise<T>
}

export function forgetPersonal(db: Db, sessionId: string): void {
  memory.forget(db, sessionId)
}
