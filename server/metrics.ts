import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client'
import { cacheStats } from './cache'

/**
 * The process's Prometheus registry, read by `GET /metrics` (server/http/metrics.ts). Any module
 * adds its own figures to it with prom-client, once, at module level:
 *
 *   new Gauge({ name: 'vitrine_…', help: '…', labelNames: ['queue'], registers: [metrics], collect() { … } })
 *
 * Names start with `vitrine_`; label values come from a small fixed set (never ids or paths), so
 * the number of series stays bounded (docs/decisions/0126-media-storage-and-metrics.md).
 */
export const metrics = new Registry()

collectDefaultMetrics({ register: metrics, prefix: 'vitrine_' })

/**
 * The groups requests are counted in: a fixed set, so a scan of random paths cannot grow the
 * series. Everything not listed is a page.
 */
export const ROUTE_GROUPS = ['api', 'auth', 'admin', 'image', 'video', 'asset', 'operator', 'page'] as const
export type RouteGroup = (typeof ROUTE_GROUPS)[number]

const PREFIXES: Array<[string, RouteGroup]> = [
  ['/_next/api/', 'api'],
  ['/_next/img/', 'image'],
  ['/_auth/', 'auth'],
  ['/admin/', 'admin'],
  ['/video/', 'video'],
  ['/assets/', 'asset'],
  ['/_next/static/', 'asset'],
  ['/healthz', 'operator'],
  ['/metrics', 'operator'],
]

/** The group of a request path (the path only: no query). */
export function routeGroup(path: string): RouteGroup {
  if (path === '/admin') return 'admin'
  for (const [prefix, group] of PREFIXES) if (path.startsWith(prefix)) return group
  // Files at the root (favicon.ico, robots.txt, manifest): static, like /assets.
  return /^\/[^/]+\.[a-z0-9]+$/i.test(path) ? 'asset' : 'page'
}

const requestSeconds = new Histogram({
  name: 'vitrine_http_request_duration_seconds',
  help: 'Tempo até a resposta (cabeçalhos prontos), por grupo de rotas.',
  labelNames: ['group'],
  buckets: [0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5],
  registers: [metrics],
})

const serverErrors = new Counter({
  name: 'vitrine_http_server_errors_total',
  help: 'Respostas 5xx, por grupo de rotas.',
  labelNames: ['group'],
  registers: [metrics],
})

// One child per group, made once: the request path does no label lookup.
const timers = new Map(ROUTE_GROUPS.map((g) => [g, requestSeconds.labels(g)]))
const errors = new Map(ROUTE_GROUPS.map((g) => [g, serverErrors.labels(g)]))

/** Counts one answered request. */
export function observeRequest(group: RouteGroup, status: number, seconds: number): void {
  timers.get(group)?.observe(seconds)
  if (status >= 500) errors.get(group)?.inc()
}

/** What a database handle says of its connections (server/db/client.ts). */
export type PoolUse = () => { busy: number; size: number }
let poolUse: PoolUse | undefined

/** The database whose connections /metrics reports (the process's one; set by server/main.ts). */
export function watchPool(use: PoolUse): void {
  poolUse = use
}

new Gauge({
  name: 'vitrine_db_pool_busy',
  help: 'Consultas e transações em andamento no banco (usando ou esperando uma conexão).',
  registers: [metrics],
  collect() {
    if (poolUse) this.set(poolUse().busy)
  },
})

new Gauge({
  name: 'vitrine_db_pool_size',
  help: 'Conexões que o processo pode abrir com o banco (1 no banco embutido).',
  registers: [metrics],
  collect() {
    if (poolUse) this.set(poolUse().size)
  },
})

// The in-process caches (server/cache): the same figures as GET /healthz?detalhe=1.
new Counter({
  name: 'vitrine_cache_hits_total',
  help: 'Leituras atendidas por um cache do processo.',
  labelNames: ['cache'],
  registers: [metrics],
  collect() {
    this.reset()
    for (const s of cacheStats()) this.inc({ cache: s.name }, s.hits)
  },
})

new Counter({
  name: 'vitrine_cache_misses_total',
  help: 'Leituras que um cache do processo não tinha.',
  labelNames: ['cache'],
  registers: [metrics],
  collect() {
    this.reset()
    for (const s of cacheStats()) this.inc({ cache: s.name }, s.misses)
  },
})

new Gauge({
  name: 'vitrine_cache_hit_ratio',
  help: 'Acertos sobre leituras desde o início do processo, por cache.',
  labelNames: ['cache'],
  registers: [metrics],
  collect() {
    this.reset()
    for (const s of cacheStats()) if (s.hits + s.misses > 0) this.set({ cache: s.name }, s.hits / (s.hits + s.misses))
  },
})
