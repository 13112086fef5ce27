import { describe, expect, it } from 'vitest'
import type { Payment } from '../../integrations/payments/provider'
import { nossoNumero } from '../../integrations/payments/boleto'
import { storeProfile } from '../../store-profile'
import { orderCode, paymentDeadline } from './place'

const base = {
  id: 'sbx_1',
  provider: 'sandbox',
  orderCode: 'VT-2026-000124',
  amountCents: 1000,
  status: 'pending',
  capturedCents: 0,
  refundedCents: 0,
  createdAt: '2026-12-21T12:00:00.000Z',
} as const

describe('order codes and payment deadlines', () => {
  it('writes VT-{year}-{six digits}, whose ten digits are the boleto nosso número', () => {
    expect(orderCode(124, '2026-11-24')).toBe('VT-2026-000124')
    expect(orderCode(999_999, '2027-01-01')).toBe('VT-2027-999999')
    expect(nossoNumero(storeProfile.boleto, orderCode(124, '2026-11-24'))).toBe(`${storeProfile.boleto.convenio}2026000124`)
  })

  it('cancels a Pix at its expiry and a boleto at the end of the business day after its due date', () => {
    const pix: Payment = { ...base, method: 'pix', pix: { copiaECola: '000201', expiresAt: '2026-12-21T12:30:00.000Z' } }
    expect(paymentDeadline(pix)?.toISOString()).toBe('2026-12-21T12:30:00.000Z')
    // Due Wednesday 23 Dec 2026: Thursday 24 is a business day; the order goes at its end in Brasília.
    const boleto: Payment = { ...base, method: 'boleto', boleto: { barcode: '', linhaDigitavel: '', nossoNumero: '', dueDate: '2026-12-23' } }
    expect(paymentDeadline(boleto)?.toISOString()).toBe('2026-12-25T02:59:59.999Z')
    // Due Thursday 24: Christmas and the weekend are skipped, Monday 28 is the day after.
    expect(paymentDeadline({ ...boleto, boleto: { ...boleto.boleto, dueDate: '2026-12-24' } })?.toISOString()).toBe('2026-12-29T02:59:59.999Z')
    const card: Payment = { ...base, method: 'cartao', status: 'paid', card: { brand: 'visa', last4: '1111', parcelas: 1, valoresCents: [1000] } }
    expect(paymentDeadline(card)).toBeNull()
  })
})
