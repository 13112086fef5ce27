import { and, eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { REVIEWS } from '../../../contract/messages/reviews'
import { testEnv } from '../../../tests/support/app'
import { FIXTURE, publicHashes } from '../../../tests/support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from '../../../tests/support/checkout'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog, orders, reviews } from '../../db/schema'
import type { SandboxProvider } from '../../integrations/payments/sandbox'
import { storeProfile } from '../../store-profile'
import { placeOrder } from '../order/place'
import { listReviewsForStaff } from './admin-list'
import { moderateReview } from './moderate'
import { plainText } from '../plain-text'
import { authorName, writeReview } from './write'

let database: Database
let db: Db
let fx: CatalogFixture
let hashes: Record<string, string>
let sandbox: SandboxProvider
const { IPHONE, CANON, CAPA } = FIXTURE
const env = { ...testEnv, dataDir: `${testEnv.dataDir}-reviews-${process.pid}` }

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  ;({ hashes } = await publicHashes(db))
  sandbox = installTestSandbox(db)
})
afterAll(() => database?.close())

let seq = 0
const newShopper = () => createShopper(db, `avaliador${++seq}`)

/** An order of one unit of each of `links`, placed through the checkout and left in `status`. */
async function orderOf(shopper: Shopper, links: string[], status: (typeof orders.$inferSelect)['status'] = 'entregue'): Promise<string> {
  for (const link of links) await fillCart(db, shopper, fx.ids[link]!, 1)
  await completeCheckout(db, shopper, 'pix')
  const placed = await placeOrder({ db, env, store: storeProfile, log: pino({ level: 'silent' }), payments: sandbox }, shopper, {})
  if (!('pedido' in placed)) throw new Error(`pedido não criado: ${JSON.stringify(placed)}`)
  await db.update(orders).set({ status }).where(eq(orders.code, placed.pedido))
  return placed.pedido
}

const review = (pedido: string, link: string, over: Partial<Parameters<typeof writeReview>[2]> = {}) => ({
  pedido,
  produto: hashes[link]!,
  nota: 4,
  titulo: 'Bom',
  texto: 'Funciona bem.',
  ...over,
})
const staff = { kind: 'staff' as const, staffId: 1, name: 'Bruna (loja)', ip: '127.0.0.1' }

describe(`reviews (${testDbKind})`, () => {
  it('plain text keeps line breaks and drops control characters; the author is first name and initial', () => {
    expect(plainText('  Olá\r\n\r\n\r\nmundo\u0007  ')).toBe('Olá\n\nmundo')
    expect(authorName('Maria Clara', 'souza')).toBe('Maria S.')
    expect(authorName('', '')).toBe('Cliente')
  })

  it('a buyer reviews a delivered product once; every other case is refused by its code, nothing written', async () => {
    const ana = await newShopper()
    const bia = await newShopper()
    const delivered = await orderOf(ana, [IPHONE])
    const shipped = await orderOf(ana, [CANON], 'enviado')
    const refusals: Array<[Shopper, ReturnType<typeof review>, string]> = [
      [bia, review(delivered, IPHONE), REVIEWS.orderNotFound.code],
      [ana, review(delivered, CAPA), REVIEWS.notBought.code],
      [ana, review(shipped, CANON), REVIEWS.notDelivered.code],
      [ana, review(delivered, IPHONE, { titulo: '\u0007' }), REVIEWS.titleEmpty.code],
      [ana, review(delivered, IPHONE, { texto: ' \u001b ' }), REVIEWS.textEmpty.code],
    ]
    for (const [who, input, code] of refusals) expect(await writeReview(db, who.customerId, input), code).toMatchObject({ code })
    expect(await db.select().from(reviews).where(eq(reviews.customerId, ana.customerId))).toHaveLength(0)

    expect(await writeReview(db, ana.customerId, review(delivered, IPHONE))).toMatchObject({ estado: 'sucesso' })
    expect(await writeReview(db, ana.customerId, review(delivered, IPHONE))).toMatchObject({ code: REVIEWS.alreadyReviewed.code })
    const [row] = await db.select().from(reviews).where(eq(reviews.customerId, ana.customerId))
    expect(row).toMatchObject({ status: 'pendente', authorName: `avaliador${seq - 1} T.` })
  })

  it('moderation: status and the store’s reply, one audit line each; "" removes the reply; an unknown review is refused', async () => {
    const carla = await newShopper()
    const code = await orderOf(carla, [CAPA])
    await writeReview(db, carla.customerId, review(code, CAPA))
    const [row] = await db.select().from(reviews).where(eq(reviews.customerId, carla.customerId))
    const id = row!.id
    const now = new Date('2026-11-20T12:00:00Z')

    const approved = await moderateReview(db, { id, status: 'aprovada', reply: '  Obrigado!\u0007 ', actor: staff, now })
    expect(approved).toMatchObject({ after: { status: 'aprovada', reply: 'Obrigado!', repliedAt: now } })
    const removed = await moderateReview(db, { id, reply: '', actor: staff })
    expect(removed).toMatchObject({ after: { status: 'aprovada', reply: null, repliedAt: null } })
    expect(await moderateReview(db, { id, status: 'oculta', actor: staff })).toMatchObject({ after: { status: 'oculta' } })
    expect(await moderateReview(db, { id: 2_000_000_000, status: 'aprovada', actor: staff })).toMatchObject({ code: REVIEWS.notFound.code })

    const lines = await db
      .select({ before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.action, 'avaliacao.moderar'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id)
    expect(lines).toEqual([
      { actorId: 1, before: { status: 'pendente', resposta: null }, after: { status: 'aprovada', resposta: 'Obrigado!' } },
      { actorId: 1, before: { status: 'aprovada', resposta: 'Obrigado!' }, after: { status: 'aprovada', resposta: null } },
      { actorId: 1, before: { status: 'aprovada', resposta: null }, after: { status: 'oculta', resposta: null } },
    ])
  })

  it('Avaliações lists pending reviews first, newest first, with each status’s count', async () => {
    const dani = await newShopper()
    const code = await orderOf(dani, [IPHONE, CANON])
    await writeReview(db, dani.customerId, review(code, IPHONE))
    await writeReview(db, dani.customerId, review(code, CANON))
    const mine = await db.select().from(reviews).where(eq(reviews.customerId, dani.customerId)).orderBy(reviews.id)
    await moderateReview(db, { id: mine[1]!.id, status: 'aprovada', actor: staff })

    const all = await listReviewsForStaff(db, {})
    const firstApproved = all.rows.findIndex((r) => r.status !== 'pendente')
    expect(all.rows.slice(firstApproved).every((r) => r.status !== 'pendente')).toBe(true)
    expect(all.rows.map((r) => r.id)).toEqual(expect.arrayContaining([mine[0]!.id, mine[1]!.id]))
    const pending = await listReviewsForStaff(db, { situacao: 'pendente' })
    expect(pending.rows.every((r) => r.status === 'pendente')).toBe(true)
    expect(pending.rows[0]!.id).toBe(mine[0]!.id)
    expect(pending.counts.pendente).toBe(pending.rows.length)
  })
})
