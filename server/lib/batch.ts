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
export function batcher<K, V>(options: { flushMs: number; max: number; write: (db: Db, items: ReadonlyMap<K, V>) => Promise<void> }): Batcher<K, V> {
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

/**
 * Keys to a read of the request path's batched reads (session.ts, in-cart.ts). Small enough that
 * under load the waiting requests make several reads, so the database reads one while the process
 * answers the one before (readBatcher); at 64 the 50 shoppers of the bench went as one read, and
 * the two sides took turns (decision 0118).
 */
export const READ_BATCH_MAX = 16

type Waiting<K, V> = { key: K; resolve: (value: V) => void; reject: (err: unknown) => void }
type Line<K, V> = { queue: Waiting<K, V>[]; reading: boolean; starting: boolean }

export type ReadBatcher<K, V> = {
  /** The value for `key`, read together with the other keys asked meanwhile. */
  get(db: Db, key: K): Promise<V>
}

/**
 * Reads made in the request path, gathered per database the way a database gathers commits: one
 * read at a time per database, each taking the keys asked since the last one went (at most `max`).
 * A lone request waits for nothing but the rest of its turn of the event loop; under load one
 * statement answers many requests, so the per-statement cost (round trip, bind, execute, reply) is
 * paid once per batch instead of once per request.
 *
 * The database and the answering overlap (decision 0118): a read's answers are handed out on the
 * turn of the event loop after it came back, once the next read has gone. Handed out at once, the
 * callers' work (pricing, JSON, gzip, the socket) ran before the next statement could leave, so the
 * database waited for the process and the process for the database, one batch after the other.
 * A read starts on the turn's check phase (setImmediate), after every request the turn took in has
 * asked: a burst goes as one read, not as a first key alone and then the rest.
 * `read` answers the keys in their order; its failure is every waiting caller's.
 */
export function readBatcher<K, V>(options: { max: number; read: (db: Db, keys: readonly K[]) => Promise<readonly V[]> }): ReadBatcher<K, V> {
  const lines = new Map<Db, Line<K, V>>()

  const next = (db: Db, line: Line<K, V>): void => {
    if (line.reading || line.queue.length === 0) return
    line.reading = true
    const batch = line.queue.splice(0, options.max)
    const done = (hand: () => void) => {
      line.reading = false
      next(db, line)
      setImmediate(hand)
    }
    // A read that throws at once fails its batch like one that rejects.
    new Promise<readonly V[]>((resolve) =>
      resolve(
        options.read(
          db,
          batch.map((w) => w.key),
        ),
      ),
    ).then(
      (values) => done(() => batch.forEach((w, i) => w.resolve(values[i]))),
      (err: unknown) => done(() => batch.forEach((w) => w.reject(err))),
    )
  }

  const start = (db: Db, line: Line<K, V>): void => {
    line.starting = false
    next(db, line)
  }

  return {
    get(db, key) {
      let line = lines.get(db)
      if (!line) {
        line = { queue: [], reading: false, starting: false }
        lines.set(db, line)
      }
      const current = line
      return new Promise<V>((resolve, reject) => {
        current.queue.push({ key, resolve, reject })
        if (!current.reading && !current.starting) {
          current.starting = true
          setImmediate(start, db, current)
        }
      })
    },
  }
}
