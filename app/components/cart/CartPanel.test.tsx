import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { cartLine } from './cart-item.fixture'
import { PanelBody } from './CartPanel'
import type { CartView } from './useCart'

const line = cartLine()

const render = (discounts: CartView['discounts'], busy: ReadonlySet<string> = new Set()) => {
  const cart = { load: { kind: 'loaded', itens: [line] }, busy, discounts, reload: async () => {}, change: async () => {} } as unknown as CartView
  return renderToStaticMarkup(
    <MemoryRouter>
      <PanelBody cart={cart} shipping={{ kind: 'idle' }} onShipping={() => {}} onLeave={() => {}} />
    </MemoryRouter>,
  ).replace(/\u00a0/g, ' ')
}
const testid = (html: string, id: string) => html.match(new RegExp(`data-testid="${id}"[^>]*>([^<]*)<`))?.[1]

describe('cart panel totals', () => {
  it("the total is the listing's Pix total after the coupon; the subtotal stays Σ discountedPricePix × quantity", () => {
    const html = render({
      descontos: [{ tipo: 'cupom', nome: 'Cupom DEZ', valor: 20 }],
      cupom: { codigo: 'DEZ', aplicado: true, valor: 20 },
      totalCartao: 180,
      totalPix: 171,
    })
    expect(testid(html, 'painel-subtotal')).toBe('R$ 190,00')
    expect(testid(html, 'painel-total')).toBe('R$ 171,00')
    expect(html).toContain('Subtotal (sem frete)')
    expect(html).toContain('INICIAR COMPRA')
  })

  it('without the listing totals, or while a change is on its way, the total is the subtotal', () => {
    expect(testid(render(null), 'painel-total')).toBe('R$ 190,00')
    const busy = render({ descontos: [], cupom: null, totalCartao: 180, totalPix: 171 }, new Set(['t1']))
    expect(testid(busy, 'painel-total')).toBe('R$ 190,00')
  })
})
