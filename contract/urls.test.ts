import { describe, expect, it } from 'vitest'
import { brandCategoryPath, brandPath, categoryPath, productPath, searchPath } from './urls'

describe('page paths', () => {
  it('encode each segment and keep the spec trailing slashes', () => {
    expect(productPath('tv-55/4k')).toBe('/produto/tv-55%2F4k')
    expect(categoryPath('smart-tvs')).toBe('/categoria/smart-tvs')
    expect(brandPath('samsung')).toBe('/marca/samsung/')
    expect(brandCategoryPath('samsung', 'Áudio e Som')).toBe('/marca/samsung/%C3%81udio%20e%20Som/')
  })
})

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
