import { foldText, slugify } from '../lib/text'
import { CATEGORY_TREE, type SubcategoryDef } from './catalog-data'
import { describe } from './description'
import { shelfPriceCents } from './money'
import { Rng } from './random'
import { spec, type DeviceType, type Spec } from './templates/types'

export const IMAGE_VIEWS = ['frente', 'verso', 'detalhe', 'embalagem'] as const
export type ImageView = (typeof IMAGE_VIEWS)[number]

/** Above this many products the illustrations come from a shared pool instead of one set per product. */
export const SHARED_IMAGES_ABOVE = 2000

/** The short clips in assets/videos, by the device type they show. */
export const VIDEO_BY_TYPE: Partial<Record<DeviceType, string>> = {
  phone: 'smartphone-360.mp4',
  laptop: 'notebook-360.mp4',
  tv: 'smart-tv-360.mp4',
  headphones: 'fone-360.mp4',
  earbuds: 'fone-360.mp4',
}

export type ImageArt = { type: DeviceType; brand: string; model: string; color: string; view: ImageView }
export type PlannedImage = { link: string; alt: string; art: ImageArt }
export type PlannedOption = { name: string; hash: string; priceCents: number; stock: number }

export type PlannedProduct = {
  hash: string
  linkReal: string
  titulo: string
  descricao: string
  priceCents: number
  stock: number
  /** Index into the flat subcategory list (see planCatalog().subcategories). */
  subIndex: number
  brand: string
  sku: string
  alturaMm: number
  comprimentoMm: number
  larguraMm: number
  pesoG: number
  especificacoes: Spec[]
  viewCount: number
  soldCount: number
  searchTitle: string
  searchBody: string
  /** Seconds before the seeding moment: created_at = now − ageSeconds. */
  ageSeconds: number
  images: PlannedImage[]
  video: string | null
  variation: { nome: string; options: PlannedOption[] } | null
  wholesale: { minQty: number; priceCents: number } | null
}

export type PlannedSubcategory = SubcategoryDef & { topIndex: number; topTitulo: string }

export function flatSubcategories(): PlannedSubcategory[] {
  return CATEGORY_TREE.flatMap((top, topIndex) => top.subs.map((s) => ({ ...s, topIndex, topTitulo: top.titulo })))
}

const DAY = 86_400
const PRODUCT_SLUG_MAX = 160
const VARIATION_CHANCE = 0.3

/** Total stock: ~6 % sold out, ~9 % "últimas unidades" (1–7), the rest 10–300. */
function totalStock(r: Rng): number {
  const roll = r.next()
  if (roll < 0.06) return 0
  if (roll < 0.15) return r.int(1, 7)
  return 10 + Math.floor(290 * r.next() ** 2)
}

function splitStock(r: Rng, total: number, parts: number): number[] {
  if (total === 0) return Array(parts).fill(0)
  const weights = Array.from({ length: parts }, () => r.next() + 0.1)
  const sum = weights.reduce((a, b) => a + b, 0)
  const out = weights.map((w) => Math.floor((w / sum) * total))
  out[0] += total - out.reduce((a, b) => a + b, 0)
  return out
}

/** De-duplicates slugs with -2, -3…; `next` remembers the last suffix per root so large catalogs stay linear. */
function uniqueSlug(base: string, taken: Set<string>, next: Map<string, number>): string {
  const root = base.replace(/-+$/, '') || 'produto'
  let slug = root
  let n = next.get(root) ?? 2
  while (taken.has(slug)) slug = `${root}-${n++}`
  next.set(root, n)
  taken.add(slug)
  return slug
}

function uniqueToken(r: Rng, length: number, taken: Set<string>): string {
  let token = r.token(length)
  while (taken.has(token)) token = r.token(length)
  taken.add(token)
  return token
}

function imageLinks(product: { hash: string; titulo: string }, art: Omit<ImageArt, 'view'>, shared: boolean): PlannedImage[] {
  return IMAGE_VIEWS.map((view, i) => {
    const name = shared ? `shared/${art.type}-${slugify(art.brand)}-${slugify(art.model)}-${slugify(art.color)}-${i + 1}.svg` : `${product.hash}-${i + 1}.svg`
    return { link: `produtos/${name}`, alt: `${product.titulo} — ${view}`, art: { ...art, view } }
  })
}

/** Picks a subcategory: every subcategory gets one product first, then by weight. */
function pickSubcategory(r: Rng, index: number, subs: PlannedSubcategory[]): number {
  if (index < subs.length) return index
  const picked = r.weighted(subs, (s) => s.template.weight)
  return subs.indexOf(picked)
}

/** Draws of a template tried for a title no product has yet, before another model is picked. */
const TITLE_DRAWS = 12
const MODEL_PICKS = 8

