/** Colours and names a device drawing paints with; gradients are referenced with the F.* fills. */
export type Paint = {
  body: string
  light: string
  dark: string
  accent: string
  /** Readable text colour on the body. */
  ink: string
  lightBody: boolean
  brand: string
  model: string
}

export type Drawing = {
  front(p: Paint): string
  /** Back or side view; when missing the scene shows the front turned a little. */
  back?(p: Paint): string
  /** What the close-up shows: which view, the focus point and the zoom. */
  detail?: { view: 'front' | 'back'; x: number; y: number; zoom: number }
  /** Ground shadow: centre x, centre y and half-width. */
  shadow?: [number, number, number]
}

/** Gradient fills defined once per image by the scene. */
export const F = {
  body: 'url(#gBody)',
  bodyV: 'url(#gBodyV)',
  dark: 'url(#gDark)',
  screen: 'url(#gScreen)',
  wall: 'url(#gWall)',
  metal: 'url(#gMetal)',
  sheen: 'url(#gSheen)',
  glow: 'url(#gGlow)',
  gold: 'url(#gGold)',
}
