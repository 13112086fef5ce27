import { describe, expect, it } from 'vitest'
import { saoPauloMidnight, withdrawalWindow, withinWithdrawal } from './withdrawal'

describe('withdrawal deadline (America/Sao_Paulo)', () => {
  it('counts 7 calendar days after the day of receipt, the last one whole', () => {
    // Received on 10/11 at 23:30 in São Paulo (02:30 UTC on the 11th): the São Paulo day is the 10th.
    const delivered = new Date('2026-11-11T02:30:00Z')
    const w = withdrawalWindow(delivered)
    expect(w.lastDay).toBe('2026-11-17')
    expect(w.until.toISOString()).toBe('2026-11-18T03:00:00.000Z')
    expect(withinWithdrawal(delivered, new Date('2026-11-18T02:59:59.999Z'))).toBe(true) // 17/11 23:59:59 SP
    expect(withinWithdrawal(delivered, new Date('2026-11-18T03:00:00.000Z'))).toBe(false) // 18/11 00:00 SP
  })

  it('a delivery at 01:00 UTC is still the previous day in São Paulo (not UTC’s)', () => {
    const w = withdrawalWindow(new Date('2026-03-01T01:00:00Z')) // 28/02 22:00 SP
    expect(w.lastDay).toBe('2026-03-07')
  })

  it('finds midnight on a pre-2019 summer-time day (−02:00)', () => {
    expect(saoPauloMidnight('2018-12-01').toISOString()).toBe('2018-12-01T02:00:00.000Z')
    expect(saoPauloMidnight('2026-12-01').toISOString()).toBe('2026-12-01T03:00:00.000Z')
  })
})
