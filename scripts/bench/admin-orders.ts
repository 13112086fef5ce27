/**
 * `npm run bench -- --only admin [--orders 1000000] [--runs 30]`
 * (or `node --import tsx scripts/bench/admin-orders.ts [--orders …] [--runs …]`)
 *
 * The back office's reads at scale, on PostgreSQL: the database named in BENCH_DATABASE_URL (else
 * `postgres://postgres@127.0.0.1:5432/vitrine_bench_admin`), created when missing and filled once
 * with --orders generated orders (one item each; kept for later runs). Then it times the domain
 * functions the pages call — the order list with each filter and the free-text search, one order's
 * detail, the Painel — and the CSV export of 100 000 orders (time and how much the process's memory
 * grew), prints p50/p95, the EXPLAIN ANALYZE of the list's queries and the targets: list
 * p95 ≤ 100 ms, detail ≤ 50 ms, Painel ≤ 200 ms, CSV of 100k ≤ 20 s with flat memory. Exits 1 when
 * a target is missed.
 */
import { sql, type SQL } from 'drizzle-orm'
import postgres from 'postgres'
import { parseArgs } from 'node:util'
import { pathToFileURL } from 'node:url'
import { orderListQuerySchema } from '../../contract/admin/orders'
import { openDatabase, type Db } from '../../server/db/client'
import { rows } from '../../server/db/sql'
import { listAdminOrders, orderFilterSql } from '../../server/domain/order/admin-list'
import { adminOrderDetail } from '../../server/domain/order/admin-detail'
import { ordersCsv } from '../../server/domain/order/csv'
import { dashboard } from '../../server/domain/order/dashboard'
import { timeP95 } from './timing'

export type AdminTarget = { alvo: string; valor: string; ok: boolean }

/** The database a bench uses: BENCH_DATABASE_URL's (else `name` on the local server), created when missing. */
export async function benchDatabaseUrl(name = 'vitrine_bench_admin'): Promise<string> {
  const url = new URL(process.env.BENCH_DATABASE_URL ?? `postgres://postgres@127.0.0.1:5432/${name}`)
  const database = decodeURIComponent(url.pathname.slice(1))
  if (!/^[a-z_][a-z0-9_]*$/.test(database)) throw new Error(`BENCH_DATABASE_URL: nome de banco inválido "${database}"`)
  const server = new URL(url)
  server.pathname = '/postgres'
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} })
  try {
    if ((await admin`SELECT 1 FROM pg_database WHERE datname = ${database}`).length === 0) await admin.unsafe(`CREATE DATABASE ${database}`)
  } finally {
    await admin.end()
  }
  return url.toString()
}

/** Builds (once) and measures; answers the targets with their figures. */
export async function benchAdminOrders(options: { orders: number; runs: number }): Promise<AdminTarget[]> {
  const total = options.orders
  const runs = options.runs
  const database = await openDatabase({ url: await benchDatabaseUrl(), max: 4 })
  try {
    await database.migrate()
    return await measure(database.db, total, runs)
  } finally {
    await database.close()
  }
}

/**
 * A customer's CPF, 11 digits spread like real ones (a multiplicative hash of the customer number):
 * sequential numbers padded with zeros would share their leading trigrams across all rows.
 */
const CPF = (n: SQL) => sql`lpad(((${n}::bigint * 2654435761) % 100000000000)::text, 11, '0')`

/**
 * Fills the bench database up to `total` orders (kept for later runs): 5 000 customers, orders two
 * minutes apart ending now, statuses in a fixed mix, each order last changed when its status says
 * (paid minutes after, shipped and delivered days after; not yet when that is still to come), one item each.
 */
