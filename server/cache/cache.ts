import { AsyncLocalStorage } from 'node:async_hooks'

/**
 * The one way the store caches answers in memory (decision 0015). A cache has a name, a TTL, a count
 * bound and a byte bound (oldest dropped first), hit/miss counters an operator can read
 * (`GET /healthz?detalhe=1`, and a log line every few minutes), and tags: each entry names what it
 * was built from (`product:12`, `cart:{session}`, a match set), so a write drops exactly the entries
 * it makes wrong (forgetTags) and nothing else.
 *
 * Tags also flow: whatever cached values a computation reads while it runs (getOrCompute, or
 * noteTags from code that reads a cache by hand) become tags of the entry it produces — so the
 * micro-cache's copy of a search page knows it holds product 12's card, and forgetting product 12
 * drops it too.
 */
export type CacheSpec = {
  name: string
  /** How long an entry answers (Infinity: until dropped by a bound, for pure functions). */
  ttlMs: number
  maxEntries: number
  /** Bytes held at most (only entries whose size is given count); default unbounded. */
  maxBytes?: number
  /** 'catalog': built from catalog rows, all dropped by clearCatalogCaches (imports, reseeding). */
  scope?: 'catalog' | 'session' | 'process'
}

export type CacheEntry<V> = {
  value: V
  /** When it was stored (ms). */
  at: number
  bytes: number
  tags: ReadonlySet<string>
  /** A promised value once it has settled well (what keysWhere tests). */
  settled?: Awaited<V>
}

type Counters = { hits: number; misses: number }

const NO_TAGS: ReadonlySet<string> = new Set()

/** The entry's value, its tags noted for the computation asking (once a promise settles). */
function passTags<V>(entry: CacheEntry<V>): V {
  const value = entry.value
  if (!(value instanceof Promise)) {
    if (entry.tags.size) noteTags(entry.tags)
    return value
  }
  return value.then((settled: unknown) => {
    if (entry.tags.size) noteTags(entry.tags)
    return settled
  }) as V
}

const collecting = new AsyncLocalStorage<Set<string>>()

/** Adds tags to the entry being computed right now, if any (a hand-read cache value, a row id). */
export function noteTags(tags: Iterable<string>): void {
  const into = collecting.getStore()
  if (into) for (const tag of tags) into.add(tag)
}

/** Runs `fn`, collecting the tags of every cached value it reads (including after awaits). */
export function collectTags<T>(fn: () => T): { result: T; tags: Set<string> } {
  const tags = new Set<string>()
  return { result: collecting.run(tags, fn), tags }
}

export class Cache<V> {
  private readonly map = new Map<string, CacheEntry<V>>()
  private readonly byTag = new Map<string, Set<string>>()
  private held = 0

  constructor(
    readonly spec: CacheSpec,
    private readonly counters: Counters,
  ) {}

  get size(): number {
    return this.map.size
  }

  get bytes(): number {
    return this.held
  }

  /** The entry, expired or not (for stale-while-revalidate); counts nothing. */
  entry(key: string): CacheEntry<V> | undefined {
    return this.map.get(key)
  }

  /** The value when stored less than the TTL ago (its tags go to the computation running now). */
  get(key: string, now = Date.now()): V | undefined {
    const found = this.map.get(key)
    if (found && now - found.at < this.spec.ttlMs) {
      this.counters.hits++
      if (found.tags.size) noteTags(found.tags)
      return found.value
    }
    this.counters.misses++
    return undefined
  }

  set(key: string, value: V, options: { tags?: Iterable<string>; bytes?: number; now?: number } = {}): CacheEntry<V> {
    this.delete(key)
    const tags = options.tags ? new Set(options.tags) : NO_TAGS
    const entry: CacheEntry<V> = { value, at: options.now ?? Date.now(), bytes: options.bytes ?? 0, tags }
    if (!(value instanceof Promise)) entry.settled = value as Awaited<V>
    this.map.set(key, entry)
    this.held += entry.bytes
    this.index(key, tags)
    this.trim(key)
    return entry
  }

