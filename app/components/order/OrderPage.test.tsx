import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { Pedido } from '../../../contract/checkout'
import { OrderPage } from './OrderPage'

const order = (over: Partial<Pedido>): Pedido => ({
  codigo: 'VT-2026-000124',
  status: 'pago',
  situacao: 'Pago',
  criadoEm: '2026-11-28T12:00:00.000Z',
  itens: [{ titulo: 'Fone Bluetooth', variacao: '', imagem: '', quantidade: 2, valor: 200, valor_total: 400, desconto: 60 }],
  subtotal: 400,
  desconto: 77,
  frete: 25,
  total: 348,
  envio: { nome: 'PAC', prazo: 5, rastreio: null },
  estacao: null,
  endereco: {
    destinatario: 'Ana',
    cep: '01310200',
    rua: 'Avenida Paulista',
    numero: '1578',
    complemento: '',
    bairro: 'Bela Vista',
    cidade: 'São Paulo',
    estado: 'SP',
  },
  pagamento: { metodo: 'pix', status: 'paid' },
  simulavel: false,
  ...over,
})

/** The page's text, tags dropped, spaces made plain. */
const text = (p: Pedido) =>
  renderToStaticMarkup(
    <MemoryRouter>
      <OrderPage initial={p} />
    </MemoryRouter>,
  )
    .replace(/<[^>]+>/g, ' ')
    .replace(/\u00a0/g, ' ')
    .replace(/\s+/g, ' ')

describe('order page', () => {
  it('names each discount the order kept: the promotion, the coupon, its free shipping and Pix', () => {
    const t = text(
      order({
        desconto: 102,
        descontos: [
          { tipo: 'promocao', nome: 'Semana do Áudio', valor: 40 },
          { tipo: 'cupom', nome: 'Cupom UMA', valor: 36 },
          { tipo: 'frete', nome: 'Frete grátis (UMA)', valor: 25 },
          { tipo: 'pix', nome: 'Desconto Pix', valor: 1 },
        ],
        cupom: 'UMA',
      }),
    )
    expect(t).toContain('Semana do Áudio − R$ 40,00')
    expect(t).toContain('Cupom UMA − R$ 36,00')
    expect(t).toContain('Frete grátis (UMA) − R$ 25,00')
    expect(t).toContain('Desconto Pix − R$ 1,00')
    expect(t).not.toContain('Desconto Pix − R$ 102,00')
  })

  it('a coupon alone is not called a Pix discount', () => {
    const t = text(
      order({ pagamento: { metodo: 'cartao', status: 'paid' }, desconto: 60, descontos: [{ tipo: 'cupom', nome: 'Cupom BEMVINDO10', valor: 60 }] }),
    )
    expect(t).toContain('Cupom BEMVINDO10 − R$ 60,00')
    expect(t).not.toContain('Desconto Pix')
  })

  it('an order from before discounts were kept by line shows its whole discount as the Pix one', () => {
    expect(text(order({ desconto: 20, descontos: [] }))).toContain('Desconto Pix − R$ 20,00')
    expect(text(order({ desconto: 0, descontos: [] }))).not.toContain('Desconto')
  })
})
