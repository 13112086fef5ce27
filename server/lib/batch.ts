import type { Db } from '../db/client'

type Batch<K, V> = { items: Map<K, V>; timer: NodeJS.Timeout | null; written: Promise<boolean>; settle: (ok: boolean) => void }

export type Batcher<K, V> = {
  /**
   * Queues a value under `key`, made from the one already queued under it (if any). Resolves true
   * once its batch is written, false when writing failed.
   */
  add(db: Db, key: K, value: (queued: V | undefined) => V): Promise<boolean>
  /** Writes what is queued now: one database's batch, or every database's. */
  flush(db?: Db): Promise<void>
  /** The values waiting to be written for this database. */
  pending(db: Db): Iterable<V>
}

/**
 * Writes made in the request path, gathered per database and written together: `flushMs` after the
 * first one of a batch, or at once when `max` keys wait. One key is one row of the batch. `write`
 * throws when the batch could not be written (its callers then learn false).
 */
export function batcher<K, V>(options: {
  flushMs: number
  max: number
  write: (db: Db, items: ReadonlyMap<K, V>) => Promise<void>
}): Batcher<K, V> {
  const batches = new Map<Db, Batch<K, V>>()

  const fresh = (): Batch<K, V> => {
    let settle: (ok: boolean) => void = () => {}
    const written = new Promise<boolean>((resolve) => (settle = resolve))
    return { items: new Map(), timer: null, written, settle }
  }

  const flushOne = async (db: Db): Promise<void> => {
    const batch = batches.get(db)
    if (!batch || batch.items.size === 0) return
    if (batch.timer) clearTimeout(batch.timer)
    batches.set(db, fresh())
    let ok = true
    try {
      await options.write(db, batch.items)
    } catch {
      ok = false
    }
    batch.settle(ok)
  }

  return {
    add(db, key, value) {
      let batch = batches.get(db)
      if (!batch) {
        batch = fresh()
        batches.set(db, batch)
      }
      batch.items.set(key, value(batch.items.get(key)))
      const { written } = batch
      if (batch.items.size >= options.max) void flushOne(db)
      else if (!batch.timer) {
        batch.timer = setTimeout(() => void flushOne(db), options.flushMs)
        batch.timer.unref()
      }
      return written
    },
    async flush(db) {
      await Promise.all((db ? [db] : [...batches.keys()]).map(flushOne))
    },
    pending(db) {
      return batches.get(db)?.items.values() ?? []
    },
  }
}
