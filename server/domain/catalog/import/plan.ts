// What an imported product becomes, against what the database holds: used by the dry run (to count
// new, changed and unchanged products and explain each error) and again by each applied batch, inside
// its transaction, over the rows it locked — so a change made between the two is never overwritten
// unseen and a rule broken meanwhile skips the product instead of half-writing it.
import { asc, eq, sql } from 'drizzle-orm'
import type { Db } from '../../../db/client'
import type { Tx } from '../../../db/tx'
import { formatCents } from '../../../../contract/money'
import { brands, categories, products, variationOptions, variations, wholesaleTiers } from '../../../db/schema'
import { foldText } from '../../../lib/text'
import { sanitizeDescription } from '../sanitize'
import type { OptionDraft, ProductDraft, Spec, Tier } from './read'

/** A database handle or a transaction. */
export type Conn = Db | Tx

/** One product to apply, as the dry run stored it (catalog_imports.rows). */
export type ImportUnit = Omit<ProductDraft, 'categoria' | 'marca' | 'options'> & {
  tipo: 'novo' | 'alterado'
  categoryId?: number
  brandId?: number | null
  /** The product's own count when analysed: a sale made before applying is kept (decision 0106). */
  stockBefore?: number
  options?: (OptionDraft & { stockBefore: number | null })[]
  mudancas: string[]
}

export type CurrentProduct = {
  id: number
  sku: string
  titulo: string
  linkReal: string
  categoryId: number
  brandId: number | null
  priceCents: number
  compareAtCents: number | null
  stock: number
  active: boolean
  pesoG: number
  alturaMm: number
  larguraMm: number
  comprimentoMm: number
  ncm: string | null
  cest: string | null
  origem: number
  gtin: string
  unidade: string
  especificacoes: Spec[]
  descricao: string
}
export type CurrentOption = {
  id: number
  productId: number
  variationId: number
  variacao: string
  name: string
  priceCents: number
  stock: number
  active: boolean
  position: number
  alturaMm: number | null
  larguraMm: number | null
  comprimentoMm: number | null
  pesoG: number | null
}

/** A text[] literal for `= ANY(…::text[])`: SKUs and links are checked to hold no quote, comma or brace. */
export const textArray = (values: readonly string[]) => `{${values.filter((v) => /^[A-Za-z0-9._\-/]+$/.test(v)).join(',')}}`

const PRODUCT_FIELDS = {
  id: products.id,
  sku: products.sku,
  titulo: products.titulo,
  linkReal: products.linkReal,
  categoryId: products.categoryId,
  brandId: products.brandId,
  priceCents: products.priceCents,
  compareAtCents: products.compareAtCents,
  stock: products.stock,
  active: products.active,
  pesoG: products.pesoG,
  alturaMm: products.alturaMm,
  larguraMm: products.larguraMm,
  comprimentoMm: products.comprimentoMm,
  ncm: products.ncm,
  cest: products.cest,
  origem: products.origem,
  gtin: products.gtin,
  unidade: products.unidade,
  especificacoes: products.especificacoes,
  descricao: products.descricao,
}

/** The products with these SKUs (locked for the transaction when `lock`). */
export async function loadProducts(db: Conn, skus: readonly string[], lock = false): Promise<Map<string, CurrentProduct>> {
  const found = new Map<string, CurrentProduct>()
  for (let i = 0; i < skus.length; i += 5000) {
    const query = db
      .select(PRODUCT_FIELDS)
      .from(products)
      .where(sql`${products.sku} = ANY(${textArray(skus.slice(i, i + 5000))}::text[])`)
      .orderBy(asc(products.id))
    for (const p of await (lock ? query.for('update') : query)) found.set(p.sku, p)
  }
  return found
}

/** Every option of these products, with its group's name, in display order. */
export async function loadOptions(db: Conn, productIds: readonly number[]): Promise<Map<number, CurrentOption[]>> {
  const byProduct = new Map<number, CurrentOption[]>()
  if (productIds.length === 0) return byProduct
  const list = await db
    .select({
      id: variationOptions.id,
      productId: variationOptions.productId,
      variationId: variationOptions.variationId,
      variacao: variations.nome,
      name: variationOptions.name,
      priceCents: variationOptions.priceCents,
      stock: variationOptions.stock,
      active: variationOptions.active,
      position: variationOptions.position,
      alturaMm: variationOptions.alturaMm,
      larguraMm: variationOptions.larguraMm,
      comprimentoMm: variationOptions.comprimentoMm,
      pesoG: variationOptions.pesoG,
    })
    .from(variationOptions)
    .innerJoin(variations, eq(variations.id, variationOptions.variationId))
    .where(sql`${variationOptions.productId} = ANY(${`{${productIds.join(',')}}`}::int[])`)
    .orderBy(asc(variations.position), asc(variations.id), asc(variationOptions.position), asc(variationOptions.id))
  for (const o of list) byProduct.set(o.productId, [...(byProduct.get(o.productId) ?? []), o])
  return byProduct
}

