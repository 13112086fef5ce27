import { eq } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { products } from '../../server/db/schema'
import { createApiKey, revokeApiKey } from '../../server/domain/integrations/keys'
import { isRefusal } from '../../server/domain/refusal'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture } from '../support/catalog-fixtures'
import { createTestDatabase } from '../support/db'
import { startInstance, type Instance } from '../support/instances'

/**
 * The integrations API on two store processes over one PostgreSQL database: a stock change made
 * through instance A's /api/v1 shows on both instances' product detail within 1 s (the catalog's
 * change notifications), and a revoked key is refused at once by both.
 */
const url = process.env.TEST_DATABASE_URL
let database: Database & { url?: string }
let a: Instance
let b: Instance

beforeAll(async () => {
  if (!url) return
  database = await createTestDatabase()
  await insertCatalogFixture(database.db)
  ;[a, b] = await Promise.all([startInstance(database.url!), startInstance(database.url!)])
}, 60_000)
afterAll(async () => {
  a?.child.kill()
  b?.child.kill()
  await database?.close()
})

/** The stock the product's detail answer shows (its own card, wherever it is in the answer). */
function stockShown(value: unknown): number | null {
  if (Array.isArray(value)) {
    for (const v of value) {
      const found = stockShown(v)
      if (found !== null) return found
    }
  } else if (value && typeof value === 'object') {
    const o = value as Record<string, unknown>
    if (o.link_real === FIXTURE.DELL && o.qtd !== undefined) return Number(o.qtd)
    for (const v of Object.values(o)) {
      const found = stockShown(v)
      if (found !== null) return found
    }
  }
  return null
}

async function within(limitMs: number, test: () => Promise<boolean>): Promise<void> {
  const started = Date.now()
  while (!(await test())) {
    if (Date.now() - started > limitMs) throw new Error(`não mudou em ${limitMs} ms`)
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe.skipIf(!url)('/api/v1 on two store processes', () => {
  it('a stock set through one instance shows on both within 1 s; a revoked key is refused by both at once', { timeout: 60_000 }, async () => {
    const made = await createApiKey(database.db, { name: 'ERP duas instâncias', scopes: ['estoque:escrever'], actor: { kind: 'cli' } })
    if (isRefusal(made)) throw made
    const hash = (await publicHashes(database.db)).hashes[FIXTURE.DELL]
    const [{ sku }] = await database.db.select({ sku: products.sku }).from(products).where(eq(products.linkReal, FIXTURE.DELL))
    const detail = async (i: Instance) => stockShown(await (await i.get(`/_next/api/detalhe-produto?id=${hash}`)).json())
    // Both have the detail cached first.
    expect([await detail(a), await detail(a), await detail(b), await detail(b)]).toEqual([7, 7, 7, 7])
    const auth = { authorization: `Bearer ${made.chave}`, 'content-type': 'application/json' }
    const set = await fetch(`${a.base}/api/v1/produtos/${sku}/estoque`, { method: 'PUT', headers: auth, body: JSON.stringify({ quantidade: 3 }) })
    expect(set.status).toBe(200)
    await Promise.all([a, b].map((i) => within(1000, async () => (await detail(i)) === 3)))
    await revokeApiKey(database.db, { id: made.id, actor: { kind: 'cli' } })
    for (const i of [a, b]) {
      const res = await fetch(`${i.base}/api/v1/produtos/${sku}/estoque`, { method: 'PUT', headers: auth, body: JSON.stringify({ quantidade: 4 }) })
      expect(res.status).toBe(401)
    }
  })
})
