import { describe, expect, it } from 'vitest'
import type { Db } from '../db/client'
import { lastAnswers, memoPerDb } from './memo'

const db = {} as Db

describe('memoPerDb', () => {
  it('answers from memory within the time, computes again after it or when forgotten', async () => {
    const memo = memoPerDb<number>(1000, 10)
    let n = 0
    const compute = async () => ++n
    expect(await memo.get(db, 'a', compute, 0)).toBe(1)
    expect(await memo.get(db, 'a', compute, 999)).toBe(1)
    expect(await memo.get(db, 'a', compute, 1000)).toBe(2)
    memo.forget(db, 'a')
    expect(await memo.get(db, 'a', compute, 1001)).toBe(3)
  })

  it('forgets a failure at once and keeps at most maxEntries keys', async () => {
    const memo = memoPerDb<number>(1000, 2)
    await expect(memo.get(db, 'x', () => Promise.reject(new Error('falhou')), 0)).rejects.toThrow('falhou')
    expect(await memo.get(db, 'x', async () => 7, 1)).toBe(7)
    let n = 0
    await memo.get(db, 'b', async () => ++n, 2)
    await memo.get(db, 'c', async () => ++n, 3)
    // 'x' was the oldest and was dropped.
    expect(await memo.get(db, 'x', async () => 8, 4)).toBe(8)
  })
})

describe('lastAnswers', () => {
  it('computes once per argument among the last ones, forgetting the oldest beyond the bound', () => {
    const calls: string[] = []
    const upper = lastAnswers((key: string) => {
      calls.push(key)
      return key.toUpperCase()
    }, 2)
    expect([upper('a'), upper('a'), upper('b'), upper('a')]).toEqual(['A', 'A', 'B', 'A'])
    expect(calls).toEqual(['a', 'b'])
    upper('c') // 'a' is the oldest kept: dropped
    upper('a')
    expect(calls).toEqual(['a', 'b', 'c', 'a'])
  })
})
