import { describe, expect, it } from 'vitest'
import { BusyError, limiter } from './limiter'

const later = () => {
  let resolve!: (v: number) => void
  const promise = new Promise<number>((r) => (resolve = r))
  return { promise, resolve }
}

describe('limiter', () => {
  it('runs at most `concurrency` tasks, the rest in arrival order, and refuses beyond the queue', async () => {
    const l = limiter(2, 2)
    const gates = [later(), later(), later(), later()]
    const order: number[] = []
    const runs = gates.map((g, i) => l.run(async () => (order.push(i), g.promise)))
    expect(l.active).toBe(2)
    expect(l.waiting).toBe(2)
    await expect(l.run(async () => 9)).rejects.toBeInstanceOf(BusyError)
    expect(order).toEqual([0, 1])
    gates[1].resolve(1)
    await runs[1]
    expect(order).toEqual([0, 1, 2])
    gates[0].resolve(0)
    gates[2].resolve(2)
    gates[3].resolve(3)
    expect(await Promise.all(runs)).toEqual([0, 1, 2, 3])
    expect(l.active).toBe(0)
  })

  it('a failing task frees its place', async () => {
    const l = limiter(1, 0)
    await expect(l.run(async () => Promise.reject(new Error('x')))).rejects.toThrow('x')
    expect(await l.run(async () => 5)).toBe(5)
  })

  it('BusyError carries the pt-BR message', () => {
    expect(new BusyError().message).toMatch(/Tente novamente/)
  })
})
