// The back office's products: the list (filters, search, keyset pages), the
// editor's own fields (create and edit with optimistic concurrency), and the bulk actions. Every
// write is one transaction with its audit line; the storefront hears of it from the database's
// triggers (decision 0033), never from here.
import { and, desc, eq, inArray, sql, type SQL } from 'drizzle-orm'
import type { z } from 'zod'
import {
  adjustedCents,
  PRODUCT_LOW_STOCK,
  type ProductBulkInput,
  type ProductCreateInput,
  type ProductListQuery,
  type ProductSort,
  type ProductUpdateInput,
  type PricePreviewRow,
  fieldErrors,
} from '../../../contract/admin/products'
import { COUNT_CAP } from '../../../contract/admin/orders'
import { PRODUCTS } from '../../../contract/messages/products'
import { toCents } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { auditLog, brands, categories, products, productVideos, variationOptions, wholesaleTiers } from '../../db/schema'
import { pageCursors, pastTuple, readsBackwards, readTupleCursor, takePage, tupleCursor } from '../../db/keyset'
import { intArrayLiteral, rows } from '../../db/sql'
import { transaction, type Tx } from '../../db/tx'
import { foldText } from '../../lib/text'
import { randomAlnum } from '../../lib/tokens'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { alignVariationPrices } from './listing'
import { recordProductAudit, recordProductAudits } from './product-audit'
import { claimLink, recordLinkChange } from './redirects'
import { sanitizeDescription } from './sanitize'
import { searchColumns } from './search-text'
import { stockContext } from './stock-ledger'
import { announceProduct } from '../integrations/announce'

const likeEscape = (text: string) => text.replace(/[\\%_]/g, (c) => `\\${c}`)

// ───────────────────────────── the list ─────────────────────────────

/**
 * A product's sellable stock: the sum of its active options' when it has options, else its own —
 * `products.stock_total`, kept by the database's triggers (migration product_stock_total).
 */
const STOCK_SQL = sql`p.stock_total`

export type ProductFilter = Omit<ProductListQuery, 'ordem' | 'apos' | 'antes' | 'por'>

/**
 * What a filter needs from the small tables, read first so the products' own indexes do the rest:
 * the category with its subcategories, the brands whose name matches the search.
 */
export async function resolveProductFilter(db: Db, filter: ProductFilter): Promise<ResolvedFilter> {
  const [categoryIds, brandIds] = await Promise.all([
    filter.categoria
      ? rows<{ id: number }>(
          db,
          sql`WITH RECURSIVE t AS (SELECT id, 0 AS depth FROM categories WHERE id = ${filter.categoria}
            UNION ALL SELECT c.id, t.depth + 1 FROM categories c JOIN t ON c.parent_id = t.id WHERE t.depth < 10) SELECT id FROM t`,
        ).then((r) => r.map((x) => Number(x.id)))
      : null,
    filter.q
      ? rows<{ id: number }>(
          db,
          sql`SELECT id FROM brands WHERE vt_fold(titulo) LIKE ${`%${likeEscape(foldText(filter.q.trim()).replace(/\s+/g, ' '))}%`}`,
        ).then((r) => r.map((x) => Number(x.id)))
      : null,
  ])
  return { ...filter, categoryIds, brandIds }
}
export type ResolvedFilter = ProductFilter & { categoryIds: number[] | null; brandIds: number[] | null }

