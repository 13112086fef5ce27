/**
 * The one way the store caches answers in memory (decision 0016). A cache has a name, a TTL, a count
 * bound and a byte bound (oldest dropped first), hit/miss counters an operator can read
 * (`GET /healthz?detalhe=1`, and a log line every few minutes), and tags: each entry names what it
 * was built from (`product:12`, `cart:{session}`, a match set), so a write drops exactly the entries
 * it makes wrong (forgetTags) and nothing else.
 *
 * Tags flow by hand, through sinks: a computation gets the set of its entry's tags and passes it as
 * the sink of the cached values it reads; a request the micro-cache may keep has its own sink
 * (RequestContext.tags), so the micro-cache's copy of a search page knows it holds product 12's
 * card, and forgetting product 12 drops it too. (Not AsyncLocalStorage: on Node 20 its promise hooks
 * cost every request of the process, a third of the cached answers' throughput in the bench.)
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
  /**
   * false: no index from tag to keys; forgetTags scans the entries instead. For a cache of many
   * one-off entries with many tags each (the micro-cache: ~100 per search page), where keeping the
   * index costs every miss more than a rare write's scan of a few thousand entries.
   */
  indexTags?: boolean
}

export type CacheEntry<V> = {
  value: V
  /** When it was stored (ms). */
  at: number
  bytes: number
  /** What the value was built from; a computation's tags grow until its promise settles. */
  tags: Set<string>
  /** False while a promised value is pending. */
  done: boolean
  /** A promised value once it has settled well (what keysWhere tests). */
  settled?: Awaited<V>
  /** Sinks of the requests that asked while it was pending: they get its tags when it settles. */
  waiting?: Set<string>[]
}

/** Where a request or a computation collects the tags of the cached values it reads. */
export type TagSink = Set<string> | undefined

type Counters = { hits: number; misses: number }

/** A tag's kind: what comes before its first ':' (tags.ts). */
const kindOf = (tag: string): string => tag.slice(0, tag.indexOf(':'))

function addAll(into: Set<string>, tags: Iterable<string>): void {
  for (const tag of tags) into.add(tag)
}

export class Cache<V> {
  private readonly map = new Map<string, CacheEntry<V>>()
  private readonly byTag = new Map<string, Set<string>>()
  /**
   * Without the index: the kinds of tag (`product`, `set`, `history`…) its entries ever carried, so
   * forgetting a kind it never holds (a session's history, its cart) costs no scan of every entry.
   */
  private readonly kinds = new Set<string>()
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

  /** The value when stored less than the TTL ago; its tags go to `sink`. */
  get(key: string, now = Date.now(), sink?: TagSink): V | undefined {
    const found = this.map.get(key)
    if (found && now - found.at < this.spec.ttlMs) {
      this.counters.hits++
      this.pass(found, sink)
      return found.value
    }
    this.counters.misses++
    return undefined
  }

  set(key: string, value: V, options: { tags?: Iterable<string>; bytes?: number; now?: number } = {}): CacheEntry<V> {
    this.delete(key)
    const done = !(value instanceof Promise)
    const entry: CacheEntry<V> = {
      value,
      at: options.now ?? Date.now(),
      bytes: options.bytes ?? 0,
      tags: options.tags instanceof Set ? options.tags : new Set(options.tags),
      done,
      settled: done ? (value as Awaited<V>) : undefined,
    }
    this.map.set(key, entry)
    this.held += entry.bytes
    this.index(key, entry.tags)
    this.trim(key)
    return entry
  }

  /** Learns the size of `entry` later (a promise that settled), if `key` still holds it. */
  resize(key: string, entry: CacheEntry<V>, bytes: number): void {
    if (this.map.get(key) !== entry) return
    this.held += bytes - entry.bytes
    entry.bytes = bytes
    this.trim(key)
  }

  /**
   * The cached value, or `compute(tags)` cached for the TTL. A promise is shared by concurrent
   * callers and forgotten at once if it fails. `compute` adds to `tags` what its value is built from
   * (pass `tags` on as the sink of the cached values it reads); they become the entry's tags and go
   * to `sink`, the asking request's, on a hit as well. `bytes` sizes the value once known.
   */
  getOrCompute(
    key: string,
    compute: (tags: Set<string>) => V,
    options: { tags?: Iterable<string>; now?: number; bytes?: (value: Awaited<V>) => number; sink?: TagSink } = {},
  ): V {
    const now = options.now ?? Date.now()
    const found = this.map.get(key)
    if (found && now - found.at < this.spec.ttlMs) {
      this.counters.hits++
      this.pass(found, options.sink)
      return found.value
    }
    this.counters.misses++
    const tags = new Set(options.tags)
    const result = compute(tags)
    const sized = options.bytes
    const pending = result instanceof Promise
    const entry = this.set(key, result, { tags, now, bytes: sized && !pending ? sized(result as Awaited<V>) : 0 })
    if (pending) {
      // Registered before any caller awaits the promise: sinks are filled before the callers go on.
      result.then(
        (value: Awaited<V>) => {
          entry.done = true
          entry.settled = value
          if (this.map.get(key) === entry) this.index(key, entry.tags)
          for (const waiting of entry.waiting ?? []) addAll(waiting, entry.tags)
          entry.waiting = undefined
          if (sized) this.resize(key, entry, sized(value))
        },
        () => {
          entry.waiting = undefined
          this.delete(key, result)
        },
      )
    }
    this.pass(entry, options.sink)
    return result
  }

  /** Gives `sink` the entry's tags: now, or when its promise settles. */
  private pass(entry: CacheEntry<V>, sink: TagSink): void {
    if (!sink) return
    if (entry.done) addAll(sink, entry.tags)
    else (entry.waiting ??= []).push(sink)
  }

  /** Drops `key` (only while it still holds `only`, when given). */
  delete(key: string, only?: V): void {
    const found = this.map.get(key)
    if (!found || (only !== undefined && found.value !== only)) return
    this.map.delete(key)
    this.held -= found.bytes
    if (this.spec.indexTags === false) return
    for (const tag of found.tags) {
      const keys = this.byTag.get(tag)
      keys?.delete(key)
      if (keys?.size === 0) this.byTag.delete(tag)
    }
  }

  /** Drops every entry carrying any of `tags`; returns how many. */
  forgetTags(tags: Iterable<string>): number {
    let dropped = 0
    if (this.spec.indexTags === false) {
      const list = [...tags].filter((tag) => this.kinds.has(kindOf(tag)))
      if (list.length === 0) return 0
      for (const key of this.keysWhere((entry) => list.some((tag) => entry.tags.has(tag)))) {
        this.delete(key)
        dropped++
      }
      return dropped
    }
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
    this.kinds.clear()
    this.held = 0
  }

  private index(key: string, tags: Set<string>): void {
    if (this.spec.indexTags === false) {
      for (const tag of tags) this.kinds.add(kindOf(tag))
      return
    }
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
