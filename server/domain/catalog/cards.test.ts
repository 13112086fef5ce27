import { describe, expect, it } from 'vitest'
import { storeProfile } from '../../store-profile'
import { pricingRules } from './rules'
import { toCard, type CardRow } from './cards'

const row = (over: Partial<CardRow>): CardRow => ({
  id: 1,
  hash: 'h1',
  link_real: 'produto',
  titulo: 'Produto',
  price_cents: 10_000,
  compare_at_cents: null,
  stock: 50,
  brand_id: null,
  cat_titulo: 'Cat',
  cat_ndi: 'cat',
  marca_titulo: null,
  marca_link: null,
  img: null,
  has_video: false,
  atacado: null,
  variacoes: [],
  nota: null,
  active: true,
  opcoes: null,
  cat_path: [],
  ...over,
})

describe('card wholesale price', () => {
  it('shows the wholesale unit as the cart charges it: never above the list price', () => {
    const rules = pricingRules(storeProfile)
    expect(toCard(row({ atacado: { min: 5, cents: 9_000 } }), rules).valorAtacado).toBe(90)
    // A wholesale price left above a lowered list price: the cart charges the list price.
    expect(toCard(row({ atacado: { min: 5, cents: 12_000 } }), rules).valorAtacado).toBe(100)
  })
})
