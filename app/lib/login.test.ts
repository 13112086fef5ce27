import { describe, expect, it } from 'vitest'
import { loginPath, safeReturn } from './login'

describe('the way back after login', () => {
  it.each([
    ['a tab a browser drops', '/\t/evil.example'],
    ['a line feed', '/\n/evil.example'],
    ['a carriage return', '/\r/evil.example'],
    ['a backslash', '/\\evil.example'],
    ['two backslashes', '\\\\evil.example'],
    ['another host', '//evil.example'],
    ['an encoded tab', '/%09/evil.example'],
    ['an encoded backslash', '/%5Cevil.example'],
    ['an encoded slash', '/%2Fevil.example'],
    ['a scheme', 'https://evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['a relative path', 'evil.example'],
    ['bad percent-encoding', '/%E0%A4%A'],
    ['nothing', ''],
    ['not text', 42],
  ])('refuses %s', (_name, value) => {
    expect(safeReturn(value)).toBeNull()
  })

  it('keeps paths on this site, with their query strings', () => {
    for (const path of ['/', '/compras/checkout', '/compras/checkout?passo=pagamento&x=1', '/busca/fone%20bluetooth?pagina=2', '/produto/a-b?c=%2F'])
      expect(safeReturn(path)).toBe(path)
    expect(loginPath('/compras/checkout?passo=2')).toBe('/authorization/user/?voltar=%2Fcompras%2Fcheckout%3Fpasso%3D2')
    expect(loginPath('/\t/evil.example')).toBe('/authorization/user/')
  })
})