export async function fillBenchOrders(db: Db, total: number): Promise<void> {
  const [{ n: have }] = await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM orders`)
  if (have < total) {
    const started = performance.now()
    await db.execute(sql`INSERT INTO customers (nome, sobrenome, email, documento, telefone, password_hash)
      SELECT 'Cliente' || g, 'Bench', 'cliente' || g || '@example.com', ${CPF(sql.raw('g'))}, '119' || lpad(g::text, 8, '0'), 'x'
      FROM generate_series(1, 5000) g ON CONFLICT DO NOTHING`)
    const names = ['Ana', 'Bruno', 'Carla', 'Diego', 'Elaine', 'Fábio', 'Gabriela', 'João', 'Larissa', 'Marcos', 'Patrícia', 'Rafael']
    for (let from = have + 1; from <= total; from += 100_000) {
      const to = Math.min(total, from + 99_999)
      await db.execute(sql`INSERT INTO orders (code, customer_id, status, payment_method, buyer_nome, buyer_email, buyer_cpf, buyer_celular, shipping_method,
          shipping_address, subtotal_cents, shipping_cents, total_cents, installments, created_at, paid_at, updated_at)
        SELECT 'VT-' || extract(year FROM now() - ((${total} - g) * interval '2 minutes')) || '-' || lpad((g % 1000000)::text, 6, '0'), 1 + g % 5000,
          (ARRAY['aguardando_pagamento','pago','em_separacao','enviado','entregue','entregue','entregue','cancelado'])[1 + g % 8],
          (ARRAY['pix','pix','cartao','boleto'])[1 + (g / 8) % 4],
          (${sql.raw(`ARRAY[${names.map((n) => `'${n}'`).join(',')}]`)})[1 + g % 12] || ' Silva ' || g,
          'cliente' || (1 + g % 5000) || '@example.com',
          ${CPF(sql.raw('(1 + g % 5000)'))},
          '11999999999', 'Entrega padrão',
          '{"destinatario":"X","cep":"01310200","rua":"Av. Paulista","numero":"1","complemento":"","bairro":"Bela Vista","cidade":"São Paulo","estado":"SP"}'::jsonb,
          1000 + (g::bigint * 7919) % 500000, 0, 1000 + (g::bigint * 7919) % 500000, 1,
          now() - ((${total} - g) * interval '2 minutes'),
          CASE WHEN g % 8 IN (1, 2, 3, 4, 5, 6) THEN now() - ((${total} - g) * interval '2 minutes') END,
          CASE WHEN t.changed < now() THEN t.changed ELSE now() - ((${total} - g) * interval '2 minutes') END
        FROM generate_series(${from}::int, ${to}::int) g,
          LATERAL (SELECT now() - ((${total} - g) * interval '2 minutes') + (ARRAY[interval '0', interval '5 minutes', interval '1 day', interval '2 days',
            interval '5 days', interval '6 days', interval '9 days', interval '3 hours'])[1 + g % 8] AS changed) t`)
      process.stdout.write(`  ${to} pedidos…\n`)
    }
    await db.execute(sql`INSERT INTO order_items (order_id, titulo, quantity, unit_price_cents, total_cents)
      SELECT id, 'Produto de bancada', 1, total_cents, total_cents FROM orders o WHERE NOT EXISTS (SELECT 1 FROM order_items i WHERE i.order_id = o.id)`)
    // As autovacuum would have by now: statistics, and the trigram index's pending list merged (a GIN
    // index takes new rows into an unsorted list that every search reads until VACUUM folds it in).
    await db.execute(sql`VACUUM ANALYZE`)
    process.stdout.write(`Gerados ${total - have} pedidos em ${((performance.now() - started) / 1000).toFixed(0)} s\n`)
  }
}

async function measure(db: Db, total: number, runs: number): Promise<AdminTarget[]> {
  const targets: AdminTarget[] = []
  await fillBenchOrders(db, total)

  async function time(label: string, run: () => Promise<unknown>, target: number): Promise<void> {
    const p95 = await timeP95(label, run, target, runs, 44)
    targets.push({ alvo: `${label} p95 ≤ ${target} ms`, valor: `${p95.toFixed(1)} ms`, ok: p95 <= target })
  }

  const list = (query: Record<string, string>) => async () => {
    const result = await listAdminOrders(db, orderListQuerySchema.parse(query))
    if (result instanceof Error) throw result
    return result
  }
  const deep = await list({ por: '25' })()
  let cursor = deep.next
  for (let i = 0; i < 200 && cursor; i++) cursor = (await list({ apos: cursor })()).next
  const [{ code: someCode, cpf: someCpf }] = await rows<{ code: string; cpf: string }>(
    db,
    sql`SELECT code, buyer_cpf AS cpf FROM orders ORDER BY id DESC OFFSET ${Math.min(12_345, Math.floor(total / 2))} LIMIT 1`,
  )

  process.stdout.write(`\n${total} pedidos, ${runs} execuções cada (PostgreSQL)\n`)
  const LIST_CASES: [string, Record<string, string>][] = [
    ['lista: recentes', {}],
    ['lista: página 201 (cursor)', { apos: cursor ?? '' }],
    ['lista: situação em separação', { situacao: 'em_separacao' }],
    ['lista: a enviar, mais antigos', { situacao: 'a_enviar', ordem: 'antigos' }],
    ['lista: boleto aguardando', { situacao: 'aguardando_pagamento', metodo: 'boleto' }],
    ['lista: maior valor', { ordem: 'maior_valor' }],
    ['lista: maior valor + cancelado', { ordem: 'maior_valor', situacao: 'cancelado' }],
    [
      'lista: período de 7 dias',
      { de: new Date(Date.now() - 20 * 86_400_000).toISOString().slice(0, 10), ate: new Date(Date.now() - 14 * 86_400_000).toISOString().slice(0, 10) },
    ],
    ['lista: busca por nome ("gabriela silva 12")', { q: 'gabriela silva 12' }],
    ['lista: busca por código', { q: someCode }],
    ['lista: busca por e-mail', { q: 'cliente4321@example.com' }],
    ['lista: busca por CPF (com pontos)', { q: someCpf.slice(0, 9).replace(/(\d{3})(\d{3})(\d{3})/, '$1.$2.$3') }],
    ['lista: busca sem resultado', { q: 'zzzqqqxxx' }],
  ]
  for (const [label, query] of LIST_CASES) await time(label, list(query), 100)
  await time('detalhe do pedido', () => adminOrderDetail(db, someCode), 50)
  await time('painel', () => dashboard(db), 200)

  // The CSV of the latest 100 000 orders: from the day of the 100 000th newest (a day's worth more
  // at most), cut at 100 000 rows; how long, and how much this process's memory grew meanwhile.
  const CSV_ROWS = Math.min(100_000, total)
  const [{ from }] = await rows<{ from: string }>(
    db,
    sql`SELECT to_char(created_at AT TIME ZONE 'America/Sao_Paulo', 'YYYY-MM-DD') AS from FROM orders ORDER BY created_at DESC OFFSET ${CSV_ROWS - 1} LIMIT 1`,
  )
  global.gc?.()
  const rssBefore = process.memoryUsage().rss
  let peak = rssBefore
  const t0 = performance.now()
  let bytes = 0
  let lines = 0
  for await (const chunk of ordersCsv(db, { de: from })) {
    bytes += chunk.length
    lines += chunk.split('\r\n').length - 1
    peak = Math.max(peak, process.memoryUsage().rss)
    if (lines > CSV_ROWS) break
  }
  const seconds = (performance.now() - t0) / 1000
  const grew = (peak - rssBefore) / 1e6
  process.stdout.write(
    `CSV: ${Math.min(lines - 1, CSV_ROWS)} linhas, ${(bytes / 1e6).toFixed(1)} MB em ${seconds.toFixed(1)} s, memória +${grew.toFixed(0)} MB (RSS máx ${(peak / 1e6).toFixed(0)} MB)\n`,
  )
  targets.push({
    alvo: `CSV de ${CSV_ROWS.toLocaleString('pt-BR')} pedidos ≤ 20 s`,
    valor: `${seconds.toFixed(1)} s (${Math.min(lines - 1, CSV_ROWS)} linhas)`,
    ok: seconds <= 20 && lines - 1 >= CSV_ROWS,
  })
  // Flat: the file is never held whole; the process grows by a few buffers at most.
  targets.push({
    alvo: 'CSV com memória estável (RSS cresce ≤ 64 MB)',
    valor: `+${grew.toFixed(0)} MB para ${(bytes / 1e6).toFixed(0)} MB de arquivo`,
    ok: grew <= 64,
  })

  for (const [label, query] of [LIST_CASES[0], LIST_CASES[2], LIST_CASES[6], LIST_CASES[8], LIST_CASES[11]]) {
    const filter = orderListQuerySchema.parse(query)
    const plan = await rows<{ 'QUERY PLAN': string }>(
      db,
      sql`EXPLAIN (ANALYZE, BUFFERS OFF, COSTS OFF) SELECT o.id FROM orders o WHERE ${orderFilterSql(filter)}
          ORDER BY ${sql.raw(filter.ordem === 'maior_valor' ? 'o.total_cents DESC, o.id DESC' : 'o.created_at DESC, o.id DESC')} LIMIT 26`,
    )
    process.stdout.write(`\nEXPLAIN ANALYZE — ${label}\n${plan.map((r) => `  ${r['QUERY PLAN']}`).join('\n')}\n`)
  }
  return targets
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const { values } = parseArgs({ options: { orders: { type: 'string', default: '1000000' }, runs: { type: 'string', default: '30' } } })
  const targets = await benchAdminOrders({ orders: Number(values.orders), runs: Number(values.runs) })
  printTargets(targets)
  process.exit(targets.every((t) => t.ok) ? 0 : 1)
}

export function printTargets(targets: AdminTarget[]): void {
  process.stdout.write('\nAlvos (PostgreSQL):\n')
  for (const t of targets) process.stdout.write(`  ${t.ok ? '✔' : '✘'} ${t.alvo}: ${t.valor}\n`)
}
