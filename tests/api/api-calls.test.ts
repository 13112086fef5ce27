// The request log of /api/v1 (docs/api/README.md "Registro de chamadas") over the HTTP app, on the
// test database (PGlite, or PostgreSQL with TEST_DATABASE_URL): every call a row, as the key, the
// refused ones too; a write's row tied to its audit lines; 30 days kept; a revoked key's history.
import { eq, inArray } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { maintenanceRound } from '../../server/db/maintenance'
import { apiCalls, auditLog, products } from '../../server/db/schema'
import { take } from '../../server/domain/account/limits'
import { listAudit } from '../../server/domain/audit/list'
import { API_CALLS_PAGE_SIZE, flushApiCalls, listApiCalls } from '../../server/domain/integrations/calls'
import { createApiKey, revokeApiKey } from '../../server/domain/integrations/keys'
import { isRefusal } from '../../server/domain/refusal'
import { createTestApp, testEnv } from '../support/app'
import { FIXTURE } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createTestDatabase } from '../support/db'

let database: Database
let db: Db
let fx: CatalogFixture

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
}, 60_000)
afterAll(async () => {
  await database?.close()
})

async function key(scopes: string[], name: string): Promise<{ id: number; chave: string }> {
  const made = await createApiKey(db, { name, scopes, actor: { kind: 'cli' } })
  if (isRefusal(made)) throw made
  return made
}

/** A client of the HTTP app speaking with `chave` (none: no Authorization header); the answer's status and X-Request-Id. */
function client(chave?: string) {
  const { app } = createTestApp(db, testEnv)
  return async (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) => {
    const h = new Headers(headers)
    if (chave) h.set('authorization', `Bearer ${chave}`)
    if (json !== undefined) h.set('content-type', 'application/json')
    const res = await app.request(`http://localhost/api/v1${path}`, { method, headers: h, body: json === undefined ? undefined : JSON.stringify(json) })
    await res.arrayBuffer()
    return { status: res.status, requestId: res.headers.get('x-request-id') ?? '' }
  }
}

const rowOf = async (requestId: string) => (await db.select().from(apiCalls).where(eq(apiCalls.requestId, requestId)))[0]
const sku = async (link: string) => (await db.select({ sku: products.sku }).from(products).where(eq(products.id, fx.ids[link])))[0].sku

