import pino from 'pino'
import { sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../db/client'
import { watchPool, routeGroup, ROUTE_GROUPS } from '../metrics'
import { storeProfile } from '../store-profile'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import { testEnv } from '../../tests/support/app'
import { createHttpApp } from './app'

const TOKEN = 'token-de-monitoramento-0123456789'
let database: Database
let app: ReturnType<typeof createHttpApp>

/** An in-process request is a loopback client; X-Forwarded-For (TRUST_PROXY in tests) makes it another. */
const fromOutside = { 'x-forwarded-for': '203.0.113.9' }
const get = (path: string, headers: Record<string, string> = {}) => app.request(`http://localhost${path}`, { headers })

/** A sample's value from the text format, or undefined. */
function sample(text: string, name: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${name} `))
  return line === undefined ? undefined : Number(line.slice(name.length + 1))
}

beforeAll(async () => {
  database = await createTestDatabase()
  watchPool(database.poolUse)
  app = createHttpApp({
    db: database.db,
    env: { ...testEnv, METRICS_TOKEN: TOKEN },
    store: storeProfile,
    log: pino({ level: 'silent' }),
    isReady: () => true,
    microCache: false,
    mount: (a) => {
      a.get('/falha-de-teste', () => {
        throw new Error('falha de propósito')
      })
    },
  })
})
afterAll(() => database.close())

describe(`GET /metrics (${testDbKind})`, () => {
  it('answers a loopback client in the Prometheus text format', async () => {
    const res = await get('/metrics')
    expect(res.status).toBe(200)
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/)
    expect(res.headers.get('cache-control')).toBe('no-store')
    const text = await res.text()
    expect(text).toContain('# TYPE vitrine_http_request_duration_seconds histogram')
    expect(text).toContain('# TYPE vitrine_db_pool_busy gauge')
    expect(sample(text, 'vitrine_db_pool_size')).toBe(testDbKind === 'postgres' ? 4 : 1)
  })

  it('refuses anyone else with the ordinary 404, and opens to METRICS_TOKEN', async () => {
    const outside = await get('/metrics', fromOutside)
    expect(outside.status).toBe(404)
    expect(await outside.text()).not.toContain('vitrine_')
    expect((await get('/metrics', { ...fromOutside, authorization: 'Bearer outro-token-qualquer-0123456789' })).status).toBe(404)
    const token = await get('/metrics', { ...fromOutside, authorization: `Bearer ${TOKEN}` })
    expect(token.status).toBe(200)
    expect(await token.text()).toContain('vitrine_http_server_errors_total')
  })

  it('times requests by route group and counts 5xx answers', async () => {
    const before = await (await get('/metrics')).text()
    const count = (text: string, group: string) => sample(text, `vitrine_http_request_duration_seconds_count{group="${group}"}`) ?? 0
    const errors = (text: string) => sample(text, 'vitrine_http_server_errors_total{group="page"}') ?? 0
    await get('/_next/api/nao-existe/')
    await get('/_next/api/outra-que-nao-existe/')
    expect((await get('/falha-de-teste')).status).toBe(500)
    const after = await (await get('/metrics')).text()
    expect(count(after, 'api') - count(before, 'api')).toBe(2)
    expect(errors(after) - errors(before)).toBe(1)
    // No raw path ever becomes a label.
    expect(after).not.toContain('nao-existe')
    expect(after).not.toContain('falha-de-teste')
  })

  it('reports the in-process caches with their hit ratio', async () => {
    const text = await (await get('/metrics')).text()
    expect(text).toContain('# TYPE vitrine_cache_hits_total counter')
    expect(text).toContain('# TYPE vitrine_cache_hit_ratio gauge')
  })

  it('counts a statement under way as pool use', async () => {
    const running = database.db.execute(sql`select pg_sleep(0.3)`).then(() => {})
    await new Promise((resolve) => setTimeout(resolve, 100))
    expect(database.poolUse().busy).toBe(1)
    expect(sample(await (await get('/metrics')).text(), 'vitrine_db_pool_busy')).toBeGreaterThanOrEqual(1)
    await running
    expect(database.poolUse().busy).toBe(0)
  })
})

describe('GET /healthz?detalhe=1', () => {
  it('shows the caches to an operator only', async () => {
    expect(await (await get('/healthz?detalhe=1')).json()).toHaveProperty('caches')
    expect(await (await get('/healthz?detalhe=1', fromOutside)).json()).toEqual({ status: 'ok' })
  })
})

describe('routeGroup', () => {
  it('puts every path in one of a fixed set of groups', () => {
    expect(routeGroup('/_next/api/detalhe-produto')).toBe('api')
    expect(routeGroup('/_next/img/produtos/u/1/abc.jpg')).toBe('image')
    expect(routeGroup('/_auth/login')).toBe('auth')
    expect(routeGroup('/admin')).toBe('admin')
    expect(routeGroup('/admin/pedidos/12')).toBe('admin')
    expect(routeGroup('/administrador')).toBe('page')
    expect(routeGroup('/assets/root-abc.js')).toBe('asset')
    expect(routeGroup('/favicon.ico')).toBe('asset')
    expect(routeGroup('/produto/smartphone-x')).toBe('page')
    expect(routeGroup('/metrics')).toBe('operator')
    for (const path of ['/', '/x/../../etc/passwd', '/%00', '/a'.repeat(200)]) expect(ROUTE_GROUPS).toContain(routeGroup(path))
  })
})