export async function loadTiers(db: Conn, productIds: readonly number[]): Promise<Map<number, Tier[]>> {
  const byProduct = new Map<number, Tier[]>()
  if (productIds.length === 0) return byProduct
  const list = await db
    .select({ productId: wholesaleTiers.productId, minQty: wholesaleTiers.minQty, priceCents: wholesaleTiers.priceCents })
    .from(wholesaleTiers)
    .where(sql`${wholesaleTiers.productId} = ANY(${`{${productIds.join(',')}}`}::int[])`)
    .orderBy(asc(wholesaleTiers.minQty))
  for (const t of list) byProduct.set(t.productId, [...(byProduct.get(t.productId) ?? []), { minQty: t.minQty, priceCents: t.priceCents }])
  return byProduct
}

export type Category = { id: number; titulo: string; ndi: string; parentId: number | null }
export type Brand = { id: number; titulo: string; link: string }

/** Categories and brands (small tables), found by what a spreadsheet holds. */
export class Lookups {
  readonly categoryById: Map<number, Category>
  readonly brandById: Map<number, Brand>
  private readonly categoryByKey = new Map<string, Category[]>()
  private readonly brandByKey = new Map<string, Brand[]>()

  constructor(categoryList: Category[], brandList: Brand[]) {
    this.categoryById = new Map(categoryList.map((c) => [c.id, c]))
    this.brandById = new Map(brandList.map((b) => [b.id, b]))
    const add = <T>(map: Map<string, T[]>, key: string, value: T) => {
      const list = map.get(key) ?? []
      if (!list.includes(value)) list.push(value)
      map.set(key, list)
    }
    for (const c of categoryList) {
      add(this.categoryByKey, `ndi:${c.ndi}`, c)
      add(this.categoryByKey, `titulo:${foldText(c.titulo).trim()}`, c)
      const parent = c.parentId ? this.categoryById.get(c.parentId) : null
      if (parent) add(this.categoryByKey, `caminho:${foldText(parent.titulo).trim()} > ${foldText(c.titulo).trim()}`, c)
    }
    for (const b of brandList) {
      add(this.brandByKey, `titulo:${foldText(b.titulo).trim()}`, b)
      add(this.brandByKey, `link:${b.link}`, b)
    }
  }

  static async load(db: Conn): Promise<Lookups> {
    const [c, b] = await Promise.all([
      db.select({ id: categories.id, titulo: categories.titulo, ndi: categories.ndi, parentId: categories.parentId }).from(categories),
      db.select({ id: brands.id, titulo: brands.titulo, link: brands.link }).from(brands),
    ])
    return new Lookups(c, b)
  }

  /** The category an identifier (ndi), a path ("Celulares > Smartphones") or a unique name names. */
  category(raw: string): Category | string {
    const text = raw.trim()
    const path = text.split('>').map((s) => foldText(s).replace(/\s+/g, ' ').trim())
    const found =
      this.categoryByKey.get(`ndi:${text.toLowerCase()}`) ??
      (path.length >= 2 ? this.categoryByKey.get(`caminho:${path.slice(-2).join(' > ')}`) : this.categoryByKey.get(`titulo:${path[0]}`))
    if (!found || found.length === 0)
      return `Categoria desconhecida: "${text.slice(0, 80)}" (use o identificador da categoria, ex.: smartphones, ou Departamento > Categoria).`
    if (found.length > 1) return `Há mais de uma categoria "${text.slice(0, 80)}": use o identificador (${found.map((c) => c.ndi).join(', ')}).`
    return found[0]
  }

  brand(raw: string): Brand | string {
    const text = raw.trim()
    const found = this.brandByKey.get(`titulo:${foldText(text).replace(/\s+/g, ' ')}`) ?? this.brandByKey.get(`link:${text.toLowerCase()}`)
    if (!found || found.length === 0) return `Marca desconhecida: "${text.slice(0, 80)}" (cadastre a marca antes de importar).`
    if (found.length > 1) return `Há mais de uma marca "${text.slice(0, 80)}": use o link da marca (${found.map((b) => b.link).join(', ')}).`
    return found[0]
  }
}

/** The product as it will be written: the file's fields over the current row (or the defaults). */
export type FinalProduct = Omit<CurrentProduct, 'id' | 'linkReal'> & { linkReal: string | null }

