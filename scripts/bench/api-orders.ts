/**
 * `npm run bench -- --only api [--orders 1000000] [--runs 200]`
 * (or `node --import tsx scripts/bench/api-orders.ts [--orders …] [--runs …] [--drop]`)
 *
 * `GET /api/v1/pedidos` at scale, on PostgreSQL: the database named in BENCH_DATABASE_URL (else
 * `postgres://postgres@127.0.0.1:5432/vitrine_bench_api`), created when missing and filled once with
 * the back office's bench orders (fillBenchOrders: statuses in a mix, each order last changed when
 * its status says). Then it calls the HTTP app in process with a real key — the key's look-up, the
 * rate limit and the last-use write included — for the list with no filter, by `status`, by
 * `atualizado_desde`, both, and from cursors deep in the list; prints p50/p95/p99, the EXPLAIN
 * ANALYZE of each query (which index it walks), the request log's share of a call, and the target: p95 ≤ 100 ms. `--drop` drops the
 * database at the end. Exits 1 when the target is missed.
 */
import { randomUUID } from 'node:crypto'
import { sql } from 'drizzle-orm'
import pino from 'pino'
import postgres from 'postgres'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { orderListQuerySchema } from '../../contract/api-v1'
import { openDatabase, type Db } from '../../server/db/client'
import { tupleCursor } from '../../server/db/keyset'
import { rows } from '../../server/db/sql'
import { takeOrWait } from '../../server/domain/account/limits'
import { apiOrderListSql, listApiOrders } from '../../server/domain/integrations/api-orders'
import { flushApiCalls, loggedPath, logApiCall } from '../../server/domain/integrations/calls'
import { authenticateKey, createApiKey } from '../../server/domain/integrations/keys'
import { isRefusal } from '../../server/domain/refusal'
import { loadEnv } from '../../server/env'
import { createHttpApp } from '../../server/http/app'
import { storeProfile } from '../../server/store-profile'
import { benchDatabaseUrl, fillBenchOrders, printTargets, type AdminTarget } from './admin-orders'
import { timeRuns } from './timing'

const NAME = 'vitrine_bench_api'
const TARGET_MS = 100

export async function benchApiOrders(options: { orders: number; runs: number; drop?: boolean }): Promise<AdminTarget[]> {
  const url = await benchDatabaseUrl(NAME)
  const database = await openDatabase({ url, max: 4 })
  try {
    await database.migrate()
    await fillBenchOrders(database.db, options.orders)
    return await measure(database.db, options.orders, options.runs)
  } finally {
    await database.close()
    if (options.drop) await dropDatabase(url)
  }
}

