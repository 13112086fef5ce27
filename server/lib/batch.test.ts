import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { readBatcher } from './batch'

const db = {} as Db
const other = {} as Db

/** A read that answers when told to, recording each batch of keys it was given. */
function gatedRead() {
  const batches: number[][] = []
  const gates: Array<() => void> = []
  const read = async (_db: Db, keys: readonly number[]) => {
    batches.push([...keys])
    await new Promise<void>((resolve) => gates.push(resolve))
    return keys.map((k) => k * 10)
  }
  const openNext = async () => {
    while (gates.length === 0) await new Promise((r) => setTimeout(r, 1))
    gates.shift()!()
  }
  return { batches, read, openNext }
}

describe('readBatcher', () => {
  it('a lone key is read at once; keys asked while a read runs go together in the next one', async () => {
    const { batches, read, openNext } = gatedRead()
    const reads = readBatcher({ max: 64, read })
    const first = reads.get(db, 1)
    await new Promise((r) => setTimeout(r, 5))
    expect(batches).toEqual([[1]])
    const later = [2, 3, 4].map((k) => reads.get(db, k))
    await new Promise((r) => setTimeout(r, 5))
    // Nothing more is read until the running read is done.
    expect(batches).toEqual([[1]])
    await openNext()
    expect(await first).toBe(10)
    await openNext()
    expect(await Promise.all(later)).toEqual([20, 30, 40])
    expect(batches).toEqual([[1], [2, 3, 4]])
  })

  it('a burst in one tick is one read, at most `max` keys to a read, each caller its own value', async () => {
    const { batches, read, openNext } = gatedRead()
    const reads = readBatcher({ max: 3, read })
    const all = Promise.all([1, 2, 3, 4, 5, 6, 7].map((k) => reads.get(db, k)))
    for (let i = 0; i < 3; i++) await openNext()
    expect(await all).toEqual([10, 20, 30, 40, 50, 60, 70])
    expect(batches).toEqual([[1, 2, 3], [4, 5, 6], [7]])
  })

  it('the next read goes before the answers of the last one are handed out (the database works while they are answered)', async () => {
    const { batches, read, openNext } = gatedRead()
    const reads = readBatcher({ max: 64, read })
    const seenByFirst: number[][][] = []
    const first = reads.get(db, 1).then((v) => (seenByFirst.push(batches.map((b) => [...b])), v))
    while (batches.length === 0) await new Promise((r) => setImmediate(r))
    const second = reads.get(db, 2)
    await openNext()
    expect(await first).toBe(10)
    // When the first caller went on, the read of the key asked meanwhile had already gone.
    expect(seenByFirst).toEqual([[[1], [2]]])
    await openNext()
    expect(await second).toBe(20)
  })

  it('keys asked by separate callbacks of one turn of the event loop go in one read', async () => {
    const { batches, read, openNext } = gatedRead()
    const reads = readBatcher({ max: 64, read })
    // Two callbacks queued together run in one phase of the loop, as the requests of one poll phase
    // do. (Two setTimeout(0) are not that on a loaded machine: created a millisecond apart, the
    // second is not yet due in the first one's timers phase.)
    const asked = await new Promise<Array<Promise<number>>>((resolve) => {
      const got: Array<Promise<number>> = []
      setImmediate(() => got.push(reads.get(db, 1)))
      setImmediate(() => resolve([...got, reads.get(db, 2)]))
    })
    await openNext()
    expect(await Promise.all(asked)).toEqual([10, 20])
    expect(batches).toEqual([[1, 2]])
  })

  it('a read that throws at once fails its callers, and the batcher goes on', async () => {
    let calls = 0
    const reads = readBatcher<number, number>({
      max: 64,
      read: (_db, keys) => {
        if (++calls === 1) throw new Error('de imediato')
        return Promise.resolve(keys.map((k) => k * 2))
      },
    })
    await expect(reads.get(db, 1)).rejects.toThrow('de imediato')
    expect(await reads.get(db, 4)).toBe(8)
  })

  it("a failed read fails its batch's callers only; the next batch is read", async () => {
    let calls = 0
    const reads = readBatcher<number, number>({
      max: 64,
      read: async (_db, keys) => {
        calls++
        await new Promise((r) => setTimeout(r, 5))
        if (calls === 1) throw new Error('falhou')
        return keys.map((k) => k + 1)
      },
    })
    const first = reads.get(db, 1)
    // The second key is asked once the first read runs (a read starts on the check phase).
    while (calls === 0) await new Promise((r) => setImmediate(r))
    const second = reads.get(db, 2)
    await expect(first).rejects.toThrow('falhou')
    expect(await second).toBe(3)
  })

  it('keeps each database apart', async () => {
    const seen: Array<[Db, number[]]> = []
    const reads = readBatcher<number, number>({ max: 64, read: async (d, keys) => (seen.push([d, [...keys]]), keys.map((k) => k)) })
    await Promise.all([reads.get(db, 1), reads.get(other, 2), reads.get(db, 3)])
    expect(seen).toEqual([
      [db, [1, 3]],
      [other, [2]],
    ])
  })
})
