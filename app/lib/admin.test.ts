import { describe, expect, it } from 'vitest'
import { ADMIN_HOME, safeReturn } from './admin'

describe('the back office’s way back after login', () => {
  it.each([
    ['nothing', null],
    ['outside the back office', '/cliente/conta/'],
    ['another host', '//evil.example/admin/'],
    ['a scheme', 'https://evil.example/admin/'],
    ['a line break (an invalid Location header)', '/admin/\r\nSet-Cookie: x=1'],
    ['an encoded line break', '/admin/%0d%0ax'],
    ['a tab a browser drops', '/admin/\t/x'],
    ['a backslash', '/admin/\\evil'],
    ['the Painel without its slash', '/admin'],
  ])('sends %s to the Painel', (_name, value) => {
    expect(safeReturn(value)).toBe(ADMIN_HOME)
  })

  it('keeps a back-office path with its query', () => {
    expect(safeReturn('/admin/pedidos?status=pago&x=%2F')).toBe('/admin/pedidos?status=pago&x=%2F')
  })
})
