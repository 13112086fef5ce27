import { describe, expect, it } from 'vitest'
import { MAGNIFIER_LENS_PX, MAGNIFIER_ZOOM, galleryItems, lensGeometry, videoUrl } from './media'

describe('magnifier (zoom 1.5, lens 150 px)', () => {
  it('centres the 150 px lens on the pointer and shows the image at 1.5× under it', () => {
    expect(MAGNIFIER_ZOOM).toBe(1.5)
    expect(MAGNIFIER_LENS_PX).toBe(150)
    const g = lensGeometry(200, 100, { width: 400, height: 400 })
    expect(g.left).toBe(125)
    expect(g.top).toBe(25)
    expect(g.backgroundSize).toBe('600px 600px')
    // The point under the pointer (200,100 → 300,150 zoomed) sits at the lens centre (75,75).
    expect(g.backgroundPosition).toBe('-225px -75px')
  })
})

describe('gallery items', () => {
  it('lists the images, then the videos, served by /video/{link}', () => {
    const items = galleryItems({ imgs: [{ link: 'a.svg' }, { link: 'b.svg' }], video: [{ link: 'v 1.mp4', mime: 'video/mp4' }] })
    expect(items.map((i) => i.kind)).toEqual(['image', 'image', 'video'])
    expect(videoUrl('v 1.mp4')).toBe('/video/v%201.mp4')
  })
})