export function mergeProduct(unit: Omit<ImportUnit, 'tipo' | 'mudancas'>, current: CurrentProduct | null): FinalProduct {
  const pick = <K extends keyof CurrentProduct>(value: CurrentProduct[K] | undefined, key: K, fallback: CurrentProduct[K]): CurrentProduct[K] =>
    value !== undefined ? value : current ? current[key] : fallback
  return {
    sku: unit.sku,
    titulo: pick(unit.titulo, 'titulo', ''),
    linkReal: unit.link ?? current?.linkReal ?? null,
    categoryId: pick(unit.categoryId, 'categoryId', 0),
    brandId: pick(unit.brandId, 'brandId', null),
    priceCents: pick(unit.priceCents, 'priceCents', 0),
    compareAtCents: pick(unit.compareAtCents, 'compareAtCents', null),
    stock: unit.stock ?? current?.stock ?? 0,
    active: pick(unit.active, 'active', true),
    pesoG: pick(unit.pesoG, 'pesoG', 0),
    alturaMm: pick(unit.alturaMm, 'alturaMm', 0),
    larguraMm: pick(unit.larguraMm, 'larguraMm', 0),
    comprimentoMm: pick(unit.comprimentoMm, 'comprimentoMm', 0),
    ncm: pick(unit.ncm, 'ncm', null),
    cest: pick(unit.cest, 'cest', null),
    origem: pick(unit.origem, 'origem', 0),
    gtin: pick(unit.gtin, 'gtin', 'SEM GTIN'),
    unidade: pick(unit.unidade, 'unidade', 'UN'),
    especificacoes: pick(unit.especificacoes, 'especificacoes', []),
    descricao: unit.descricao !== undefined ? sanitizeDescription(unit.descricao) : (current?.descricao ?? ''),
  }
}

/** Rules across fields, on the merged product: the pt-BR reasons (empty when it may be written). */
export function crossCheck(final: FinalProduct, tiers: Tier[], options: CurrentOption[] | undefined, unit: Pick<ImportUnit, 'options'>): string[] {
  const reasons: string[] = []
  if (final.compareAtCents != null && final.compareAtCents <= final.priceCents) reasons.push('O preço "de" deve ser maior que o preço.')
  for (const t of tiers) {
    if (t.priceCents >= final.priceCents)
      reasons.push(
        `O preço de atacado (${formatCents(t.priceCents)} a partir de ${t.minQty} peças) deve ser menor que o preço (${formatCents(final.priceCents)}).`,
      )
  }
  if (unit.options && unit.options.length === 0 && options?.some((o) => o.active)) {
    reasons.push('O produto tem variações cadastradas: liste uma linha por opção, com variacao e opcao.')
  }
  return reasons
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b)
export const optionKey = (variacao: string, name: string) => `${foldText(variacao).trim()}\u0000${foldText(name).trim()}`

/** What the import changes in an existing product, by column name (empty: nothing). */
export function changesOf(unit: ImportUnit, final: FinalProduct, current: CurrentProduct, options: CurrentOption[], tiers: Tier[]): string[] {
  const changed: string[] = []
  const hasOptions = (unit.options ?? options.filter((o) => o.active)).length > 0
  if (final.titulo !== current.titulo) changed.push('titulo')
  if (final.linkReal !== current.linkReal) changed.push('link')
  if (final.categoryId !== current.categoryId) changed.push('categoria')
  if (final.brandId !== current.brandId) changed.push('marca')
  if (final.priceCents !== current.priceCents && !(unit.options?.length && unit.options.every((o) => o.priceCents != null))) changed.push('preco')
  if (final.compareAtCents !== current.compareAtCents) changed.push('preco_de')
  if (!hasOptions && final.stock !== current.stock) changed.push('estoque')
  if (final.active !== current.active) changed.push('ativo')
  for (const k of ['pesoG', 'alturaMm', 'larguraMm', 'comprimentoMm'] as const) {
    if (final[k] !== current[k]) changed.push({ pesoG: 'peso_g', alturaMm: 'altura_mm', larguraMm: 'largura_mm', comprimentoMm: 'comprimento_mm' }[k])
  }
  for (const k of ['ncm', 'cest', 'origem', 'gtin', 'unidade'] as const) if (final[k] !== current[k]) changed.push(k)
  if (unit.tiers && !same(unit.tiers, tiers)) changed.push('atacado')
  if (!same(final.especificacoes, current.especificacoes)) changed.push('especificacoes')
  // Stored descriptions are sanitised by their writers (old rows may not be: the page sanitises again).
  if (unit.descricao !== undefined && final.descricao !== current.descricao && final.descricao !== sanitizeDescription(current.descricao))
    changed.push('descricao')
  if (unit.options && unit.options.length > 0) {
    const byKey = new Map(options.map((o) => [optionKey(o.variacao, o.name), o]))
    const listed = new Set<number>()
    let differs = false
    for (const o of unit.options) {
      const now = byKey.get(optionKey(o.variacao, o.opcao))
      if (!now) {
        differs = true
        continue
      }
      listed.add(now.id)
      const price = o.priceCents ?? final.priceCents
      if (
        now.priceCents !== price ||
        now.active !== o.active ||
        (o.stock != null && o.stock !== now.stock) ||
        now.name !== o.opcao ||
        now.variacao !== o.variacao ||
        (o.measures != null &&
          (o.measures.alturaMm !== now.alturaMm ||
            o.measures.larguraMm !== now.larguraMm ||
            o.measures.comprimentoMm !== now.comprimentoMm ||
            o.measures.pesoG !== now.pesoG))
      )
        differs = true
    }
    if (options.some((o) => o.active && !listed.has(o.id))) differs = true
    if (differs) changed.push('opcoes')
  }
  return changed
}