async function dropDatabase(url: string): Promise<void> {
  const server = new URL(url)
  const name = decodeURIComponent(server.pathname.slice(1))
  server.pathname = '/postgres'
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} })
  try {
    await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`)
    process.stdout.write(`Banco ${name} removido.\n`)
  } finally {
    await admin.end()
  }
}

/** The cursor a page ending at the `offset`-th order (oldest change first, optionally of one status) would give. */
async function cursorAt(db: Db, offset: number, status?: string): Promise<string> {
  const [row] = await rows<{ id: number; sort_key: string }>(
    db,
    sql`SELECT id, updated_at::text AS sort_key FROM orders ${status ? sql`WHERE status = ${status}` : sql``}
        ORDER BY updated_at, id OFFSET ${offset} LIMIT 1`,
  )
  return tupleCursor({ sortKey: row.sort_key, id: Number(row.id) })
}

async function measure(db: Db, total: number, runs: number): Promise<AdminTarget[]> {
  const env = loadEnv({ ...process.env, NODE_ENV: 'production', LOG_LEVEL: 'silent', JOBS: 'off' })
  const app = createHttpApp({ db, env, store: storeProfile, log: pino({ level: 'silent' }), isReady: () => true, microCache: false })
  const ago = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString()
  const half = Math.floor(total / 2)
  const cases: Array<[string, Record<string, string>]> = [
    ['sem filtro, 1ª página (50)', {}],
    ['sem filtro, 1ª página (100)', { limite: '100' }],
    ['sem filtro, cursor no meio', { cursor: await cursorAt(db, half) }],
    ['sem filtro, cursor perto do fim', { cursor: await cursorAt(db, total - 120) }],
    ['status=pago, 1ª página', { status: 'pago' }],
    ['status=entregue, cursor no meio', { status: 'entregue', cursor: await cursorAt(db, Math.floor((total * 3) / 16), 'entregue') }],
    ['status=cancelado, 100, cursor no meio', { status: 'cancelado', limite: '100', cursor: await cursorAt(db, Math.floor(total / 16), 'cancelado') }],
    ['atualizado_desde = 1 h atrás', { atualizado_desde: ago(1) }],
    ['atualizado_desde = 30 dias atrás', { atualizado_desde: ago(24 * 30) }],
    ['atualizado_desde = 1 ano atrás, cursor adiante', { atualizado_desde: ago(24 * 365), cursor: await cursorAt(db, Math.floor(total * 0.8)) }],
    ['status=enviado + atualizado_desde 7 dias', { status: 'enviado', atualizado_desde: ago(24 * 7) }],
    ['status=aguardando_pagamento + desde 1 dia', { status: 'aguardando_pagamento', atualizado_desde: ago(24) }],
  ]
  process.stdout.write(`\n${total} pedidos, ${runs} chamadas GET /api/v1/pedidos por caso (PostgreSQL, app HTTP no processo)\n`)
  const targets: AdminTarget[] = []
  const all: number[] = []
  for (const [label, query] of cases) {
    // A key per case: the calls of one stay under the per-key limit (600 a minute).
    const key = await createApiKey(db, { name: `Bench ${label}`, scopes: ['pedidos:ler'], actor: { kind: 'cli' } })
    if (isRefusal(key)) throw key
    const path = `http://localhost/api/v1/pedidos?${new URLSearchParams(query)}`
    const call = async () => {
      const res = await app.request(path, { headers: { authorization: `Bearer ${key.chave}` } })
      if (res.status !== 200) throw new Error(`${label}: HTTP ${res.status} ${await res.text()}`)
      const page = (await res.json()) as { dados: unknown[] }
      all.push(page.dados.length)
    }
    const at = await timeRuns(label, call, TARGET_MS, runs, 46, true)
    targets.push({
      alvo: `${label} p95 ≤ ${TARGET_MS} ms`,
      valor: `p50 ${at.p50.toFixed(1)} / p95 ${at.p95.toFixed(1)} / p99 ${at.p99.toFixed(1)} ms`,
      ok: at.p95 <= TARGET_MS,
    })
  }
  if (all.some((n) => n === 0)) process.stdout.write('Aviso: algum caso respondeu uma página vazia.\n')

  // Where a call's time goes: the list's query alone, and the key's look-up with the rate limit.
  process.stdout.write('\nPartes de uma chamada (sem HTTP)\n')
  for (const [label, query] of [cases[0]!, cases[5]!, cases[9]!]) {
    const parsed = orderListQuerySchema.parse(query)
    await timeRuns(`consulta: ${label}`, () => listApiOrders(db, parsed), TARGET_MS, runs, 56, true)
  }
  const parts = await createApiKey(db, { name: 'Bench partes', scopes: ['pedidos:ler'], actor: { kind: 'cli' } })
  if (isRefusal(parts)) throw parts
  await timeRuns('chave (hash, busca, contagem)', () => authenticateKey(db, parts.chave), TARGET_MS, runs, 56, true)
  await timeRuns('limite por chave (takeOrWait)', () => takeOrWait(db, 'apiChave', `chave-bench:${parts.id}`), TARGET_MS, Math.min(runs, 500), 56, true)
  await benchCallLog(db, parts.id, runs)

  for (const [label, query] of cases) {
    const parsed = orderListQuerySchema.parse(query)
    const select = apiOrderListSql(parsed, parsed.limite + 1)
    if (isRefusal(select)) throw select
    const plan = await rows<{ 'QUERY PLAN': string }>(db, sql`EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF) ${select}`)
    process.stdout.write(`\nEXPLAIN ANALYZE — ${label}\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}\n`)
  }
  return targets
}

/**
 * The request log's share of a call: what the request itself does (an id, the path cleaned, the row
 * queued: no write), and the batch statement that writes them off the request path, per 500 rows
 * (its most) and per 30 (a second of one busy ERP).
 */
async function benchCallLog(db: Db, keyId: number, runs: number): Promise<void> {
  await flushApiCalls(db)
  const url = new URL('http://localhost/api/v1/pedidos?status=pago&cursor=eyJhIjoxfQ&token=x')
  const queue = () => {
    void logApiCall(db, {
      requestId: randomUUID(),
      keyId,
      method: 'GET',
      route: '/pedidos',
      path: loggedPath(url),
      status: 200,
      errorCode: null,
      durationMs: 12.3,
      ip: '203.0.113.9',
      idempotencyKey: null,
      at: new Date(),
    })
  }
  let queued = 0
  for (let round = 0; round < 25; round++) {
    const t = performance.now()
    for (let i = 0; i < 400; i++) queue()
    queued += performance.now() - t
    await flushApiCalls(db)
  }
  process.stdout.write(`${'registro: na chamada (id, caminho, fila)'.padEnd(56)} ${((queued * 1000) / 10_000).toFixed(1)} µs por chamada (média de 10 000)\n`)
  for (const size of [500, 30]) {
    await timeRuns(
      `registro: gravação de ${size} chamadas`,
      async () => {
        for (let i = 0; i < size; i++) queue()
        await flushApiCalls(db)
      },
      TARGET_MS,
      Math.min(runs, 60),
      56,
      true,
    )
  }
  const t = performance.now()
  await db.execute(sql`DELETE FROM api_calls WHERE key_id = ${keyId}`)
  process.stdout.write(`registro: ${Math.round(performance.now() - t)} ms para apagar as linhas do bench\n`)
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({
    options: { orders: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '200' }, drop: { type: 'boolean', default: false } },
  })
  const targets = await benchApiOrders({ orders: Number(values.orders), runs: Number(values.runs), drop: values.drop })
  printTargets(targets)
  process.exit(targets.every((t) => t.ok) ? 0 : 1)
}
