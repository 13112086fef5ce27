import { renderToStaticMarkup } from 'react-dom/server'
import { describe, expect, it } from 'vitest'
import type { AdminOrderDetail } from '../../../../server/domain/order/admin-detail'
import { OrderItems } from './OrderItems'

const order = {
  subtotalCents: 40_000,
  discountCents: 12_640,
  shippingCents: 0,
  totalCents: 27_360,
  shippingMethod: 'Padrão',
  couponCode: 'MOSTRA',
} as AdminOrderDetail['order']
const items = [
  {
    id: 1,
    productId: 7,
    titulo: 'Fone',
    variacao: null,
    wholesale: null,
    quantity: 2,
    unitPriceCents: 20_000,
    listUnitPriceCents: 20_000,
    totalCents: 40_000,
    discountCents: 12_640,
  },
] as AdminOrderDetail['items']

const text = (discounts: AdminOrderDetail['discounts'], o = order) =>
  renderToStaticMarkup(<OrderItems order={o} items={items} discounts={discounts} />)
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')

describe('back-office order items', () => {
  it('lists each discount by name, the coupon used, and what each item had taken off', () => {
    const t = text([
      { source: 'promocao', label: 'Semana do Áudio', amountCents: 8_000 },
      { source: 'cupom', label: 'Cupom MOSTRA', amountCents: 3_200 },
      { source: 'pix', label: 'Desconto Pix', amountCents: 1_440 },
    ])
    expect(t).toContain('Semana do Áudio − R$ 80,00')
    expect(t).toContain('Cupom MOSTRA − R$ 32,00')
    expect(t).toContain('Desconto Pix − R$ 14,40')
    expect(t).toContain('Cupom usado MOSTRA')
    expect(t).toContain('− R$ 126,40 em descontos')
    expect(t).not.toMatch(/Desconto − /)
  })

  it('an order from before discounts were kept by kind shows its one discount', () => {
    const t = text([], { ...order, couponCode: null, discountCents: 2_000 })
    expect(t).toContain('Desconto − R$ 20,00')
    expect(t).not.toContain('Cupom usado')
  })
})
