import { describe, expect, it } from 'vitest'
import { breadcrumbLd, canonicalUrl, metaDescription, productLd, seoMeta, siteOrigin } from './seo'

describe('seo helpers', () => {
  it('canonical URLs keep only pagina above 1', () => {
    expect(canonicalUrl('https://loja.example', '/categoria/tvs')).toBe('https://loja.example/categoria/tvs')
    expect(canonicalUrl('https://loja.example', '/categoria/tvs', 1)).toBe('https://loja.example/categoria/tvs')
    expect(canonicalUrl('https://loja.example', '/categoria/tvs', 3)).toBe('https://loja.example/categoria/tvs?pagina=3')
  })

  it("the origin is the one the request's context was given, else PUBLIC_URL, else localhost:PORT — never the request", () => {
    expect(siteOrigin({ storeOrigin: 'http://127.0.0.1:3000', env: { PORT: 3000 } })).toBe('http://127.0.0.1:3000')
    expect(siteOrigin({ env: { PUBLIC_URL: 'https://www.vitrine.com.br/', PORT: 3000 } })).toBe('https://www.vitrine.com.br')
    expect(siteOrigin({ env: { PORT: 3000 } })).toBe('http://localhost:3000')
  })

  it('meta has title, description, canonical, Open Graph and JSON-LD', () => {
    const tags = seoMeta({
      title: 'TVs',
      description: 'Televisores',
      canonical: 'https://loja.example/categoria/tvs',
      jsonLd: [{ '@type': 'Thing' }],
    })
    expect(tags).toContainEqual({ title: 'TVs | Vitrine' })
    expect(tags).toContainEqual({ name: 'description', content: 'Televisores' })
    expect(tags).toContainEqual({ tagName: 'link', rel: 'canonical', href: 'https://loja.example/categoria/tvs' })
    expect(tags).toContainEqual({ property: 'og:url', content: 'https://loja.example/categoria/tvs' })
    expect(tags).toContainEqual({ property: 'og:locale', content: 'pt_BR' })
    expect(tags).toContainEqual({ 'script:ld+json': { '@type': 'Thing' } })
    expect(tags.some((t) => 'name' in t && t.name === 'robots')).toBe(false)
    expect(seoMeta({ title: 'x', description: 'y', noindex: true })).toContainEqual({ name: 'robots', content: 'noindex, follow' })
  })

  it('descriptions lose tags and are cut at a word', () => {
    expect(metaDescription('<p>Som <strong>forte</strong></p>')).toBe('Som forte')
    const cut = metaDescription('palavra '.repeat(40))
    expect(cut.length).toBeLessThanOrEqual(160)
    expect(cut.endsWith('palavra…')).toBe(true)
  })

  it('breadcrumbs start at Início and the current page has the page URL', () => {
    const ld = breadcrumbLd(
      'https://loja.example',
      [{ titulo: 'TVs', path: '/categoria/tvs' }, { titulo: 'Smart TVs' }],
      'https://loja.example/categoria/smart',
    )
    expect(ld.itemListElement).toEqual([
      { '@type': 'ListItem', position: 1, name: 'Início', item: 'https://loja.example/' },
      { '@type': 'ListItem', position: 2, name: 'TVs', item: 'https://loja.example/categoria/tvs' },
      { '@type': 'ListItem', position: 3, name: 'Smart TVs', item: 'https://loja.example/categoria/smart' },
    ])
  })

  it('product JSON-LD carries the BRL offer and stock', () => {
    const ld = productLd('https://loja.example', {
      titulo: 'Fone X',
      desc: '<p>Bom</p>',
      imgs: [{ link: 'produtos/fone.svg' }],
      sku: 'FX-1',
      marca: { titulo: 'Nova', link: 'nova' },
      valor: 199.9,
      qtd: 0,
      link_real: 'fone-x',
      categoria: { titulo: 'Fones', link: 'fones' },
    }) as { offers: Record<string, unknown>; image: string[]; brand: unknown; url: string }
    expect(ld.url).toBe('https://loja.example/produto/fone-x')
    expect(ld.offers).toMatchObject({ priceCurrency: 'BRL', price: '199.90', availability: 'https://schema.org/OutOfStock' })
    expect(ld.image).toEqual(['https://loja.example/_next/img/produtos/fone.svg&qualidade=80&w=800'])
    expect(ld.brand).toEqual({ '@type': 'Brand', name: 'Nova' })
  })
})