/**
 * The deterministic products of a catalog of `size`, one at a time (large catalogs never sit in memory).
 * Product i depends on (seed, i) and on the titles before it: a shop does not list one title twice,
 * so a draw whose title is taken is drawn again (another capacity, colour or model); only when a
 * small template has run out of combinations does the title get its SKU.
 */
export function* generateProducts(seed: number, size: number): Generator<PlannedProduct> {
  const subs = flatSubcategories()
  const takenSlugs = new Set<string>()
  const slugSuffix = new Map<string, number>()
  const takenHashes = new Set<string>()
  const shared = size > SHARED_IMAGES_ABOVE
  const videoGiven = new Set<string>()
  const takenTitles = new Set<string>()

  for (let i = 0; i < size; i++) {
    const r = Rng.derive(seed, 'product', i)
    const subIndex = pickSubcategory(r, i, subs)
    const sub = subs[subIndex]
    const template = sub.template
    const prices = template.models.map((m) => m.price)
    const [lo, hi] = [Math.min(...prices), Math.max(...prices)]
    const withVariation = r.chance(VARIATION_CHANCE)
    let model = r.pick(template.models)
    let draft = template.make(r, { model, tier: hi === lo ? 0.5 : (model.price - lo) / (hi - lo), withVariation })
    for (let tries = 1; takenTitles.has(foldText(draft.titulo)) && tries < TITLE_DRAWS * MODEL_PICKS; tries++) {
      if (tries % TITLE_DRAWS === 0) model = r.pick(template.models)
      draft = template.make(r, { model, tier: hi === lo ? 0.5 : (model.price - lo) / (hi - lo), withVariation })
    }
    const sku = `VT-${slugify(model.brand).slice(0, 3).toUpperCase()}-${String(i + 1).padStart(6, '0')}`
    if (takenTitles.has(foldText(draft.titulo))) draft = { ...draft, titulo: `${draft.titulo} (${sku})` }
    takenTitles.add(foldText(draft.titulo))

    const hash = uniqueToken(r, 20, takenHashes)
    const titulo = draft.titulo
    const priceCentsList = draft.variation?.options.map((o) => shelfPriceCents(o.price))
    const priceCents = priceCentsList ? Math.min(...priceCentsList) : shelfPriceCents(draft.price)
    const stockTotal = totalStock(r)

    let variation: PlannedProduct['variation'] = null
    if (draft.variation && draft.variation.options.length > 1) {
      const split = splitStock(r, stockTotal, draft.variation.options.length)
      variation = {
        nome: draft.variation.nome,
        options: draft.variation.options.map((o, k) => ({
          name: o.name,
          hash: uniqueToken(r, 20, takenHashes),
          priceCents: priceCentsList![k],
          stock: split[k],
        })),
      }
    }

    let wholesale: PlannedProduct['wholesale'] = null
    if (!variation && r.chance(template.wholesale ?? 0.1)) {
      const unit = shelfPriceCents((priceCents / 100) * (0.84 + r.next() * 0.08))
      if (unit < priceCents) wholesale = { minQty: r.int(5, 20), priceCents: unit }
    }

    const specs = [
      spec('Marca', model.brand),
      spec('Modelo', model.name),
      ...draft.specs,
      spec('Conteúdo da embalagem', draft.box),
      spec('Garantia', '12 meses'),
    ]
    const popularity = r.next() ** 9
    const viewCount = Math.floor((15 + r.int(0, 400) + 40_000 * popularity) * (0.5 + template.weight / 8))
    const color = draft.color
    const videoFile = VIDEO_BY_TYPE[template.type]
    const video = videoFile && (!videoGiven.has(videoFile) || r.chance(0.06)) ? videoFile : null
    if (video) videoGiven.add(video)

    yield {
      hash,
      // Long enough to keep what tells two products apart (capacity and colour come last in a title).
      linkReal: uniqueSlug(slugify(titulo, PRODUCT_SLUG_MAX), takenSlugs, slugSuffix),
      titulo,
      descricao: describe(r, template, draft, model.brand, model.name),
      priceCents,
      stock: variation ? 0 : stockTotal,
      subIndex,
      brand: model.brand,
      sku,
      alturaMm: r.int(...template.pack.h),
      comprimentoMm: r.int(...template.pack.l),
      larguraMm: r.int(...template.pack.w),
      pesoG: r.int(...template.pack.g),
      especificacoes: specs,
      viewCount,
      soldCount: Math.floor(viewCount * (0.01 + r.next() * 0.05)),
      searchTitle: foldText(titulo),
      searchBody: foldText([model.brand, sub.topTitulo, sub.titulo, ...specs.map((s) => s.valor)].join(' ')),
      ageSeconds: r.int(0, 120 * DAY),
      images: imageLinks({ hash, titulo }, { type: template.type, brand: model.brand, model: model.name, color }, shared),
      video,
      variation,
      wholesale,
    }
  }
}

export const planProducts = (seed: number, size: number): PlannedProduct[] => [...generateProducts(seed, size)]
