/**
 * A small seeded PRNG (mulberry32) so the demo catalog is the same on every machine and every run.
 * Streams are derived from a base seed and a label, so one product's data does not shift when another
 * product's generator draws one more number.
 */

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** 32-bit FNV-1a hash of a string: turns labels into seeds. */
export function hashString(value: string): number {
  let h = 0x811c9dc5
  for (let i = 0; i < value.length; i++) {
    h ^= value.charCodeAt(i)
    h = Math.imul(h, 0x01000193)
  }
  return h >>> 0
}

export class Rng {
  private state: number

  constructor(seed: number) {
    this.state = seed >>> 0
  }

  /** A new independent stream for `label` derived from `seed`. */
  static derive(seed: number, ...label: Array<string | number>): Rng {
    return new Rng(hashString(`${seed}:${label.join(':')}`))
  }

  /** Uniform float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0
    let t = this.state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }

  /** Integer in [min, max], both inclusive. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1))
  }

  chance(p: number): boolean {
    return this.next() < p
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list')
    return items[Math.floor(this.next() * items.length)]
  }

  /** Picks an item with probability proportional to weight(item). */
  weighted<T>(items: readonly T[], weight: (item: T) => number): T {
    const total = items.reduce((sum, item) => sum + weight(item), 0)
    let roll = this.next() * total
    for (const item of items) {
      roll -= weight(item)
      if (roll < 0) return item
    }
    return items[items.length - 1]
  }

  /** `count` distinct items in random order. */
  sample<T>(items: readonly T[], count: number): T[] {
    const copy = [...items]
    for (let i = copy.length - 1; i > 0; i--) {
      const j = Math.floor(this.next() * (i + 1))
      ;[copy[i], copy[j]] = [copy[j], copy[i]]
    }
    return copy.slice(0, Math.min(count, copy.length))
  }

  /** An opaque, URL-safe alphanumeric string. */
  token(length: number): string {
    let out = ''
    for (let i = 0; i < length; i++) out += ALNUM[Math.floor(this.next() * ALNUM.length)]
    return out
  }
}
