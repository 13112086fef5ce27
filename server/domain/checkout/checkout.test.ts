import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import { testEnv } from '../../../tests/support/app'
import { FIXTURE } from '../../../tests/support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { completeCheckout, createShopper, fillCart } from '../../../tests/support/checkout'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { addresses, products } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { isRefusal } from '../refusal'
import { PICKUP_INDEX } from '../shipping/options'
import { choosePayment, chooseShipping, freightOptions, summary, type CheckoutDeps } from './checkout'

let database: Database
let db: Db
let fx: CatalogFixture
let deps: CheckoutDeps
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  deps = { db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }) }
})
afterAll(() => database?.close())

let n = 0
const shopper = () => createShopper(db, `compra${++n}`)
const setProduct = (link: string, values: { stock?: number; active?: boolean }) => db.update(products).set(values).where(eq(products.id, fx.ids[link]))

describe(`checkout (${testDbKind})`, () => {
  it('prices a complete checkout: lines, shipping and total, nothing pending', async () => {
    const s = await shopper()
    await fillCart(db, s, fx.ids[FIXTURE.CAPA], 2)
    await completeCheckout(db, s, 'pix')
    const resumo = await summary(deps, s)
    if (isRefusal(resumo)) throw resumo
    expect(resumo).toMatchObject({ estado: 'sucesso', pendente: [], itens: [{ quantidade: 2 }], pagamento: { metodo: 'pix' } })
    expect(resumo.total).toBeCloseTo(resumo.subtotal - resumo.desconto + (resumo.frete ?? 0), 2)
  })

  it('refuses an empty cart and names the first line that cannot be bought', async () => {
    const s = await shopper()
    await completeCheckout(db, s, 'pix')
    expect(await summary(deps, s)).toMatchObject({ code: CHECKOUT.carrinhoVazio.code, category: 'conflict' })

    await fillCart(db, s, fx.ids[FIXTURE.DELL], 1)
    await setProduct(FIXTURE.DELL, { stock: 0 })
    try {
      expect(await summary(deps, s)).toMatchObject({ code: CHECKOUT.semEstoque.code, message: expect.stringMatching(/^Estoque insuficiente para /) })
      await setProduct(FIXTURE.DELL, { stock: 10, active: false })
      expect(await summary(deps, s)).toMatchObject({ code: CHECKOUT.indisponivel.code, message: expect.stringMatching(/não está mais disponível/) })
    } finally {
      await setProduct(FIXTURE.DELL, { stock: 10, active: true })
    }
  })

  it('refuses a shipping option or a station that does not exist, and more instalments than the store offers', async () => {
    const s = await shopper()
    expect(await chooseShipping(deps, s, { opcao: 9 })).toMatchObject({ code: CHECKOUT.opcaoEnvio.code, category: 'invalid' })
    expect(await chooseShipping(deps, s, { opcao: PICKUP_INDEX })).toMatchObject({ code: CHECKOUT.estacao.code })
    expect(await chooseShipping(deps, s, { opcao: PICKUP_INDEX, estacao: 'nenhuma' })).toMatchObject({
      code: CHECKOUT.estacaoInvalida.code,
      category: 'not_found',
    })
    const max = storeProfile.parcelamento.maxParcelasSemJuros
    expect(await choosePayment(db, storeProfile, s, { metodo: 'cartao', parcelas: max + 1 })).toMatchObject({ code: CHECKOUT.parcelas.code })
    expect(await choosePayment(db, storeProfile, s, { metodo: 'pix', parcelas: 2 })).toMatchObject({ code: CHECKOUT.parcelas.code })
    expect(await choosePayment(db, storeProfile, s, { metodo: 'cartao', parcelas: max })).toEqual({ estado: 'sucesso' })
  })

  it("answers 'sedrc' when the customer has no address: the wire's msg is the code", async () => {
    const s = await shopper()
    await db.delete(addresses).where(eq(addresses.customerId, s.customerId))
    expect(await freightOptions(deps, s)).toMatchObject({ code: CHECKOUT.semEndereco.code, message: 'sedrc' })
  })
})
