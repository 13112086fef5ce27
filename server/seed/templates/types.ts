import type { Rng } from '../random'

/** Which illustration draws a product (see images/). */
export type DeviceType =
  | 'phone'
  | 'featurephone'
  | 'phonecase'
  | 'laptop'
  | 'tablet'
  | 'ereader'
  | 'tv'
  | 'soundbar'
  | 'projector'
  | 'headphones'
  | 'earbuds'
  | 'speaker'
  | 'microphone'
  | 'headset'
  | 'console'
  | 'controller'
  | 'gamecase'
  | 'mouse'
  | 'keyboard'
  | 'monitor'
  | 'printer'
  | 'webcam'
  | 'bulb'
  | 'plug'
  | 'smartspeaker'
  | 'seccam'
  | 'robotvac'
  | 'camera'
  | 'actioncam'
  | 'lens'
  | 'drone'
  | 'watch'
  | 'band'
  | 'charger'
  | 'cable'
  | 'powerbank'
  | 'memorycard'
  | 'gpu'
  | 'ssd'
  | 'ram'
  | 'cpu'
  | 'router'
  | 'mesh'
  | 'switch'
  | 'wifiadapter'

export type Spec = { nome: string; valor: string }

/** One product line a template can produce: brand, model name and its base price in reais. */
export type Model = { brand: string; name: string; price: number }

export type OptionDraft = { name: string; /** Price in reais before rounding. */ price: number }
export type VariationDraft = { nome: string; options: OptionDraft[] }

/** What a template produces for one product, before ids, hashes and stock are assigned. */
export type Draft = {
  titulo: string
  /** Type-specific specifications; brand, model, warranty and box contents are added by the caller. */
  specs: Spec[]
  /** List price in reais before rounding to ,90 / ,00. */
  price: number
  /** Colour name shown in the illustrations (also the first option of a Cor variation). */
  color: string
  /** Short selling points for the description's bullet list. */
  features: string[]
  /** What comes in the box, for the specifications. */
  box: string
  variation?: VariationDraft
}

export type MakeContext = {
  model: Model
  /** 0 = cheapest model of the subcategory, 1 = most expensive: drives specs. */
  tier: number
  /** The product should carry a variation axis (the template picks which, or ignores it). */
  withVariation: boolean
}

export type Template = {
  type: DeviceType
  /** Relative share of the catalog. */
  weight: number
  /** Noun used in descriptions ("o smartphone", "a smart TV"). */
  noun: string
  models: Model[]
  /** Package size: [altura, comprimento, largura] mm and weight g, each a [min, max] range. */
  pack: { h: [number, number]; l: [number, number]; w: [number, number]; g: [number, number] }
  /** Share of products that get wholesale pricing (the catalog average is ~10 %). */
  wholesale?: number
  make(r: Rng, ctx: MakeContext): Draft
}

/** Joins the truthy parts of a title with single spaces. */
export function words(...parts: Array<string | number | false | null | undefined>): string {
  return parts.filter((p) => p !== false && p !== null && p !== undefined && p !== '').join(' ')
}

export function spec(nome: string, valor: string | number): Spec {
  return { nome, valor: String(valor) }
}

/** Builds a model list from `{ Brand: [[name, price], …] }`. */
export function models(byBrand: Record<string, Array<[string, number]>>): Model[] {
  return Object.entries(byBrand).flatMap(([brand, list]) => list.map(([name, price]) => ({ brand, name, price })))
}

/** A Cor variation over `colors`, all at the same price. */
export function colorAxis(colors: readonly string[], price: number): VariationDraft {
  return { nome: 'Cor', options: colors.map((name) => ({ name, price })) }
}

/** Formats a decimal the Brazilian way: 6.7 → "6,7". */
export function dec(value: number): string {
  return String(value).replace('.', ',')
}
