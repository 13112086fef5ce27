// A test file's own database for the order and payment rules: the catalog fixture, the sandbox
// provider with its records in the database, and shoppers' orders placed through the real placement.
import pino from 'pino'
import { afterAll, beforeAll } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { isRefusal } from '../../server/domain/refusal'
import { placeOrder } from '../../server/domain/order/place'
import type { Env } from '../../server/env'
import type { SandboxProvider } from '../../server/integrations/payments/sandbox'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from './app'
import { FIXTURE } from './cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from './catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from './checkout'
import { createTestDatabase } from './db'
import { runJobs } from './jobs'
import type { Jobs } from '../../server/jobs/runner'

export const TEST_CARD = { numero: '4111111111111111', nome: 'ANA TESTE', validade: '12/30', cvv: '123' }

export type OrderBed = {
  database: Database
  db: Db
  fx: CatalogFixture
  sandbox: SandboxProvider
  /** The e-mail jobs, delivering to env's outbox (tests/support/jobs.ts). */
  jobs: Jobs
  /** The test environment with the file's own outbox: other test files read theirs for e-mails of orders with the same codes. */
  env: Env
}

/** The file's bed, ready in its `beforeAll` (its fields are set before the first test runs) and closed after the last. */
export function orderTestBed(name: string): OrderBed {
  const bed = { env: { ...testEnv, dataDir: `${testEnv.dataDir}-${name}-${process.pid}` } } as OrderBed
  beforeAll(async () => {
    bed.database = await createTestDatabase()
    bed.jobs = await runJobs(bed.database, bed.env)
    bed.db = bed.database.db
    bed.fx = await insertCatalogFixture(bed.db)
    bed.sandbox = installTestSandbox(bed.db)
  })
  afterAll(async () => {
    await bed.jobs?.stop()
    await bed.database?.close()
  })
  return bed
}

/** A new shopper's order of `quantity` of a product (the CAPA by default), placed with `method` (a card pays with TEST_CARD). */
export async function placeTestOrder(
  bed: OrderBed,
  shopperName: string,
  method: 'pix' | 'boleto' | 'cartao',
  { link = FIXTURE.CAPA, quantity = 1 }: { link?: string; quantity?: number } = {},
): Promise<{ shopper: Shopper; code: string }> {
  const shopper = await createShopper(bed.db, shopperName)
  await fillCart(bed.db, shopper, bed.fx.ids[link], quantity)
  await completeCheckout(bed.db, shopper, method)
  const placed = await placeOrder(
    { db: bed.db, env: bed.env, store: storeProfile, log: pino({ level: 'silent' }), payments: bed.sandbox },
    shopper,
    method === 'cartao' ? { cartao: TEST_CARD } : {},
  )
  if (isRefusal(placed)) throw placed
  return { shopper, code: placed.pedido }
}
