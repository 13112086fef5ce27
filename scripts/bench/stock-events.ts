/**
 * `node --import tsx scripts/bench/stock-events.ts [--runs 400] [--drop]`
 *
 * What announcing stock moves (estoque.alterado) adds to order placement, on PostgreSQL: the
 * database named in BENCH_DATABASE_URL (else `vitrine_bench_stock_events` on the local server, made
 * and filled with the test catalog once). Times, each in its own transaction rolled back at the end,
 * taking the stock of a three-line order (two products' own counts and one option) as placement
 * does: without events (the updates alone, as before), with them and no endpoint, and with one
 * endpoint subscribed (deliveries and a job per lane). Prints the medians and p95s and the added
 * cost against the budget (≤ 2 ms added to placement).
 */
import { eq, sql } from 'drizzle-orm'
import postgres from 'postgres'
import { parseArgs } from 'node:util'
import { openDatabase, type Db } from '../../server/db/client'
import { products, variationOptions, webhookEndpoints } from '../../server/db/schema'
import { stockContext } from '../../server/domain/catalog/stock-ledger'
import { takeStock, type StockLine } from '../../server/domain/order/stock'
import { recordEvents } from '../../server/domain/integrations/events'
import { insertCatalogFixture } from '../../tests/support/catalog-fixtures'
import { benchDatabaseUrl } from './admin-orders'

const { values } = parseArgs({ options: { runs: { type: 'string', default: '400' }, drop: { type: 'boolean', default: false } } })
const runs = Number(values.runs)
const BUDGET_MS = 2

class Rollback extends Error {}

/** One transaction running `work`, rolled back; answers its duration. */
async function timed(db: Db, work: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>): Promise<number> {
  const t = performance.now()
  try {
    await db.transaction(async (tx) => {
      await work(tx)
      throw new Rollback()
    })
  } catch (err) {
    if (!(err instanceof Rollback)) throw err
  }
  return performance.now() - t
}

const url = await benchDatabaseUrl('vitrine_bench_stock_events')
const database = await openDatabase({ url, max: 2 })
await database.migrate()
const db = database.db
if ((await db.select({ id: products.id }).from(products).limit(1)).length === 0) await insertCatalogFixture(db)

const own = await db
  .select()
  .from(products)
  .where(sql`${products.stock} >= 5 AND NOT EXISTS (SELECT 1 FROM variation_options o WHERE o.product_id = ${products.id})`)
  .limit(2)
const [option] = await db
  .select()
  .from(variationOptions)
  .where(sql`${variationOptions.stock} >= 1 AND ${variationOptions.active}`)
  .limit(1)
const lines: StockLine[] = [
  ...own.map((p) => ({ productId: p.id, optionId: null, quantity: 1, titulo: p.titulo })),
  { productId: option!.productId, optionId: option!.id, quantity: 1, titulo: 'opção' },
]
const move = { reason: 'Pedido' as const, actor: { kind: 'cli' as const }, orderCode: 'VT-2026-999999' }

/** The stock taken as before this change: the same updates, nothing announced. */
async function takeWithoutEvents(tx: Parameters<Parameters<Db['transaction']>[0]>[0]): Promise<void> {
  await stockContext(tx, move)
  for (const l of [...lines].sort((a, b) => a.productId - b.productId)) {
    if (l.optionId != null)
      await tx.execute(
        sql`UPDATE variation_options SET stock = stock - 1 WHERE id = ${l.optionId} AND product_id = ${l.productId} AND active AND stock >= 1 RETURNING id`,
      )
    const ownQ = l.optionId == null ? 1 : 0
    await tx.execute(
      sql`UPDATE products SET stock = stock - ${ownQ}, sold_count = sold_count + 1, updated_at = now() WHERE id = ${l.productId} AND stock >= ${ownQ} RETURNING id`,
    )
  }
}

const median = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length / 2)]!
const p95 = (ms: number[]) => [...ms].sort((a, b) => a - b)[Math.floor(ms.length * 0.95)]!
/** Interleaved, so load from elsewhere on the machine falls on every variant alike. */
async function compare(labels: string[], variants: Array<() => Promise<number>>): Promise<number[][]> {
  const ms = variants.map(() => [] as number[])
  for (let i = 0; i < 20; i++) for (const v of variants) await v()
  for (let i = 0; i < runs; i++) for (const [k, v] of variants.entries()) ms[k]!.push(await v())
  for (const [k, label] of labels.entries()) {
    process.stdout.write(`${label.padEnd(44)} mediana ${median(ms[k]!).toFixed(2).padStart(6)} ms  p95 ${p95(ms[k]!).toFixed(2).padStart(6)} ms\n`)
  }
  return ms
}

process.stdout.write(`\nTomar o estoque de um pedido de 3 linhas (2 produtos, 1 opção), ${runs} transações cada (PostgreSQL)\n`)
const [endpoint] = await db
  .insert(webhookEndpoints)
  .values({ url: 'https://erp.example.com/estoque', events: ['estoque.alterado'], secret: 'whsec_AAAA', active: false })
  .returning()
const subscribed = (active: boolean) => db.update(webhookEndpoints).set({ active }).where(eq(webhookEndpoints.id, endpoint!.id))
const ms = await compare(
  ['transação vazia', 'sem eventos (antes)', 'com estoque.alterado, sem webhook', 'com estoque.alterado e 1 webhook inscrito'],
  [
    () => timed(db, async () => {}),
    () => timed(db, takeWithoutEvents),
    () => timed(db, async (tx) => void (await recordEvents(tx, await takeStock(tx, lines, move)))),
    async () => {
      await subscribed(true)
      const t = await timed(db, async (tx) => void (await recordEvents(tx, await takeStock(tx, lines, move))))
      await subscribed(false)
      return t
    },
  ],
)
const added = median(ms[2]!) - median(ms[1]!)
const addedSubscribed = median(ms[3]!) - median(ms[1]!)
process.stdout.write(
  `\nAcréscimo (mediana): ${added.toFixed(2)} ms sem webhook, ${addedSubscribed.toFixed(2)} ms com um webhook inscrito — orçamento ≤ ${BUDGET_MS} ms: ${addedSubscribed <= BUDGET_MS ? 'ok' : 'ACIMA'}\n`,
)
await db.delete(webhookEndpoints).where(eq(webhookEndpoints.id, endpoint!.id))
await database.close()
if (values.drop) {
  const server = new URL(url)
  const name = decodeURIComponent(server.pathname.slice(1))
  server.pathname = '/postgres'
  const admin = postgres(server.toString(), { max: 1, onnotice: () => {} })
  await admin.unsafe(`DROP DATABASE IF EXISTS ${name}`)
  await admin.end()
}
process.exit(addedSubscribed <= BUDGET_MS ? 0 : 1)