describe('the request log', () => {
  it('logs a read as the key, with the route, the path without secrets, the status and the client address, written in a batch', async () => {
    const k = await key(['pedidos:ler'], 'ERP Leitor')
    const read = await client(k.chave)('GET', '/pedidos?status=pago&token=segredo-na-url&api_key=outro')
    expect(read.status).toBe(200)
    expect(read.requestId).toMatch(/^[0-9a-f-]{36}$/)
    // Nothing is written in the request path: the row waits for its batch.
    expect(await rowOf(read.requestId)).toBeUndefined()
    await flushApiCalls(db)
    const row = await rowOf(read.requestId)
    expect(row).toMatchObject({ keyId: k.id, method: 'GET', route: '/pedidos', status: 200, errorCode: null, ip: 'local', idempotencyKey: null })
    expect(row.path).toBe('/api/v1/pedidos?status=pago&token=%5Bremovido%5D&api_key=%5Bremovido%5D')
    expect(row.durationMs).toBeGreaterThan(0)
    expect(JSON.stringify(row)).not.toContain('segredo-na-url')
  })

  it('logs a 401 with no key and without the token presented, a 403 and a 429 as the key, each with its code', async () => {
    const k = await key(['produtos:ler'], 'ERP Recusado')
    const bogus = 'vt_token-que-nao-existe-e-nao-fica-no-registro'
    const none = await client()('GET', '/pedidos')
    const unknown = await client(bogus)('GET', '/pedidos/V-1', undefined, { 'idempotency-key': 'x' })
    const scope = await client(k.chave)('GET', '/pedidos')
    await take(db, 'apiChave', `chave:${k.id}`, 600)
    const limited = await client(k.chave)('GET', '/produtos')
    expect([none.status, unknown.status, scope.status, limited.status]).toEqual([401, 401, 403, 429])
    await flushApiCalls(db)
    expect(await rowOf(none.requestId)).toMatchObject({ keyId: null, status: 401, errorCode: 'integrations.noKey', route: '/pedidos' })
    const refused = await rowOf(unknown.requestId)
    expect(refused).toMatchObject({ keyId: null, status: 401, errorCode: 'integrations.badKey', route: '/pedidos/{codigo}', path: '/api/v1/pedidos/V-1' })
    expect(JSON.stringify(refused)).not.toContain('token-que-nao-existe')
    expect(await rowOf(scope.requestId)).toMatchObject({ keyId: k.id, status: 403, errorCode: 'integrations.scope' })
    expect(await rowOf(limited.requestId)).toMatchObject({ keyId: k.id, status: 429, errorCode: 'integrations.rateLimited', route: '/produtos' })
    const sem = await listApiCalls(db, { chave: 'sem' })
    expect(sem.linhas.map((r) => r.requestId)).toEqual(expect.arrayContaining([none.requestId, unknown.requestId]))
    expect(sem.linhas.every((r) => r.chave === null)).toBe(true)
  })

  it("ties a write's row to the audit lines it recorded, and keeps its Idempotency-Key", async () => {
    const k = await key(['estoque:escrever'], 'ERP Escritor')
    const call = client(k.chave)
    const capa = await sku(FIXTURE.CAPA)
    const set = await call('PUT', `/produtos/${capa}/estoque`, { quantidade: 33 })
    const adjust = await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -1, motivo: 'avaria' }, { 'idempotency-key': 'ajuste-registro-1' })
    const replay = await call('POST', `/produtos/${capa}/estoque/ajustes`, { delta: -1, motivo: 'avaria' }, { 'idempotency-key': 'ajuste-registro-1' })
    expect([set.status, adjust.status, replay.status]).toEqual([200, 201, 201])
    await flushApiCalls(db)
    const lines = await db
      .select()
      .from(auditLog)
      .where(inArray(auditLog.apiRequestId, [set.requestId, adjust.requestId, replay.requestId]))
    expect(lines.filter((l) => l.apiRequestId === set.requestId).length).toBeGreaterThan(0)
    expect(lines.filter((l) => l.apiRequestId === adjust.requestId).length).toBeGreaterThan(0)
    // The replay changed nothing: no audit line of its own.
    expect(lines.filter((l) => l.apiRequestId === replay.requestId)).toEqual([])
    expect(lines.every((l) => l.actorKind === 'api' && l.actorId === k.id && l.before !== null)).toBe(true)
    const page = await listApiCalls(db, { chave: k.id })
    const byId = new Map(page.linhas.map((r) => [r.requestId, r]))
    expect(
      byId
        .get(set.requestId)
        ?.auditoria.map((a) => a.id)
        .sort(),
    ).toEqual(
      lines
        .filter((l) => l.apiRequestId === set.requestId)
        .map((l) => l.id)
        .sort(),
    )
    expect(byId.get(adjust.requestId)).toMatchObject({
      metodo: 'POST',
      rota: '/produtos/{sku}/estoque/ajustes',
      idempotencyKey: 'ajuste-registro-1',
      status: 201,
    })
    expect(byId.get(replay.requestId)?.auditoria).toEqual([])
    // The page's link: the Auditoria filtered by the call shows exactly its lines, with before and after.
    const linked = await listAudit(db, { chamada: adjust.requestId })
    expect(linked.linhas.map((l) => l.id).sort()).toEqual(
      lines
        .filter((l) => l.apiRequestId === adjust.requestId)
        .map((l) => l.id)
        .sort(),
    )
    expect(linked.linhas.every((l) => l.quem === 'API (ERP Escritor)' && l.depois !== null)).toBe(true)
  })

  it('filters by status class and method and pages newest first with none twice', async () => {
    const k = await key(['pedidos:ler'], 'ERP Paginado')
    const other = await key(['pedidos:ler'], 'ERP Vizinho')
    const call = client(k.chave)
    const made: string[] = []
    for (let i = 0; i < 3; i++) made.push((await call('GET', '/pedidos')).requestId)
    made.push((await call('GET', '/webhooks')).requestId) // 403
    made.push((await call('DELETE', '/pedidos')).requestId) // 404: no such route
    await client(other.chave)('GET', '/pedidos')
    await flushApiCalls(db)
    const at = new Date()
    const bulk = Array.from({ length: API_CALLS_PAGE_SIZE + 5 }, (_, i) => ({
      requestId: crypto.randomUUID(),
      keyId: k.id,
      method: 'GET',
      route: '/pedidos',
      path: `/api/v1/pedidos?cursor=${i}`,
      status: 200,
      durationMs: 1,
      ip: '203.0.113.9',
      at,
    }))
    await db.insert(apiCalls).values(bulk)
    const failures = await listApiCalls(db, { chave: k.id, classe: '4xx' })
    expect(failures.linhas.map((r) => r.requestId).sort()).toEqual([made[3], made[4]].sort())
    expect(failures.proxima).toBeNull()
    const deletes = await listApiCalls(db, { chave: k.id, metodo: 'DELETE' })
    expect(deletes.linhas).toMatchObject([{ requestId: made[4], rota: null, status: 404 }])
    const first = await listApiCalls(db, { chave: k.id })
    expect(first.linhas).toHaveLength(API_CALLS_PAGE_SIZE)
    expect(first.linhas.every((r) => r.chave === 'ERP Paginado')).toBe(true)
    const second = await listApiCalls(db, { chave: k.id, antes: first.proxima ?? undefined })
    const all = [...first.linhas, ...second.linhas].map((r) => r.id)
    expect(new Set(all).size).toBe(bulk.length + made.length)
    expect(all).toEqual([...all].sort((a, b) => b - a))
    expect(second.proxima).toBeNull()
  })

  it("keeps a revoked key's history visible, and its later calls refused and logged", async () => {
    const k = await key(['pedidos:ler'], 'ERP Antigo')
    const call = client(k.chave)
    const before = await call('GET', '/pedidos')
    expect(isRefusal(await revokeApiKey(db, { id: k.id, actor: { kind: 'cli' } }))).toBe(false)
    const after = await call('GET', '/pedidos')
    expect(after.status).toBe(401)
    await flushApiCalls(db)
    const history = await listApiCalls(db, { chave: k.id })
    expect(history.linhas.map((r) => r.requestId)).toEqual([before.requestId])
    expect(history.linhas[0]).toMatchObject({ chave: 'ERP Antigo', status: 200 })
    expect(await rowOf(after.requestId)).toMatchObject({ keyId: null, status: 401, errorCode: 'integrations.badKey' })
  })

  it('keeps 30 days: the maintenance round deletes older calls only', async () => {
    const k = await key(['pedidos:ler'], 'ERP Retido')
    const row = (days: number) => ({
      requestId: crypto.randomUUID(),
      keyId: k.id,
      method: 'GET',
      route: '/pedidos',
      path: '/api/v1/pedidos',
      status: 200,
      durationMs: 1,
      ip: '203.0.113.9',
      at: new Date(Date.now() - days * 24 * 60 * 60_000),
    })
    const [old, older, recent, edge] = [row(31), row(90), row(1), row(29)]
    await db.insert(apiCalls).values([old, older, recent, edge])
    await maintenanceRound(database)
    const left = await db.select({ requestId: apiCalls.requestId }).from(apiCalls).where(eq(apiCalls.keyId, k.id))
    expect(left.map((r) => r.requestId).sort()).toEqual([recent.requestId, edge.requestId].sort())
  })
})
