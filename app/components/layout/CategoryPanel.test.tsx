import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { CategoryList, visibleCategories, type CategoryListState } from './CategoryPanel'

const render = (state: CategoryListState, currentPath = '/') =>
  renderToStaticMarkup(
    <MemoryRouter>
      <CategoryList state={state} currentPath={currentPath} onPick={() => {}} />
    </MemoryRouter>,
  )

describe('category panel states', () => {
  it('loading shows Carregando... with placeholder items', () => {
    const html = render({ kind: 'loading' })
    expect(html).toContain('Carregando...')
    expect(html.match(/class="skeleton/g)?.length).toBeGreaterThanOrEqual(5)
  })

  it('empty shows the spec text', () => {
    expect(render({ kind: 'loaded', categorias: [] })).toContain('Nenhuma categoria disponível.')
  })

  it('excludes entries titled Carregando... or lacking ndi (and empty after that)', () => {
    const html = render({
      kind: 'loaded',
      categorias: [
        { titulo: 'Carregando...', ndi: 'x', subcategorias: [] },
        { titulo: 'Sem ndi', ndi: '', subcategorias: [] },
      ],
    })
    expect(html).toContain('Nenhuma categoria disponível.')
    expect(
      visibleCategories([
        {
          titulo: 'TVs',
          ndi: 'tvs',
          subcategorias: [
            { titulo: 'Carregando...', ndi: 'y' },
            { titulo: '4K', ndi: 'tvs-4k' },
          ],
        },
      ]),
    ).toEqual([{ titulo: 'TVs', ndi: 'tvs', subcategorias: [{ titulo: '4K', ndi: 'tvs-4k' }] }])
  })

  it('highlights the current route entry', () => {
    const html = render(
      { kind: 'loaded', categorias: [{ titulo: 'TVs', ndi: 'tvs', subcategorias: [{ titulo: 'Smart TVs', ndi: 'smart-tvs' }] }] },
      '/categoria/smart-tvs',
    )
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*href="\/categoria\/smart-tvs"|<a[^>]*href="\/categoria\/smart-tvs"[^>]*aria-current="page"/)
    expect(html.match(/aria-current/g)?.length).toBe(1)
  })

  it('shows an error with a retry', () => {
    expect(render({ kind: 'error', msg: 'Não foi possível carregar as categorias.' })).toContain('Não foi possível carregar as categorias.')
  })
})
