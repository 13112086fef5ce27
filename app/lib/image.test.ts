import { describe, expect, it } from 'vitest'
import { imageSrcSet, imageUrl, responsiveImage } from './image'

describe('image URLs', () => {
  it('glue quality and width to the path as docs/requirements.md does', () => {
    expect(imageUrl('produtos/a.svg')).toBe('/_next/img/produtos/a.svg&qualidade=80')
    expect(imageUrl('produtos/a.svg', { quality: 50, width: 320 })).toBe('/_next/img/produtos/a.svg&qualidade=50&w=320')
  })

  it('escape each path segment', () => {
    expect(imageUrl('/produtos/fone 1&2.png', { quality: 70 })).toBe('/_next/img/produtos/fone%201%262.png&qualidade=70')
  })

  it('build a srcset over the allowed widths', () => {
    expect(imageSrcSet('a.svg', { widths: [160, 320] })).toBe('/_next/img/a.svg&qualidade=80&w=160 160w, /_next/img/a.svg&qualidade=80&w=320 320w')
    const r = responsiveImage('a.svg', { sizes: '50vw' })
    expect(r.src).toBe('/_next/img/a.svg&qualidade=80&w=480')
    expect(r.srcSet.split(', ')).toHaveLength(8)
    expect(r.sizes).toBe('50vw')
  })
})