  /** Learns the size or more tags of `entry` later (a promise that settled), if `key` still holds it. */
  update(key: string, entry: CacheEntry<V>, change: { bytes?: number; tags?: Iterable<string> }): void {
    if (change.bytes !== undefined && this.map.get(key) === entry) {
      this.held += change.bytes - entry.bytes
      entry.bytes = change.bytes
    }
    if (change.tags) {
      const tags = new Set(entry.tags)
      for (const tag of change.tags) tags.add(tag)
      entry.tags = tags
      if (this.map.get(key) === entry) this.index(key, tags)
    }
    this.trim(key)
  }

  /**
   * The cached value, or `compute()` cached for the TTL. A promise is shared by concurrent callers and
   * forgotten at once if it fails. The tags of what `compute` reads become the entry's, and go on to
   * whatever computation asks for the value (a hit included). `bytes` sizes the value once known.
   */
  getOrCompute(
    key: string,
    compute: () => V,
    options: { tags?: Iterable<string>; now?: number; bytes?: (value: Awaited<V>) => number } = {},
  ): V {
    const now = options.now ?? Date.now()
    const found = this.map.get(key)
    if (found && now - found.at < this.spec.ttlMs) {
      this.counters.hits++
      return passTags(found)
    }
    this.counters.misses++
    const { result, tags } = collectTags(compute)
    if (options.tags) for (const tag of options.tags) tags.add(tag)
    const sized = options.bytes
    const entry = this.set(key, result, { tags, now, bytes: sized && !(result instanceof Promise) ? sized(result as Awaited<V>) : 0 })
    if (result instanceof Promise) {
      // Tags read after the first await are known once it settles.
      result.then(
        (value: Awaited<V>) => {
          entry.settled = value
          this.update(key, entry, { tags, bytes: sized?.(value) })
        },
        () => this.delete(key, result),
      )
    }
    return passTags(entry)
  }

  /** Drops `key` (only while it still holds `only`, when given). */
  delete(key: string, only?: V): void {
    const found = this.map.get(key)
    if (!found || (only !== undefined && found.value !== only)) return
    this.map.delete(key)
    this.held -= found.bytes
    for (const tag of found.tags) {
      const keys = this.byTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) this.byTag.delete(tag)
    }
  }

  /** Drops every entry carrying any of `tags`; returns how many. */
  forgetTags(tags: Iterable<string>): number {
    let dropped = 0
    for (const tag of tags) {
      const keys = this.byTag.get(tag)
      if (!keys) continue
      for (const key of [...keys]) {
        this.delete(key)
        dropped++
      }
    }
    return dropped
  }

  /** Keys of the entries `test` picks (to find, say, the match sets holding a product). */
  keysWhere(test: (entry: CacheEntry<V>) => boolean): string[] {
    const keys: string[] = []
    for (const [key, entry] of this.map) if (test(entry)) keys.push(key)
    return keys
  }

  /** Counts a lookup made by hand with entry() (the micro-cache judges freshness itself). */
  count(hit: boolean): void {
    if (hit) this.counters.hits++
    else this.counters.misses++
  }

  clear(): void {
    this.map.clear()
    this.byTag.clear()
    this.held = 0
  }

  private index(key: string, tags: ReadonlySet<string>): void {
    for (const tag of tags) {
      let keys = this.byTag.get(tag)
      if (!keys) this.byTag.set(tag, (keys = new Set()))
      keys.add(key)
    }
  }

  private trim(newest: string): void {
    const maxBytes = this.spec.maxBytes ?? Infinity
    while (this.map.size > this.spec.maxEntries || this.held > maxBytes) {
      const oldest = this.map.keys().next().value as string
      if (oldest === newest) return
      this.delete(oldest)
    }
  }
}

