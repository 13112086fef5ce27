import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto'
import { eq } from 'drizzle-orm'
import { describe, expect, it } from 'vitest'
import { BUYER_CPF, createShopper } from '../../../tests/support/checkout'
import { orderTestBed, placeTestOrder } from '../../../tests/support/order-bed'
import { testDbKind } from '../../../tests/support/db'
import { orders } from '../../db/schema'
import { barcodeFromLinha } from '../../integrations/payments/boleto'
import { storeProfile } from '../../store-profile'
import { boletoSlip } from './boleto-slip'
import { cancelOrder } from './cancel'

// Its own outbox: tests/api/checkout.test.ts reads the shared one for an order with the same code.
const bed = orderTestBed('boleto-slip')

/** A shopper's order placed with `method`; its code. */
const order = (name: string, method: 'pix' | 'boleto') => placeTestOrder(bed, name, method)

describe(`printable boleto (${testDbKind})`, () => {
  it("prints the order's slip: the store as beneficiary, the buyer as payer, the barcode behind the linha", async () => {
    const { shopper, code } = await order('bia', 'boleto')
    const slip = (await boletoSlip(bed.db, storeProfile, shopper.customerId, code))!
    const [row] = await bed.db.select().from(orders).where(eq(orders.code, code))
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
    const other = await createShopper(bed.db, 'dora')
    expect(await boletoSlip(bed.db, storeProfile, other.customerId, code)).toBeNull()
    expect(await boletoSlip(bed.db, storeProfile, shopper.customerId, 'VT-2000-000001')).toBeNull()
    const pix = await order('edu', 'pix')
    expect(await boletoSlip(bed.db, storeProfile, pix.shopper.customerId, pix.code)).toBeNull()
    await cancelOrder(bed.db, { code, actor: { kind: 'cli' }, reason: 'operador' })
    expect(await boletoSlip(bed.db, storeProfile, shopper.customerId, code)).toMatchObject({ cancelado: true, situacao: 'Cancelado' })
  })
})
