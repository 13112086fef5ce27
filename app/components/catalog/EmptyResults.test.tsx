import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { EmptyResults } from './EmptyResults'

describe('empty results', () => {
  it('shows the spec text, a hint about keywords and a button to the home', () => {
    const html = renderToStaticMarkup(
      <MemoryRouter>
        <EmptyResults headingLevel="h1">
          <p>
            Você quis dizer: <a href="/busca/fone">fone</a>?
          </p>
        </EmptyResults>
      </MemoryRouter>,
    )
    expect(html).toMatch(/<h1[^>]*>Nenhum resultado foi encontrado<\/h1>/)
    expect(html).toContain('Tente usar palavras-chave diferentes ou mais genéricas.')
    expect(html).toMatch(/<a[^>]*href="\/"[^>]*>Voltar para a página inicial<\/a>/)
    expect(html).toContain('href="/busca/fone"')
  })
})
