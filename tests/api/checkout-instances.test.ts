import { spawn } from 'node:child_process'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { semEstoqueMsg } from '../../contract/checkout'
import type { Database } from '../../server/db/client'
import { products } from '../../server/db/schema'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { placeOrder } from '../../server/domain/order/place'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from '../support/app'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from '../support/checkout'
import { createTestDatabase } from '../support/db'

/**
 * Two store processes on one PostgreSQL database: this test process (its pool, caches and sandbox)
 * and a child process started from tests/support/placement-worker.ts (its own pool, caches and
 * sandbox, the same database). Both place orders for the same 10 units at once.
 */
const url = process.env.TEST_DATABASE_URL
let database: Database & { url?: string }

beforeAll(async () => {
  if (url) database = await createTestDatabase()
})
afterAll(() => database?.close())

describe.skipIf(!url)('placements from two store processes on one PostgreSQL database', () => {
  it('60 shoppers, 30 per process, for a stock of 10: exactly 10 orders, stock 0', { timeout: 120_000 }, async () => {
    const db = database.db
    const fx = await insertCatalogFixture(db)
    const payments = installTestSandbox(db)
    const [p] = await db
      .insert(products)
      .values({
        hash: 'dois-proc',
        linkReal: 'produto-dois-processos',
        titulo: 'Produto Disputado',
        priceCents: 5000,
        stock: 10,
        categoryId: fx.cat.audio.id,
        sku: 'DOIS-PROC',
      })
      .returning()
    const shoppers: Shopper[] = []
    for (let i = 0; i < 60; i++) {
      const s = await createShopper(db, `proc${i}`)
      await fillCart(db, s, p.id, 1)
      await completeCheckout(db, s, i % 2 ? 'pix' : 'boleto')
      shoppers.push(s)
    }
    const [mine, theirs] = [shoppers.slice(0, 30), shoppers.slice(30)]
    const child = spawn(
      process.execPath,
      ['--import', 'tsx', 'tests/support/placement-worker.ts', database.url!, ...theirs.map((s) => `${s.sessionId}:${s.customerId}`)],
      {
        stdio: ['pipe', 'pipe', 'inherit'],
      },
    )
    let out = ''
    const lines = new Promise<string[]>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        out += chunk.toString()
        if (out.startsWith('ready\n') && out.trimEnd().split('\n').length === 2) resolve(out.trimEnd().split('\n'))
      })
      child.on('exit', (code) => (code ? reject(new Error(`worker saiu com ${code}: ${out}`)) : undefined))
    })
    await new Promise<void>((resolve) => child.stdout.once('data', () => resolve()))
    child.stdin.write('go\n')
    const deps = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), payments }
    const here = await Promise.all(mine.map((o) => placeOrder(deps, o, {}).then((r) => ('pedido' in r ? 'ok' : r.message))))
    const there = JSON.parse((await lines)[1]) as string[]
    const all = [...here, ...there]
    expect(all.filter((r) => r === 'ok')).toHaveLength(10)
    expect(all.filter((r) => r !== 'ok').every((r) => r === semEstoqueMsg('Produto Disputado'))).toBe(true)
    expect([here.length, there.length]).toEqual([30, 30])
    const [after] = await db.select().from(products).where(eq(products.id, p.id))
    expect(after).toMatchObject({ stock: 0, soldCount: 10 })
  })
})
