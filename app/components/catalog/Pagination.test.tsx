import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { Pagination, pageItems, pageSearch } from './Pagination'

const render = (pagina: number, paginas: number, url = '/categoria/tvs') =>
  renderToStaticMarkup(
    <MemoryRouter initialEntries={[url]}>
      <Pagination pagina={pagina} paginas={paginas} />
    </MemoryRouter>,
  )

/** Visible page numbers and gaps, in order. */
const labels = (html: string) => [...html.matchAll(/aria-label="Página (\d+)"|aria-hidden="true"[^>]*>…</g)].map((m) => (m[1] ? Number(m[1]) : '…'))

describe('pagination', () => {
  it('shows every page up to 5 pages', () => {
    expect(pageItems(1, 5)).toEqual([1, 2, 3, 4, 5])
    expect(labels(render(3, 5))).toEqual([1, 2, 3, 4, 5])
    expect(labels(render(1, 2))).toEqual([1, 2])
  })

  it('compacts above 5 pages around the current one', () => {
    expect(pageItems(5, 20)).toEqual([1, 'gap', 4, 5, 6, 'gap', 20])
    expect(labels(render(5, 20))).toEqual([1, '…', 4, 5, 6, '…', 20])
    expect(pageItems(1, 20)).toEqual([1, 2, 3, 4, 'gap', 20])
    expect(pageItems(20, 20)).toEqual([1, 'gap', 17, 18, 19, 20])
    // A gap never hides a single page.
    expect(pageItems(4, 20)).toEqual([1, 2, 3, 4, 5, 'gap', 20])
    expect(pageItems(1, 6)).toEqual([1, 2, 3, 4, 5, 6])
  })

  it('marks the current page and links the others through ?pagina=', () => {
    const html = render(5, 20, '/categoria/tvs?ordem=menor-preco&pagina=5')
    expect(html.match(/aria-current="page"/g)?.length).toBe(1)
    expect(html).toMatch(/aria-current="page"[^>]*>5</)
    expect(html).toContain('aria-label="Paginação"')
    // Other filters are kept; page 1 has no pagina parameter.
    expect(html).toContain('href="/categoria/tvs?ordem=menor-preco&amp;pagina=6"')
    expect(html).toContain('href="/categoria/tvs?ordem=menor-preco"')
  })

  it('disables previous on the first page and next on the last', () => {
    const first = render(1, 8)
    expect(first).toMatch(/<span aria-disabled="true"[^>]*>.*Anterior/)
    expect(first).toContain('aria-label="Próxima (página 2)"')
    const last = render(8, 8)
    expect(last).toMatch(/<span aria-disabled="true"[^>]*>.*Próxima/)
    expect(last).toContain('aria-label="Anterior (página 7)"')
  })

  it('renders nothing for a single page', () => {
    expect(render(1, 1)).toBe('')
  })

  it('pageSearch sets or drops pagina', () => {
    expect(pageSearch('?min=10&pagina=3', 1)).toBe('?min=10')
    expect(pageSearch('', 2)).toBe('?pagina=2')
  })
})