/** The WHERE of a resolved filter, over `products p`: each part one of the products' indexes can answer. */
export function productFilterSql(filter: ResolvedFilter): SQL {
  const parts: SQL[] = []
  if (filter.categoryIds) parts.push(sql`p.category_id = ANY(${intArrayLiteral(filter.categoryIds)}::int[])`)
  if (filter.marca) parts.push(sql`p.brand_id = ${filter.marca}`)
  if (filter.ativo) parts.push(filter.ativo === 'sim' ? sql`p.active` : sql`NOT p.active`)
  if (filter.video) parts.push(sql`${sql.raw(filter.video === 'sim' ? '' : 'NOT ')}EXISTS (SELECT 1 FROM product_videos v WHERE v.product_id = p.id)`)
  if (filter.atacado) parts.push(sql`${sql.raw(filter.atacado === 'sim' ? '' : 'NOT ')}EXISTS (SELECT 1 FROM wholesale_tiers w WHERE w.product_id = p.id)`)
  if (filter.ncm) parts.push(filter.ncm === 'sim' ? sql`p.ncm IS NOT NULL` : sql`p.ncm IS NULL`)
  // The stock classes as literals: 'esgotado' and 'menos de 8' are answered by the partial indexes
  // products_sold_out_idx and products_low_stock_idx, whose predicates the planner matches only
  // against constants (PRODUCT_LOW_STOCK is 8 in both).
  if (filter.estoque === 'esgotado') parts.push(sql`${STOCK_SQL} <= 0`)
  else if (filter.estoque === 'baixo') parts.push(sql`${STOCK_SQL} BETWEEN 1 AND ${sql.raw(String(PRODUCT_LOW_STOCK - 1))}`)
  else if (filter.estoque) parts.push(sql`${STOCK_SQL} > 0`)
  if (filter.q) {
    const q = filter.q.trim()
    const folded = likeEscape(foldText(q).replace(/\s+/g, ' '))
    // The title through its trigram index (search_title is folded on write), the code and the
    // public id exactly, the brands found by name through products_brand_idx: a BitmapOr of indexes.
    parts.push(sql`(p.search_title LIKE ${`%${folded}%`} OR p.sku IN (${q}, ${q.toUpperCase()}) OR p.hash = ${q}
      OR p.brand_id = ANY(${intArrayLiteral(filter.brandIds ?? [])}::int[]))`)
  }
  return parts.length ? sql.join(parts, sql` AND `) : sql`TRUE`
}

/** Each sort's key and direction; ties broken by id the same way (keyset pages). */
const SORTS: Record<ProductSort, { column: SQL; cast: SQL; desc: boolean }> = {
  recentes: { column: sql`p.id`, cast: sql`int`, desc: true },
  antigos: { column: sql`p.id`, cast: sql`int`, desc: false },
  titulo: { column: sql`lower(p.titulo)`, cast: sql`text`, desc: false },
  maior_preco: { column: sql`p.price_cents`, cast: sql`int`, desc: true },
  menor_preco: { column: sql`p.price_cents`, cast: sql`int`, desc: false },
}

export type AdminProductRow = {
  id: number
  hash: string
  link: string
  titulo: string
  sku: string
  precoCents: number
  precoDeCents: number | null
  ativo: boolean
  categoria: string
  marca: string | null
  estoque: number
  variacoes: boolean
  video: boolean
  atacado: boolean
  img: string | null
  sortKey: string
}

/** Whether a cursor's sort value is one this sort could have given. */
const fitsSort = (sort: ProductSort) => (value: string) => (sort === 'titulo' || /^-?\d{1,12}$/.test(value)) && value.length <= 400

export type AdminProductList = { rows: AdminProductRow[]; total: number; totalCapped: boolean; next: string | null; prev: string | null }

/**
 * A page of the list: the ids of the page first (filter, sort, keyset, LIMIT), then what the table
 * shows of those few rows — so a page costs the same at 100 000 products as at 100.
 */
