import { describe, expect, it } from 'vitest'
import { BoundedMap } from './bounded'

describe('BoundedMap', () => {
  it('drops the oldest beyond its count, and a key set again becomes the newest', () => {
    const m = new BoundedMap<number>(2, Infinity)
    m.set('a', 1)
    m.set('b', 2)
    m.set('a', 3)
    m.set('c', 4)
    expect([m.get('a'), m.get('b'), m.get('c')]).toEqual([3, undefined, 4])
  })

  it('drops the oldest beyond its bytes, never the value just set, and learns sizes later', () => {
    const m = new BoundedMap<string>(10, 100)
    m.set('a', 'x', 60)
    m.set('b', 'y', 60)
    expect(m.get('a')).toBeUndefined()
    m.set('c', 'z', 500)
    expect([m.get('b'), m.get('c')]).toEqual([undefined, 'z'])
    const n = new BoundedMap<string>(10, 100)
    n.set('a', 'x')
    n.set('b', 'y')
    n.sized('a', 'x', 80)
    n.sized('b', 'old value', 80) // b holds another value: nothing learnt
    expect([n.get('a'), n.get('b')]).toEqual(['x', 'y'])
    n.sized('b', 'y', 80)
    expect([n.get('a'), n.get('b')]).toEqual([undefined, 'y'])
  })

  it('deletes only the value given, when one is given', () => {
    const m = new BoundedMap<string>(10, Infinity)
    m.set('a', 'x')
    m.delete('a', 'other')
    expect(m.get('a')).toBe('x')
    m.delete('a', 'x')
    expect(m.get('a')).toBeUndefined()
  })
})
