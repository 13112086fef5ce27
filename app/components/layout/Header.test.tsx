import { renderToStaticMarkup } from 'react-dom/server'
import { MemoryRouter } from 'react-router'
import { describe, expect, it } from 'vitest'
import { cartChanged } from '~/lib/personal'
import { CartButton, badgeCount } from './Header'
import { ShellUiProvider } from './shell-state'

const render = () =>
  renderToStaticMarkup(
    <MemoryRouter>
      <ShellUiProvider>
        <CartButton />
      </ShellUiProvider>
    </MemoryRouter>,
  )

describe('cart button', () => {
  it('the server render has no badge and no count, whatever the browser knows', () => {
    // Even with a count in the browser store, the server snapshot is the empty state (same HTML for all).
    cartChanged(3)
    const html = render()
    expect(html).not.toContain('cart-badge')
    expect(html).toContain('>Meu Carrinho</span>')
    expect(html).not.toMatch(/Meu Carrinho<\/span><span class="sr-only">/)
  })

  it('caps the badge text at 99+', () => {
    expect(badgeCount(0)).toBe('0')
    expect(badgeCount(99)).toBe('99')
    expect(badgeCount(100)).toBe('99+')
  })
})
