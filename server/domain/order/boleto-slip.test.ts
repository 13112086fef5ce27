import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { testEnv } from '../../../tests/support/app'
import { BUYER_CPF, completeCheckout, createShopper, fillCart, installTestSandbox } from '../../../tests/support/checkout'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { orders } from '../../db/schema'
import { isRefusal } from '../refusal'
import { barcodeFromLinha } from '../../integrations/payments/boleto'
import type { SandboxProvider } from '../../integrations/payments/sandbox'
import { storeProfile } from '../../store-profile'
import { FIXTURE } from '../../../tests/support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../../../tests/support/catalog-fixtures'
import { boletoSlip } from './boleto-slip'
import { placeOrder } from './place'
import { cancelOrder } from './cancel'

// Its own outbox: tests/api/checkout.test.ts reads the shared one for an order with the same code.
const OWN_OUTBOX = `${testEnv.dataDir}-boleto-slip-${process.pid}`
let database: Database
let db: Db
let fx: CatalogFixture
let sandbox: SandboxProvider
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fx = await insertCatalogFixture(db)
  sandbox = installTestSandbox(db)
})
afterAll(() => database?.close())

/** A shopper's order placed with `method`; its code. */
async function order(name: string, method: 'pix' | 'boleto') {
  const shopper = await createShopper(db, name)
  await fillCart(db, shopper, fx.ids[FIXTURE.CAPA], 1)
  await completeCheckout(db, shopper, method)
  const placed = await placeOrder(
    { db, env: { ...testEnv, dataDir: OWN_OUTBOX }, store: storeProfile, log: pino({ level: 'silent' }), payments: sandbox },
    shopper,
    {},
  )
  if (isRefusal(placed)) throw placed
  return { shopper, code: placed.pedido }
}

describe(`printable boleto (${testDbKind})`, () => {
  it("prints the order's slip: the store as beneficiary, the buyer as payer, the barcode behind the linha", async () => {
    const { shopper, code } = await order('bia', 'boleto')
    const slip = (await boletoSlip(db, storeProfile, shopper.customerId, code))!
    const [row] = await db.select().from(orders).where(eq(orders.code, code))
    expect(slip).toMatchObject({
      codigo: code,
      pago: false,
      cancelado: false,
      banco: { nome: 'Banco do Brasil', codigo: '001-9' },
      nossoNumero: `${storeProfile.boleto.convenio}${code.replace(/\D/g, '')}`,
      valor: row.totalCents / 100,
      carteira: storeProfile.boleto.carteira,
      agenciaCodigo: `${storeProfile.boleto.agencia} / ${storeProfile.boleto.conta}`,
      beneficiario: { nome: storeProfile.razaoSocial, cnpj: storeProfile.cnpj },
      pagador: { nome: 'Ana Maria Teste', cpf: BUYER_CPF.replace(/^(\d{3})(\d{3})(\d{3})(\d{2})$/, '$1.$2.$3-$4') },
    })
    expect(slip.beneficiario.endereco).toContain('Avenida Paulista, 1578 – Conjunto 42')
    expect(slip.pagador.endereco).toBe('Avenida Paulista, 1578 · Bela Vista · São Paulo/SP · CEP 01310-200')
    // The linha in its five printed groups passes the library's validator and reads back to the drawn barcode.
    expect(slip.linhaDigitavel).toMatch(/^001\d{2}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
    expect(isValidBoleto(slip.linhaDigitavel.replace(/\D/g, ''))).toBe(true)
    expect(barcodeFromLinha(slip.linhaDigitavel)).toBe(slip.codigoBarras)
    expect(slip.codigoBarras.slice(9, 19)).toBe(String(row.totalCents).padStart(10, '0'))
    expect(slip.barrasSvg).toMatch(/^<svg [^>]*viewBox="0 0 \d+ 50"/)
    expect(slip.vencimento).toMatch(/^\d{4}-\d{2}-\d{2}$/)
    expect(slip.dataDocumento <= slip.vencimento).toBe(true)
  })

  it("is only the owner's, and only for a boleto order; a cancelled one says so", async () => {
    const { shopper, code } = await order('caio', 'boleto')
    const other = await createShopper(db, 'dora')
    expect(await boletoSlip(db, storeProfile, other.customerId, code)).toBeNull()
    expect(await boletoSlip(db, storeProfile, shopper.customerId, 'VT-2000-000001')).toBeNull()
    const pix = await order('edu', 'pix')
    expect(await boletoSlip(db, storeProfile, pix.shopper.customerId, pix.code)).toBeNull()
    await cancelOrder(db, { code, actor: { kind: 'cli' }, reason: 'operador' })
    expect(await boletoSlip(db, storeProfile, shopper.customerId, code)).toMatchObject({ cancelado: true, situacao: 'Cancelado' })
  })
})