type Registered = { spec: CacheSpec; counters: Counters; live: Set<WeakRef<Cache<unknown>>> }
const registry = new Map<string, Registered>()
/** The caches built for each owner (a database): what forgetTags and clearCatalogCaches walk. */
const owned = new WeakMap<object, Set<Cache<unknown>>>()

/** The registry's record of a cache name (listed by cacheStats from its definition on). */
function declare(spec: CacheSpec): Registered {
  let entry = registry.get(spec.name)
  if (!entry) registry.set(spec.name, (entry = { spec, counters: { hits: 0, misses: 0 }, live: new Set() }))
  return entry
}

function register<V>(spec: CacheSpec, owner?: object): Cache<V> {
  const entry = declare(spec)
  const cache = new Cache<V>(spec, entry.counters)
  entry.live.add(new WeakRef(cache as Cache<unknown>))
  if (owner) {
    let set = owned.get(owner)
    if (!set) owned.set(owner, (set = new Set()))
    set.add(cache as Cache<unknown>)
  }
  return cache
}

/**
 * One cache: of the whole process (pure functions of their key: hashes, user-agent verdicts), or of
 * an `owner` (a database) whose forgetTags and clearCatalogCaches reach it.
 */
export function createCache<V>(spec: CacheSpec, owner?: object): Cache<V> {
  return register<V>(spec, owner)
}

/**
 * A cache per database (tests open several in one process; the HTTP app is built for one): `of(db)`
 * is that database's, made on first use. `owner` is any object the caches are dropped with.
 */
export function cachePerDb<V>(spec: CacheSpec): { of(owner: object): Cache<V> } {
  const instances = new WeakMap<object, Cache<V>>()
  declare(spec)
  return {
    of(owner) {
      let cache = instances.get(owner)
      if (!cache) instances.set(owner, (cache = register<V>(spec, owner)))
      return cache
    },
  }
}

/** Drops, in every cache of `owner`, the entries carrying any of `tags`. */
export function forgetTags(owner: object, tags: Iterable<string>): void {
  const list = [...tags]
  if (!list.length) return
  for (const cache of owned.get(owner) ?? []) cache.forgetTags(list)
}

/** Empties every catalog-scoped cache of `owner` (after an import or a reseed). */
export function clearCatalogCaches(owner: object): void {
  for (const cache of owned.get(owner) ?? []) if (cache.spec.scope === 'catalog') cache.clear()
}

/**
 * Values that live exactly as long as an object (an answer's encoded bytes): no TTL or bound of their
 * own, since the object they hang on is itself held by a bounded cache or by nothing.
 */
export function attachedCache<K extends object, V>(name: string): { get(owner: K): V | undefined; set(owner: K, value: V): void } {
  const { counters } = declare({ name, ttlMs: Infinity, maxEntries: Infinity, scope: 'process' })
  const values = new WeakMap<K, V>()
  return {
    get(owner) {
      const value = values.get(owner)
      if (value === undefined) counters.misses++
      else counters.hits++
      return value
    },
    set: (owner, value) => void values.set(owner, value),
  }
}

export type CacheStats = {
  name: string
  ttlMs: number | null
  entries: number
  bytes: number
  hits: number
  misses: number
}

/** Every cache's figures, summed over its live instances (one per database). */
export function cacheStats(): CacheStats[] {
  const out: CacheStats[] = []
  for (const { spec, counters, live } of registry.values()) {
    let entries = 0
    let bytes = 0
    for (const ref of live) {
      const cache = ref.deref()
      if (!cache) {
        live.delete(ref)
        continue
      }
      entries += cache.size
      bytes += cache.bytes
    }
    out.push({ name: spec.name, ttlMs: Number.isFinite(spec.ttlMs) ? spec.ttlMs : null, entries, bytes, ...counters })
  }
  return out.sort((a, b) => a.name.localeCompare(b.name))
}
