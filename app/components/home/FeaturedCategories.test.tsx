import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import type { CategoriaDestaque } from '../../../contract/catalog'
import { FeaturedCategories } from './FeaturedCategories'
import { HeroSlideshow, slideImageSrc, slideMobileSrc } from './HeroSlideshow'

const cat = (i: number, titles: string[]): CategoriaDestaque => ({
  ndi: `cat-${i}`,
  titulo: `Categoria ${i}`,
  link_real: `produto-${i}`,
  imagem: `produtos/p-${i}.svg`,
  data: titles.map((titulo, j) => ({ titulo, link_real: `p-${i}-${j}` })),
})

const linkTexts = (html: string) => [...html.matchAll(/data-testid="featured-product-link"[^>]*>([^<]*)</g)].map((m) => m[1])

describe('CATEGORIAS EM DESTAQUE', () => {
  it('shows at most 6 categories with at most 6 products each', () => {
    const many = Array.from({ length: 8 }, (_, i) =>
      cat(
        i,
        Array.from({ length: 9 }, (_, j) => `Produto ${j}`),
      ),
    )
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FeaturedCategories categorias={many} />
      </MemoryRouter>,
    )
    expect(html).toContain('CATEGORIAS EM DESTAQUE')
    expect(html).toContain('Categoria 5')
    expect(html).not.toContain('Categoria 6')
    expect(linkTexts(html)).toHaveLength(36)
  })

  it('cuts titles over 25 characters at a word boundary with an ellipsis; the full title stays in title=', () => {
    const long = 'Smartphone Galaxy A55 5G 256GB Azul Escuro'
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FeaturedCategories categorias={[cat(0, [long, 'Fone Bluetooth Curto'])]} />
      </MemoryRouter>,
    )
    const [first, second] = linkTexts(html)
    expect(first).toBe('Smartphone Galaxy A55 5G…')
    expect(Array.from(first.replace('…', '')).length).toBeLessThanOrEqual(25)
    expect(second).toBe('Fone Bluetooth Curto')
    expect(html).toContain(`title="${long}"`)
  })

  it('links the image to the featured product with a quality 50 image', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <FeaturedCategories categorias={[cat(3, ['A'])]} />
      </MemoryRouter>,
    )
    expect(html).toContain('href="/produto/produto-3"')
    expect(html).toContain('/_next/img/produtos/p-3.svg&amp;qualidade=50')
  })
})

describe('home slideshow markup', () => {
  const slides = [1, 2, 3].map((n) => ({ imagem: `/_next/static/slides/s${n}.svg`, titulo: `Oferta ${n}`, link: `/categoria/c${n}` }))
  const html = renderToStaticMarkup(
    <MemoryRouter>
      <HeroSlideshow slides={slides} />
    </MemoryRouter>,
  )

  it('is an accessible carousel with labelled slides, arrows and dots', () => {
    expect(html).toContain('aria-roledescription="carousel"')
    expect(html).toContain('aria-label="1 de 3"')
    expect(html).toContain('aria-label="Slide anterior"')
    expect(html).toContain('aria-label="Próximo slide"')
    expect(html.match(/aria-label="Ir para o slide \d"/g)).toHaveLength(3)
    expect(html.match(/aria-current="true"/g)).toHaveLength(1)
  })

  it('loads the first image eagerly with high priority and the others lazily', () => {
    const imgs = [...html.matchAll(/<img [^>]*>/g)].map((m) => m[0])
    expect(imgs[0]).toContain('loading="eager"')
    expect(imgs[0]).toContain('fetchPriority="high"')
    expect(imgs.slice(1).every((i) => i.includes('loading="lazy"'))).toBe(true)
  })

  it('serves slide images from /_next/static/', () => {
    expect(slideImageSrc('slides/a.svg')).toBe('/_next/static/slides/a.svg')
    expect(slideImageSrc('/_next/static/slides/a.svg')).toBe('/_next/static/slides/a.svg')
  })
})

describe('phone slide art direction', () => {
  it('derives the -mobile picture for store media only', () => {
    expect(slideMobileSrc('/_next/static/slides/1.webp')).toBe('/_next/static/slides/1-mobile.webp')
    expect(slideMobileSrc('slides/2.webp')).toBe('/_next/static/slides/2-mobile.webp')
    expect(slideMobileSrc('/_next/static/slides/1-mobile.webp')).toBeNull()
    expect(slideMobileSrc('https://cdn.example.com/x.webp')).toBeNull()
  })
})
