import type { Page } from 'playwright-core'
import { demoCart, loginDemo } from './shopper'

/** The pages every storefront measure covers (layout shift, script budget), each with how to reach it and an element that is there once it is hydrated. */

/** The demo's automatic promotion: the first category with a promoted card, and that card's product. */
async function promoted(page: Page): Promise<{ categoria: string; produto: string }> {
  const menu = (await (await page.request.get('/_next/api/DataMenu/')).json()) as { Categorias: Array<{ ndi: string; subcategorias?: Array<{ ndi: string }> }> }
  for (const ndi of menu.Categorias.flatMap((c) => [c.ndi, ...(c.subcategorias ?? []).map((s) => s.ndi)])) {
    const listing = (await (await page.request.get(`/_next/api/itens-categoria?id=${ndi}`)).json()) as {
      data?: Array<{ link_real: string; promocao?: unknown }>
    }
    const card = listing.data?.find((c) => c.promocao)
    if (card) return { categoria: `/categoria/${ndi}`, produto: `/produto/${card.link_real}` }
  }
  throw new Error('nenhuma promoção na demonstração')
}

export const PAGES: Array<{ name: string; path: (page: Page) => Promise<string>; ready: string }> = [
  { name: 'início', path: async () => '/', ready: '[data-testid="product-card"] a' },
  {
    name: 'categoria',
    path: async (page) => {
      const menu = (await (await page.request.get('/_next/api/DataMenu/')).json()) as { Categorias: Array<{ ndi: string }> }
      return `/categoria/${menu.Categorias[0]!.ndi}`
    },
    ready: '[data-testid="product-card"] a',
  },
  { name: 'busca', path: async () => '/busca/fone', ready: '[data-testid="product-card"] a' },
  {
    name: 'produto',
    path: async (page) => {
      await page.goto('/')
      return (await page.locator('[data-testid="product-card"] a').first().getAttribute('href')) ?? '/'
    },
    ready: 'main button',
  },
  { name: 'categoria em promoção', path: async (page) => (await promoted(page)).categoria, ready: '[data-testid="card-promotion"]' },
  { name: 'produto em promoção', path: async (page) => (await promoted(page)).produto, ready: '[data-testid="promotion-name"]' },
  {
    name: 'carrinho',
    path: async (page) => {
      await demoCart(page.request)
      return '/compras/carrinho'
    },
    ready: '[data-testid="carrinho-subtotal"]',
  },
  {
    name: 'checkout',
    path: async (page) => {
      await loginDemo(page.request)
      await demoCart(page.request)
      return '/checkout'
    },
    ready: 'main button',
  },
]
