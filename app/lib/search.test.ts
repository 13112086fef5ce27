import { describe, expect, it } from 'vitest'
import { searchPath } from './search'

describe('searchPath', () => {
  it('ignores blank and spaces-only text', () => {
    expect(searchPath('')).toBeNull()
    expect(searchPath('    ')).toBeNull()
    expect(searchPath('\t \n')).toBeNull()
  })
  it('goes to /busca/{text}, encoded and trimmed', () => {
    expect(searchPath('  fone bluetooth ')).toBe('/busca/fone%20bluetooth')
    expect(searchPath('câmera 4k/60fps')).toBe('/busca/c%C3%A2mera%204k%2F60fps')
  })
})