export async function listAdminProducts(db: Db, query: ProductListQuery): Promise<AdminProductList | Refusal> {
  const sort = query.ordem ?? 'recentes'
  const size = query.por ?? 25
  const s = SORTS[sort]
  const backwards = readsBackwards(query)
  const descending = s.desc !== backwards
  const filter = await resolveProductFilter(db, query)
  // Sorted by price or title, a category, brand or search picks products spread over the sort's
  // index: read them by their own indexes, then sort — walking the sort's index instead may meet them
  // late (a category at "Z" read through 77k titles). OFFSET 0 keeps the planner from merging the two.
  // By id (recentes, antigos) the primary key walks and stops: ids do not cluster by category.
  const selective = sort !== 'recentes' && sort !== 'antigos' && Boolean(filter.categoryIds || filter.marca || filter.q)
  const source = selective ? sql`(SELECT p.id, p.titulo, p.price_cents FROM products p WHERE ${productFilterSql(filter)} OFFSET 0) p` : sql`products p`
  const where = [selective ? sql`TRUE` : productFilterSql(filter)]
  const cursor = query.apos ?? query.antes
  if (cursor) {
    const at = readTupleCursor(cursor, fitsSort(sort))
    if (!at) return refuse(PRODUCTS.badCursor)
    where.push(pastTuple(s.column, sql`p.id`, at, s.cast, descending))
  }
  const direction = sql.raw(descending ? 'DESC' : 'ASC')
  const [found, [{ n }]] = await Promise.all([
    rows<AdminProductRow>(
      db,
      sql`SELECT p.id, p.hash, p.link_real AS link, p.titulo, p.sku, p.price_cents AS "precoCents", p.compare_at_cents AS "precoDeCents",
            p.active AS ativo, c.titulo AS categoria, b.titulo AS marca, ${STOCK_SQL} AS estoque,
            EXISTS (SELECT 1 FROM variation_options vo WHERE vo.product_id = p.id) AS variacoes,
            EXISTS (SELECT 1 FROM product_videos v WHERE v.product_id = p.id) AS video,
            EXISTS (SELECT 1 FROM wholesale_tiers w WHERE w.product_id = p.id) AS atacado,
            (SELECT i.link FROM product_images i WHERE i.product_id = p.id ORDER BY i.position, i.id LIMIT 1) AS img,
            page."sortKey"
          FROM (SELECT p.id, ${s.column} AS k, ${s.column}::text AS "sortKey" FROM ${source} WHERE ${sql.join(where, sql` AND `)}
                ORDER BY ${s.column} ${direction}, p.id ${direction} LIMIT ${size + 1}) page
          JOIN products p ON p.id = page.id
          JOIN categories c ON c.id = p.category_id
          LEFT JOIN brands b ON b.id = p.brand_id
          ORDER BY page.k ${direction}, page.id ${direction}`,
    ),
    rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (SELECT 1 FROM products p WHERE ${productFilterSql(filter)} LIMIT ${COUNT_CAP + 1}) capped`),
  ])
  const normal = found.map((r) => ({
    ...r,
    id: Number(r.id),
    precoCents: Number(r.precoCents),
    precoDeCents: r.precoDeCents == null ? null : Number(r.precoDeCents),
    estoque: Number(r.estoque),
  }))
  const page = takePage(normal, size, backwards)
  return {
    rows: page.rows,
    total: Math.min(Number(n), COUNT_CAP),
    totalCapped: Number(n) > COUNT_CAP,
    ...pageCursors(page.rows, page.more, query, tupleCursor),
  }
}

// ───────────────────────────── choices ─────────────────────────────

export type CatalogChoices = { categorias: Array<{ id: number; nome: string; oculta: boolean }>; marcas: Array<{ id: number; nome: string; oculta: boolean }> }

/** The categories (as "Pai › Filha", in menu order) and brands the editor and filters offer. */
export async function catalogChoices(db: Db): Promise<CatalogChoices> {
  const [cats, marcas] = await Promise.all([
    db
      .select({ id: categories.id, parentId: categories.parentId, titulo: categories.titulo, position: categories.position, hidden: categories.hidden })
      .from(categories),
    db.select({ id: brands.id, nome: brands.titulo, oculta: brands.hidden }).from(brands).orderBy(brands.titulo),
  ])
  const byId = new Map(cats.map((c) => [c.id, c]))
  const pathOf = (id: number): string[] => {
    const out: string[] = []
    let at = byId.get(id)
    for (let guard = 0; at && guard < 10; guard++) {
      out.unshift(at.titulo)
      at = at.parentId == null ? undefined : byId.get(at.parentId)
    }
    return out
  }
  const categorias = cats.map((c) => ({ id: c.id, nome: pathOf(c.id).join(' › '), oculta: c.hidden })).sort((a, b) => a.nome.localeCompare(b.nome, 'pt-BR'))
  return { categorias, marcas }
}

// ───────────────────────────── one product ─────────────────────────────

export type ProductEditorFields = {
  id: number
  hash: string
  titulo: string
  link: string
  sku: string
  categoria: number
  marca: number | null
  descricao: string
  especificacoes: Array<{ nome: string; valor: string }>
  alturaMm: number
  larguraMm: number
  comprimentoMm: number
  pesoG: number
  precoCents: number
  precoDeCents: number | null
  atacado: Array<{ min: number; precoCents: number }>
  video: string
  ativo: boolean
  /** The NF-e's item data (decision 0129). */
  fiscal: { ncm: string | null; cest: string | null; origem: number; gtin: string; unidade: string }
  versao: number
  estoque: number
  atualizadoEm: string
}

/** What the editor shows of a product's own fields; null when there is no such product. */
export async function productEditorFields(db: Db, id: number): Promise<ProductEditorFields | null> {
  const [p] = await db.select().from(products).where(eq(products.id, id))
  if (!p) return null
  const [tiers, videos] = await Promise.all([
    db
      .select({ min: wholesaleTiers.minQty, precoCents: wholesaleTiers.priceCents })
      .from(wholesaleTiers)
      .where(eq(wholesaleTiers.productId, id))
      .orderBy(wholesaleTiers.minQty),
    db
      .select({ link: productVideos.link })
      .from(productVideos)
      .where(eq(productVideos.productId, id))
      .orderBy(productVideos.position, productVideos.id)
      .limit(1),
  ])
  return {
    id: p.id,
    hash: p.hash,
    titulo: p.titulo,
    link: p.linkReal,
    sku: p.sku,
    categoria: p.categoryId,
    marca: p.brandId,
    descricao: p.descricao,
    especificacoes: p.especificacoes ?? [],
    alturaMm: p.alturaMm,
    larguraMm: p.larguraMm,
    comprimentoMm: p.comprimentoMm,
    pesoG: p.pesoG,
    precoCents: p.priceCents,
    precoDeCents: p.compareAtCents,
    atacado: tiers,
    video: videos[0]?.link ?? '',
    ativo: p.active,
    fiscal: { ncm: p.ncm, cest: p.cest, origem: p.origem, gtin: p.gtin, unidade: p.unidade },
    versao: p.version,
    estoque: p.stock,
    atualizadoEm: p.updatedAt.toISOString(),
  }
}

/** The audited picture of a product's own fields (before/after of every save). */
function snapshot(
  f: Omit<ProductEditorFields, 'id' | 'hash' | 'atualizadoEm' | 'versao' | 'estoque' | 'fiscal'> & {
    versao?: number
    estoque?: number
    fiscal?: Partial<ProductEditorFields['fiscal']>
  },
) {
  return {
    titulo: f.titulo,
    link: f.link,
    sku: f.sku,
    categoria: f.categoria,
    marca: f.marca,
    descricao: f.descricao,
    especificacoes: f.especificacoes,
    dimensoes: { alturaMm: f.alturaMm, larguraMm: f.larguraMm, comprimentoMm: f.comprimentoMm, pesoG: f.pesoG },
    precoCents: f.precoCents,
    precoDeCents: f.precoDeCents,
    atacado: f.atacado,
    video: f.video,
    ativo: f.ativo,
    fiscal: f.fiscal,
    ...(f.versao != null ? { versao: f.versao } : {}),
    ...(f.estoque != null ? { estoque: f.estoque } : {}),
  }
}

/** The category's titles from the top (what search_body holds of it). */
async function categoryTitles(tx: Tx, categoryId: number): Promise<string[] | null> {
  const found = await rows<{ titulo: string; depth: number }>(
    tx,
    sql`WITH RECURSIVE up AS (SELECT id, parent_id, titulo, 0 AS depth FROM categories WHERE id = ${categoryId}
          UNION ALL SELECT c.id, c.parent_id, c.titulo, up.depth + 1 FROM categories c JOIN up ON c.id = up.parent_id WHERE up.depth < 10)
        SELECT titulo, depth FROM up ORDER BY depth DESC`,
  )
  return found.length ? found.map((r) => r.titulo) : null
}

/** The fields as the database stores them, after the checks only the database can make. */
async function resolveFields(tx: Tx, input: ProductCreateInput | ProductUpdateInput) {
  const cats = await categoryTitles(tx, input.categoria)
  if (!cats) throw refuse(PRODUCTS.categoryNotFound, { campo: 'categoria' })
  let brandTitle: string | null = null
  if (input.marca != null) {
    const [b] = await tx.select({ titulo: brands.titulo }).from(brands).where(eq(brands.id, input.marca))
    if (!b) throw refuse(PRODUCTS.brandNotFound, { campo: 'marca' })
    brandTitle = b.titulo
  }
  const especificacoes = input.especificacoes.map((e) => ({ nome: e.nome, valor: e.valor }))
  const search = searchColumns({ titulo: input.titulo, marca: brandTitle, categorias: cats, especificacoes })
  return {
    row: {
      titulo: input.titulo,
      linkReal: input.link,
      sku: input.sku,
      categoryId: input.categoria,
      brandId: input.marca,
      descricao: sanitizeDescription(input.descricao),
      especificacoes,
      alturaMm: input.alturaMm,
      larguraMm: input.larguraMm,
      comprimentoMm: input.comprimentoMm,
      pesoG: input.pesoG,
      priceCents: toCents(input.preco),
      compareAtCents: input.precoDe == null ? null : toCents(input.precoDe),
      active: input.ativo,
      // Left out of the request: kept as the product has it.
      ...(input.ncm !== undefined ? { ncm: input.ncm } : {}),
      ...(input.cest !== undefined ? { cest: input.cest } : {}),
      ...(input.origem !== undefined ? { origem: input.origem } : {}),
      ...(input.gtin !== undefined ? { gtin: input.gtin } : {}),
      ...(input.unidade !== undefined ? { unidade: input.unidade } : {}),
      ...search,
    },
    atacado: input.atacado.map((t) => ({ min: t.min, precoCents: toCents(t.preco) })).sort((a, b) => a.min - b.min),
    video: input.video,
  }
}

/**
 * The editor's form read with its schema (the page's action and the API read it alike): the value,
 * or a refusal naming the first bad field, with every field's pt-BR message in `campos`.
 */
export function readProductForm<S extends z.ZodType>(schema: S, body: unknown): z.output<S> | Refusal {
  const parsed = schema.safeParse(body)
  if (parsed.success) return parsed.data
  const campos = fieldErrors(parsed.error.issues)
  const [campo, msg] = Object.entries(campos)[0] ?? ['_', PRODUCTS.badForm.message]
  // zod's own English defaults (a field of the wrong type) are not shown to a person.
  return refuse(/^(Invalid|Too |Expected|Unrecognized|Required)/.test(msg) ? PRODUCTS.badForm : PRODUCTS.badField(msg), { campo, campos })
}

/** A link or code another product already has: a 'conflict' refusal, said on the field. */
async function refuseTaken(tx: Tx, input: { link: string; sku: string }, exceptId: number | null): Promise<void> {
  const others = await tx
    .select({ id: products.id, titulo: products.titulo, link: products.linkReal, sku: products.sku })
    .from(products)
    .where(
      and(sql`(${products.linkReal} = ${input.link} OR ${products.sku} = ${input.sku})`, exceptId == null ? sql`TRUE` : sql`${products.id} <> ${exceptId}`),
    )
    .limit(2)
  const byLink = others.find((o) => o.link === input.link)
  if (byLink) throw refuse(PRODUCTS.linkTaken(input.link, byLink.titulo), { campo: 'link' })
  const bySku = others.find((o) => o.sku === input.sku)
  if (bySku) throw refuse(PRODUCTS.skuTaken(input.sku, bySku.titulo), { campo: 'sku' })
}

/** A unique index the check above missed (two saves at once): the same refusal. */
function uniqueViolation(err: unknown): Refusal | null {
  const e = err as { code?: string; constraint_name?: string; constraint?: string; cause?: unknown }
  const inner = (e?.code ? e : (e?.cause as typeof e)) ?? {}
  if (inner.code !== '23505') return null
  const name = inner.constraint_name ?? inner.constraint ?? ''
  if (name.includes('link_real')) return refuse(PRODUCTS.linkJustTaken, { campo: 'link' })
  if (name.includes('sku')) return refuse(PRODUCTS.skuJustTaken, { campo: 'sku' })
  return refuse(PRODUCTS.takenMeanwhile)
}

/** A product's saved fields as its audit lines record them (creation adds the stock). */
function auditedFields({ row, atacado, video }: Awaited<ReturnType<typeof resolveFields>>) {
  return {
    titulo: row.titulo,
    link: row.linkReal,
    sku: row.sku,
    categoria: row.categoryId,
    marca: row.brandId,
    descricao: row.descricao,
    especificacoes: row.especificacoes,
    alturaMm: row.alturaMm,
    larguraMm: row.larguraMm,
    comprimentoMm: row.comprimentoMm,
    pesoG: row.pesoG,
    // Only the fiscal fields the save carried (the others were kept).
    fiscal: { ncm: row.ncm, cest: row.cest, origem: row.origem, gtin: row.gtin, unidade: row.unidade },
    precoCents: row.priceCents,
    precoDeCents: row.compareAtCents,
    atacado,
    video,
    ativo: row.active,
  }
}

async function writeTiers(tx: Tx, productId: number, tiers: Array<{ min: number; precoCents: number }>) {
  await tx.delete(wholesaleTiers).where(eq(wholesaleTiers.productId, productId))
  if (tiers.length) await tx.insert(wholesaleTiers).values(tiers.map((t) => ({ productId, minQty: t.min, priceCents: t.precoCents })))
}

async function writeVideo(tx: Tx, productId: number, link: string, current: string) {
  if (link === current) return
  await tx.delete(productVideos).where(eq(productVideos.productId, productId))
  if (link) await tx.insert(productVideos).values({ productId, link, position: 0, mimeType: link.toLowerCase().endsWith('.webm') ? 'video/webm' : 'video/mp4' })
}

export type ProductSaved = { id: number; link: string; versao: number }

/** A new product with its initial stock (the ledger says 'Cadastro' and who). */
export async function createProduct(db: Db, { input, actor }: { input: ProductCreateInput; actor: Actor }): Promise<ProductSaved | Refusal> {
  return transaction(
    db,
    async (tx) => {
      await stockContext(tx, { reason: 'Cadastro', actor })
      await refuseTaken(tx, input, null)
      const { row, atacado, video } = await resolveFields(tx, input)
      await claimLink(tx, 'produto', input.link)
      const [created] = await tx
        .insert(products)
        .values({ ...row, hash: randomAlnum(20), stock: input.estoque })
        .returning({ id: products.id, version: products.version })
      await writeTiers(tx, created.id, atacado)
      await writeVideo(tx, created.id, video, '')
      await recordProductAudit(tx, {
        actor,
        action: 'produto.criar',
        productId: created.id,
        after: snapshot({ ...auditedFields({ row, atacado, video }), estoque: input.estoque }),
      })
      return { id: created.id, link: row.linkReal, versao: created.version }
    },
    uniqueViolation,
  )
}

/** Who saved a product last (the audit log), for the message of a refused stale save. */
async function lastChange(tx: Tx, productId: number): Promise<{ who: string; at: Date } | null> {
  const [row] = await tx
    .select({ who: auditLog.actorLabel, at: auditLog.at })
    .from(auditLog)
    .where(and(eq(auditLog.entity, 'product'), eq(auditLog.entityId, String(productId)), sql`${auditLog.action} LIKE 'produto.%'`))
    .orderBy(desc(auditLog.id))
    .limit(1)
  return row ?? null
}

const hourMinute = (at: Date) => new Intl.DateTimeFormat('pt-BR', { hour: '2-digit', minute: '2-digit', timeZone: 'America/Sao_Paulo' }).format(at)

/**
 * Saves the product's own fields if nobody saved it since the editor loaded `versao`; else a
 * 'conflict' refusal naming who did (from the audit log). A changed link keeps the old one
 * redirecting to it.
 */
export async function updateProduct(
  db: Db,
  { id: productId, input, actor }: { id: number; input: ProductUpdateInput; actor: Actor },
): Promise<ProductSaved | Refusal> {
  return transaction(
    db,
    async (tx) => {
      const [current] = await tx.select({ id: products.id, version: products.version }).from(products).where(eq(products.id, productId)).for('update')
      if (!current) throw refuse(PRODUCTS.notFound)
      if (current.version !== input.versao) {
        const last = await lastChange(tx, productId)
        const who = last ? `${last.who} às ${hourMinute(last.at)}` : 'outra pessoa'
        throw refuse(PRODUCTS.changedBy(who), { versaoAtual: current.version })
      }
      const before = await productEditorFields(tx, productId)
      if (!before) throw refuse(PRODUCTS.notFound)
      await refuseTaken(tx, input, productId)
      const { row, atacado, video } = await resolveFields(tx, input)
      if (before.link !== input.link) await recordLinkChange(tx, 'produto', productId, before.link, input.link)
      const [saved] = await tx
        .update(products)
        .set({ ...row, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
        .where(and(eq(products.id, productId), eq(products.version, input.versao)))
        .returning({ version: products.version })
      if (!saved) throw refuse(PRODUCTS.changed)
      if (before.precoCents !== row.priceCents) {
        // Values priced as the product was follow its new price; the product then shows its lowest
        // active value's price, as the store sells it (alignVariationPrices).
        await tx
          .update(variationOptions)
          .set({ priceCents: row.priceCents })
          .where(and(eq(variationOptions.productId, productId), eq(variationOptions.priceCents, before.precoCents)))
        await alignVariationPrices(tx, [productId])
      }
      const sameTiers = JSON.stringify(before.atacado) === JSON.stringify(atacado)
      if (!sameTiers) await writeTiers(tx, productId, atacado)
      await writeVideo(tx, productId, video, before.video)
      const after = auditedFields({ row, atacado, video })
      await recordProductAudit(tx, {
        actor,
        action: 'produto.editar',
        productId: productId,
        before: { ...snapshot(before), versao: before.versao },
        after: { ...snapshot(after), versao: saved.version },
      })
      await announceProduct(tx, [productId])
      return { id: productId, link: row.linkReal, versao: saved.version }
    },
    uniqueViolation,
  )
}

// ───────────────────────────── bulk actions ─────────────────────────────

export type PricePreview = PricePreviewRow[]

/** One audit line per product of a bulk change, written in one statement in the change's transaction. */
const auditMany = (tx: Tx, actor: Actor, action: string, entries: Array<{ id: number; before: unknown; after: unknown }>) =>
  recordProductAudits(
    tx,
    entries.map((e) => ({ actor, action, productId: e.id, before: e.before, after: e.after })),
  )

export type BulkResult = { alterados: number; preview?: PricePreview; aplicado: boolean }

/**
 * An action on a selection of the list: (de)activate, move to a category, or change prices by a
 * percentage — which previews (before → after, nothing written) until `aplicar`. One transaction,
 * one audit line per product; every product's save counter moves (an open editor sees the change).
 */
export async function bulkProducts(db: Db, { input, actor }: { input: ProductBulkInput; actor: Actor }): Promise<BulkResult | Refusal> {
  const ids = [...new Set(input.ids)]
  const idList = sql`${intArrayLiteral(ids)}::int[]`
  return transaction(
    db,
    async (tx) => {
      const found = await rows<{
        id: number
        titulo: string
        active: boolean
        category_id: number
        price_cents: number
        compare_at_cents: number | null
        especificacoes: unknown
        brand: string | null
      }>(
        tx,
        sql`SELECT p.id, p.titulo, p.active, p.category_id, p.price_cents, p.compare_at_cents, p.especificacoes, b.titulo AS brand
            FROM products p LEFT JOIN brands b ON b.id = p.brand_id WHERE p.id = ANY(${idList}) ORDER BY p.id FOR UPDATE OF p`,
      )
      if (found.length !== ids.length) throw refuse(PRODUCTS.selectionGone)
      if (input.acao === 'ativar' || input.acao === 'desativar') {
        const active = input.acao === 'ativar'
        const changing = found.filter((p) => p.active !== active)
        if (changing.length) {
          await tx
            .update(products)
            .set({ active, version: sql`${products.version} + 1`, updatedAt: sql`now()` })
            .where(
              inArray(
                products.id,
                changing.map((p) => Number(p.id)),
              ),
            )
          await auditMany(
            tx,
            actor,
            active ? 'produto.ativar' : 'produto.desativar',
            changing.map((p) => ({ id: Number(p.id), before: { ativo: p.active }, after: { ativo: active, lote: ids.length } })),
          )
          await announceProduct(
            tx,
            changing.map((p) => Number(p.id)),
          )
        }
        return { alterados: changing.length, aplicado: true }
      }
      if (input.acao === 'categoria') {
        const cats = await categoryTitles(tx, input.categoria!)
        if (!cats) throw refuse(PRODUCTS.categoryNotFound, { campo: 'categoria' })
        const changing = found.filter((p) => Number(p.category_id) !== input.categoria)
        if (changing.length) {
          // The search text holds the category's titles: rewritten with it, in one statement.
          const bodies = changing.map((p) => ({
            id: Number(p.id),
            body: searchColumns({
              titulo: p.titulo,
              marca: p.brand,
              categorias: cats,
              especificacoes: Array.isArray(p.especificacoes) ? (p.especificacoes as Array<{ nome: string; valor: string }>) : [],
            }).searchBody,
          }))
          await tx.execute(sql`UPDATE products p SET category_id = ${input.categoria}, search_body = x.body, version = p.version + 1, updated_at = now()
            FROM jsonb_to_recordset(${JSON.stringify(bodies)}::jsonb) AS x(id int, body text) WHERE p.id = x.id`)
          await auditMany(
            tx,
            actor,
            'produto.categoria',
            changing.map((p) => ({ id: Number(p.id), before: { categoria: Number(p.category_id) }, after: { categoria: input.categoria, lote: ids.length } })),
          )
        }
        return { alterados: changing.length, aplicado: true }
      }
      // Prices by a percentage: the product's price and "de" price, its options' and wholesale prices.
      const percent = input.percentual!
      const [options, tiers] = await Promise.all([
        rows<{ product_id: number; n: number }>(
          tx,
          sql`SELECT product_id, count(*)::int AS n FROM variation_options WHERE product_id = ANY(${idList}) GROUP BY product_id`,
        ),
        rows<{ product_id: number; n: number }>(
          tx,
          sql`SELECT product_id, count(*)::int AS n FROM wholesale_tiers WHERE product_id = ANY(${idList}) GROUP BY product_id`,
        ),
      ])
      const optionCount = new Map(options.map((o) => [Number(o.product_id), Number(o.n)]))
      const tierCount = new Map(tiers.map((o) => [Number(o.product_id), Number(o.n)]))
      const preview: PricePreview = found.map((p) => {
        const antes = Number(p.price_cents)
        const depois = adjustedCents(antes, percent)
        const deAntes = p.compare_at_cents == null ? null : Number(p.compare_at_cents)
        const deScaled = deAntes == null ? null : adjustedCents(deAntes, percent)
        return {
          id: Number(p.id),
          titulo: p.titulo,
          antes,
          depois,
          deAntes,
          deDepois: deScaled != null && deScaled > depois ? deScaled : null,
          opcoes: optionCount.get(Number(p.id)) ?? 0,
          atacado: tierCount.get(Number(p.id)) ?? 0,
        }
      })
      if (!input.aplicar) return { alterados: 0, preview, aplicado: false }
      const factor = sql`(10000 + ${Math.round(percent * 100)})`
      await tx.execute(sql`UPDATE products p SET price_cents = x.depois, compare_at_cents = x.de, version = p.version + 1, updated_at = now()
        FROM jsonb_to_recordset(${JSON.stringify(preview.map((r) => ({ id: r.id, depois: r.depois, de: r.deDepois })))}::jsonb) AS x(id int, depois int, de int) WHERE p.id = x.id`)
      await tx.execute(
        sql`UPDATE variation_options SET price_cents = greatest(1, round(price_cents::numeric * ${factor} / 10000))::int WHERE product_id = ANY(${idList})`,
      )
      await tx.execute(
        sql`UPDATE wholesale_tiers SET price_cents = greatest(1, round(price_cents::numeric * ${factor} / 10000))::int WHERE product_id = ANY(${idList})`,
      )
      await alignVariationPrices(tx, ids)
      await auditMany(
        tx,
        actor,
        'produto.preco',
        preview.map((r) => ({
          id: r.id,
          before: { precoCents: r.antes, precoDeCents: r.deAntes },
          after: { precoCents: r.depois, precoDeCents: r.deDepois, percentual: percent, lote: ids.length },
        })),
      )
      await announceProduct(tx, ids)
      return { alterados: preview.length, preview, aplicado: true }
    },
    uniqueViolation,
  )
}
