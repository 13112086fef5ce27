/**
 * A map that keeps at most `maxEntries` values holding at most `maxBytes` together, dropping the
 * oldest first (insertion order; setting a key again makes it the newest). The value just set is
 * never the one dropped. A value's size may be learnt later (sized), as when it is a promise.
 */
export class BoundedMap<V> {
  private readonly map = new Map<string, { value: V; bytes: number }>()
  private total = 0

  constructor(
    private readonly maxEntries: number,
    private readonly maxBytes: number,
  ) {}

  get(key: string): V | undefined {
    return this.map.get(key)?.value
  }

  set(key: string, value: V, bytes = 0): void {
    this.delete(key)
    this.map.set(key, { value, bytes })
    this.total += bytes
    this.trim(key)
  }

  /** The size of `value`, if `key` still holds it. */
  sized(key: string, value: V, bytes: number): void {
    const kept = this.map.get(key)
    if (!kept || kept.value !== value) return
    this.total += bytes - kept.bytes
    kept.bytes = bytes
    this.trim(key)
  }

  delete(key: string, only?: V): void {
    const kept = this.map.get(key)
    if (!kept || (only !== undefined && kept.value !== only)) return
    this.map.delete(key)
    this.total -= kept.bytes
  }

  clear(): void {
    this.map.clear()
    this.total = 0
  }

  private trim(newest: string): void {
    while (this.map.size > this.maxEntries || this.total > this.maxBytes) {
      const oldest = this.map.keys().next().value as string
      if (oldest === newest) return
      this.delete(oldest)
    }
  }
}
