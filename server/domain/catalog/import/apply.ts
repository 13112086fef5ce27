// Applying an analysed import, one batch per call and per transaction: the batch's products are
// written together with the import's progress, its audit line and (through stockContext) the reason of
// every stock move — so an interrupted import goes on from the first batch not committed, and no
// product is ever half-written. A product that breaks a rule now (a link taken meanwhile, a category
// removed) is skipped and reported; a batch the database refuses is retried one product at a time.
import { eq, sql } from 'drizzle-orm'
import {
  CATALOG_IMPORT_BATCH,
  CATALOG_IMPORT_ERRORS_KEPT,
  type ImportLineError,
  type ImportReport,
  type ImportView,
} from '../../../../contract/admin/catalog-import'
import { CATALOG_IMPORT } from '../../../../contract/messages/catalog-import'
import type { Db } from '../../../db/client'
import { catalogImports, linkRedirects, products, variations, wholesaleTiers } from '../../../db/schema'
import { rows } from '../../../db/sql'
import { transaction, type Tx } from '../../../db/tx'
import { slugify } from '../../../lib/text'
import { randomAlnum } from '../../../lib/tokens'
import type { Actor } from '../../actor'
import { isRefusal, refuse, type Refusal } from '../../refusal'
import { recordAudit } from '../../audit/record'
import { alignVariationPrices } from '../listing'
import { recordLinkChange } from '../redirects'
import { searchColumns } from '../search-text'
import { stockContext } from '../stock-ledger'
import { importView } from './analyse'
import type { OptionDraft } from './read'
import { crossCheck, type CurrentOption, type ImportUnit, loadOptions, loadProducts, loadTiers, Lookups, mergeProduct, optionKey, textArray } from './plan'

type Outcome = { applied: { sku: string; tipo: 'novo' | 'alterado' }[]; errors: ImportLineError[] }

/** Applies the next batch of an analysed import; the import as it now stands. */
export async function applyImportBatch(db: Db, input: { id: string; actor: Actor & { kind: 'staff' }; batchSize?: number }): Promise<ImportView | Refusal> {
  const size = Math.max(1, Math.min(input.batchSize ?? CATALOG_IMPORT_BATCH, 1000))
  try {
    const refused = await transaction(db, async (tx) => {
      const state = await lockImport(tx, input.id)
      const units = await unitsOf(tx, input.id, state.nextRow, size)
      await stockContext(tx, { reason: 'Importação', actor: input.actor })
      const outcome = await writeUnits(tx, units)
      await finishStep(tx, input, state, units.length, outcome)
      return null
    })
    if (refused) return refused
  } catch {
    // The database refused the batch (e.g. a link taken by an editor this very moment): the batch
    // is rolled back whole; each product goes again in a transaction of its own.
    const state = await transaction(db, (tx) => lockImport(tx, input.id))
    if (isRefusal(state)) return state
    const units = await unitsOf(db, input.id, state.nextRow, size)
    for (const unit of units) {
      try {
        const refused = await transaction(db, async (tx) => {
          const now = await lockImport(tx, input.id)
          if (now.nextRow !== state.nextRow + units.indexOf(unit)) return refuse(CATALOG_IMPORT.movedOn)
          await stockContext(tx, { reason: 'Importação', actor: input.actor })
          await finishStep(tx, input, now, 1, await writeUnits(tx, [unit]))
          return null
        })
        if (refused) return refused
      } catch {
        const skipped = await transaction(db, async (tx) => {
          const now = await lockImport(tx, input.id)
          const motivo = 'O banco de dados recusou este produto (outro cadastro mudou ao mesmo tempo); importe-o de novo.'
          await finishStep(tx, input, now, 1, { applied: [], errors: unit.linhas.map((linha) => ({ linha, sku: unit.sku, motivo })) })
          return null
        })
        if (skipped) return skipped
      }
    }
  }
  return (await importView(db, input.id)) ?? refuse(CATALOG_IMPORT.notFound)
}

/** Stops an import: what was applied stays (and is in the audit log); the rest is not applied. */
export async function cancelImport(db: Db, input: { id: string; actor: Actor & { kind: 'staff' } }): Promise<ImportView | Refusal> {
  const refused = await transaction(db, async (tx) => {
    const state = await lockImport(tx, input.id)
    await tx
      .update(catalogImports)
      .set({ status: 'cancelada', updatedAt: sql`now()` })
      .where(eq(catalogImports.id, input.id))
    await recordAudit(tx, {
      actor: input.actor,
      action: 'catalogo.importacao.cancelar',
      entity: 'catalog_import',
      entityId: input.id,
      before: { situacao: state.status, feitos: state.nextRow, total: state.totalRows },
      after: { situacao: 'cancelada' },
    })
    return null
  })
  if (refused) return refused
  return (await importView(db, input.id)) ?? refuse(CATALOG_IMPORT.notFound)
}

type ImportState = { status: string; nextRow: number; totalRows: number; fileName: string; report: ImportReport }

async function lockImport(tx: Tx, id: string): Promise<ImportState> {
  const [row] = await tx
    .select({
      status: catalogImports.status,
      nextRow: catalogImports.nextRow,
      totalRows: catalogImports.totalRows,
      fileName: catalogImports.fileName,
      report: catalogImports.report,
    })
    .from(catalogImports)
    .where(eq(catalogImports.id, id))
    .for('update')
  if (!row) throw refuse(CATALOG_IMPORT.notFound)
  if (row.status === 'concluida') throw refuse(CATALOG_IMPORT.finished)
  if (row.status === 'cancelada') throw refuse(CATALOG_IMPORT.cancelled)
  return { ...row, report: row.report as ImportReport }
}

async function unitsOf(tx: Db, id: string, from: number, size: number): Promise<ImportUnit[]> {
  const list = await rows<{ u: ImportUnit | string }>(
    tx,
    sql`SELECT t.e AS u FROM catalog_imports ci, jsonb_array_elements(ci.rows) WITH ORDINALITY AS t(e, i)
        WHERE ci.id = ${id} AND t.i > ${from} AND t.i <= ${from + size} ORDER BY t.i`,
  )
  return list.map((r) => (typeof r.u === 'string' ? (JSON.parse(r.u) as ImportUnit) : r.u))
}

async function finishStep(tx: Tx, input: { id: string; actor: Actor & { kind: 'staff' } }, state: ImportState, count: number, outcome: Outcome) {
  const nextRow = Math.min(state.totalRows, state.nextRow + count)
  const done = nextRow >= state.totalRows
  const report = state.report
  const aplicacao = report.aplicacao ?? { novos: 0, alterados: 0, erros: [] }
  aplicacao.novos += outcome.applied.filter((a) => a.tipo === 'novo').length
  aplicacao.alterados += outcome.applied.filter((a) => a.tipo === 'alterado').length
  aplicacao.erros = [...aplicacao.erros, ...outcome.errors].slice(0, CATALOG_IMPORT_ERRORS_KEPT)
  await tx
    .update(catalogImports)
    .set({ status: done ? 'concluida' : 'aplicando', nextRow, report: { ...report, aplicacao }, updatedAt: sql`now()` })
    .where(eq(catalogImports.id, input.id))
  await recordAudit(tx, {
    actor: input.actor,
    action: 'catalogo.importar',
    entity: 'catalog_import',
    entityId: input.id,
    before: { feitos: state.nextRow },
    after: {
      arquivo: state.fileName,
      feitos: nextRow,
      total: state.totalRows,
      novos: outcome.applied.filter((a) => a.tipo === 'novo').map((a) => a.sku),
      alterados: outcome.applied.filter((a) => a.tipo === 'alterado').map((a) => a.sku),
      erros: outcome.errors.length,
      ...(done ? { concluida: true } : {}),
    },
  })
}

type ProductRecord = Record<string, unknown>

/** Writes the units that still pass every rule, in a handful of statements; the others are reported. */
export async function writeUnits(tx: Tx, units: ImportUnit[]): Promise<Outcome> {
  const outcome: Outcome = { applied: [], errors: [] }
  if (units.length === 0) return outcome
  const fail = (unit: ImportUnit, motivo: string) => outcome.errors.push({ linha: unit.linhas[0], sku: unit.sku, motivo })

  const lookups = await Lookups.load(tx)
  const current = await loadProducts(
    tx,
    units.map((u) => u.sku),
    true,
  )
  const ids = [...current.values()].map((p) => p.id)
  const [options, tiers] = await Promise.all([loadOptions(tx, ids), loadTiers(tx, ids)])

  type Planned = { unit: ImportUnit; id: number | null; final: ReturnType<typeof mergeProduct>; oldLink: string | null; tiers: ReturnType<typeof tiersOf> }
  const tiersOf = (unit: ImportUnit, id: number | null) => unit.tiers ?? (id ? (tiers.get(id) ?? []) : [])
  const planned: Planned[] = []
  for (const unit of units) {
    const now = current.get(unit.sku) ?? null
    if (unit.tipo === 'novo' && now) {
      fail(unit, `O SKU ${unit.sku} foi cadastrado depois da análise: envie o arquivo de novo.`)
      continue
    }
    if (unit.tipo === 'alterado' && !now) {
      fail(unit, `O produto ${unit.sku} foi removido depois da análise.`)
      continue
    }
    if (unit.categoryId !== undefined && !lookups.categoryById.has(unit.categoryId)) {
      fail(unit, 'A categoria foi removida depois da análise.')
      continue
    }
    if (unit.brandId != null && !lookups.brandById.has(unit.brandId)) {
      fail(unit, 'A marca foi removida depois da análise.')
      continue
    }
    // A sale between the analysis and now is kept: the file's count moves by what was sold.
    const withStock = {
      ...unit,
      stock: unit.stock != null && now && unit.stockBefore != null ? Math.max(0, unit.stock + now.stock - unit.stockBefore) : unit.stock,
    }
    const final = mergeProduct(withStock, now)
    const reasons = crossCheck(final, tiersOf(unit, now?.id ?? null), now ? options.get(now.id) : undefined, unit)
    if (reasons.length) {
      fail(unit, reasons[0])
      continue
    }
    planned.push({ unit, id: now?.id ?? null, final, oldLink: now?.linkReal ?? null, tiers: tiersOf(unit, now?.id ?? null) })
  }

  // Links: one asked for must be free (or this product's); a new product without one gets its title's.
  const asked = planned.filter((p) => p.final.linkReal && p.final.linkReal !== p.oldLink)
  const owners = new Map<string, number>()
  if (asked.length) {
    const found = await tx
      .select({ id: products.id, link: products.linkReal })
      .from(products)
      .where(sql`${products.linkReal} = ANY(${textArray(asked.map((p) => p.final.linkReal!))}::text[])`)
    for (const f of found) owners.set(f.link, f.id)
  }
  const used = new Set<string>()
  const kept: Planned[] = []
  for (const p of planned) {
    const link = p.final.linkReal
    if (link && link !== p.oldLink) {
      const owner = owners.get(link)
      if ((owner !== undefined && owner !== p.id) || used.has(link)) {
        fail(p.unit, `O link "${link}" já é de outro produto.`)
        continue
      }
    }
    if (link) used.add(link)
    kept.push(p)
  }
  await generateLinks(
    tx,
    kept.filter((p) => !p.final.linkReal),
    used,
  )

  const record = (p: Planned): ProductRecord => {
    const category = lookups.categoryById.get(p.final.categoryId)!
    const parent = category.parentId ? lookups.categoryById.get(category.parentId) : null
    const brand = p.final.brandId ? lookups.brandById.get(p.final.brandId) : null
    const search = searchColumns({
      titulo: p.final.titulo,
      marca: brand?.titulo,
      categorias: [category.titulo, ...(parent ? [parent.titulo] : [])],
      especificacoes: p.final.especificacoes,
    })
    return {
      id: p.id,
      hash: randomAlnum(20),
      link_real: p.final.linkReal,
      titulo: p.final.titulo,
      descricao: p.final.descricao,
      price_cents: p.final.priceCents,
      compare_at_cents: p.final.compareAtCents,
      stock: p.final.stock,
      category_id: p.final.categoryId,
      brand_id: p.final.brandId,
      sku: p.final.sku,
      altura_mm: p.final.alturaMm,
      comprimento_mm: p.final.comprimentoMm,
      largura_mm: p.final.larguraMm,
      peso_g: p.final.pesoG,
      ncm: p.final.ncm,
      cest: p.final.cest,
      origem: p.final.origem,
      gtin: p.final.gtin,
      unidade: p.final.unidade,
      especificacoes: p.final.especificacoes,
      active: p.final.active,
      search_title: search.searchTitle,
      search_body: search.searchBody,
    }
  }
  const COLUMNS = `id int, hash text, link_real text, titulo text, descricao text, price_cents int, compare_at_cents int, stock int, category_id int, brand_id int, sku text,
    altura_mm int, comprimento_mm int, largura_mm int, peso_g int, ncm text, cest text, origem int, gtin text, unidade text, especificacoes jsonb, active boolean, search_title text, search_body text`

  const fresh = kept.filter((p) => p.id === null)
  const changed = kept.filter((p) => p.id !== null)
  if (fresh.length) {
    const inserted = await rows<{ id: number; sku: string }>(
      tx,
      sql`INSERT INTO products (hash, link_real, titulo, descricao, price_cents, compare_at_cents, stock, category_id, brand_id, sku, altura_mm, comprimento_mm, largura_mm, peso_g, ncm, cest, origem, gtin, unidade, especificacoes, active, search_title, search_body)
          SELECT hash, link_real, titulo, descricao, price_cents, compare_at_cents, stock, category_id, brand_id, sku, altura_mm, comprimento_mm, largura_mm, peso_g, ncm, cest, origem, gtin, unidade, especificacoes, active, search_title, search_body
          FROM jsonb_to_recordset(${JSON.stringify(fresh.map(record))}::jsonb) AS x(${sql.raw(COLUMNS)})
          RETURNING id, sku`,
    )
    const idOf = new Map(inserted.map((r) => [r.sku, Number(r.id)]))
    for (const p of fresh) p.id = idOf.get(p.unit.sku)!
  }
  if (changed.length) {
    await tx.execute(sql`UPDATE products p SET link_real = x.link_real, titulo = x.titulo, descricao = x.descricao, price_cents = x.price_cents,
        compare_at_cents = x.compare_at_cents, stock = x.stock, category_id = x.category_id, brand_id = x.brand_id, altura_mm = x.altura_mm,
        comprimento_mm = x.comprimento_mm, largura_mm = x.largura_mm, peso_g = x.peso_g, ncm = x.ncm, cest = x.cest, origem = x.origem, gtin = x.gtin,
        unidade = x.unidade, especificacoes = x.especificacoes, active = x.active,
        search_title = x.search_title, search_body = x.search_body, version = p.version + 1, updated_at = now()
      FROM jsonb_to_recordset(${JSON.stringify(changed.map(record))}::jsonb) AS x(${sql.raw(COLUMNS)})
      WHERE p.id = x.id`)
  }
  // Old links redirect permanently to the new ones; a link taken now stops being anyone's old link.
  for (const p of changed) if (p.oldLink && p.final.linkReal !== p.oldLink) await recordLinkChange(tx, 'produto', p.id!, p.oldLink, p.final.linkReal!)
  if (fresh.length)
    await tx
      .delete(linkRedirects)
      .where(sql`${linkRedirects.kind} = 'produto' AND ${linkRedirects.oldLink} = ANY(${textArray(fresh.map((p) => p.final.linkReal!))}::text[])`)

  const withTiers = kept.filter((p) => p.unit.tiers !== undefined)
  if (withTiers.length) {
    await tx.delete(wholesaleTiers).where(sql`${wholesaleTiers.productId} = ANY(${`{${withTiers.map((p) => p.id).join(',')}}`}::int[])`)
    const list = withTiers.flatMap((p) => p.tiers.map((t) => ({ productId: p.id!, minQty: t.minQty, priceCents: t.priceCents })))
    if (list.length) await tx.insert(wholesaleTiers).values(list)
  }

  const withOptions = kept.filter((p) => p.unit.options && p.unit.options.length > 0)
  if (withOptions.length) {
    await writeOptions(
      tx,
      withOptions.map((p) => ({ productId: p.id!, priceCents: p.final.priceCents, unit: p.unit, current: options.get(p.id!) ?? [] })),
    )
    await alignVariationPrices(
      tx,
      withOptions.map((p) => p.id!),
    )
  }
  for (const p of kept) outcome.applied.push({ sku: p.unit.sku, tipo: p.unit.tipo })
  return outcome
}

/** A new product's link from its title, made unique against the catalog and the batch. */
async function generateLinks(tx: Tx, list: { unit: ImportUnit; final: { titulo: string; linkReal: string | null } }[], used: Set<string>) {
  let pending = list.map((p) => ({ p, base: slugify(p.final.titulo, 96) || 'produto', n: 1 }))
  for (let round = 0; pending.length && round < 30; round++) {
    const candidate = (x: (typeof pending)[number]) => (x.n === 1 ? x.base : round < 25 ? `${x.base}-${x.n}` : `${x.base}-${randomAlnum(6).toLowerCase()}`)
    const names = pending.map(candidate)
    const taken = new Set(
      (
        await tx
          .select({ link: products.linkReal })
          .from(products)
          .where(sql`${products.linkReal} = ANY(${textArray(names)}::text[])`)
      ).map((r) => r.link),
    )
    const next: typeof pending = []
    for (const x of pending) {
      const name = candidate(x)
      if (taken.has(name) || used.has(name)) next.push({ ...x, n: x.n + 1 })
      else {
        used.add(name)
        x.p.final.linkReal = name
      }
    }
    pending = next
  }
  for (const x of pending) x.p.final.linkReal = `${x.base}-${randomAlnum(10).toLowerCase()}`
}

/**
 * Options listed in the file are created or updated (price, stock, active, order); options of the
 * product not listed are deactivated — never deleted, carts and orders keep pointing at them.
 */
async function writeOptions(tx: Tx, list: { productId: number; priceCents: number; unit: ImportUnit; current: CurrentOption[] }[]) {
  // Groups by name (one per variacao), created when new.
  const groupOf = new Map<string, number>()
  const newGroups: { productId: number; nome: string; position: number }[] = []
  for (const item of list) {
    const existing = new Map<string, number>()
    for (const o of item.current) existing.set(optionKey(o.variacao, ''), o.variationId)
    const groups = await tx
      .select({ id: variations.id, nome: variations.nome, position: variations.position })
      .from(variations)
      .where(eq(variations.productId, item.productId))
    for (const g of groups) existing.set(optionKey(g.nome, ''), g.id)
    let position = groups.reduce((m, g) => Math.max(m, g.position + 1), 0)
    for (const o of item.unit.options!) {
      const key = `${item.productId}:${optionKey(o.variacao, '')}`
      if (groupOf.has(key)) continue
      const found = existing.get(optionKey(o.variacao, ''))
      if (found) groupOf.set(key, found)
      else {
        groupOf.set(key, -1)
        newGroups.push({ productId: item.productId, nome: o.variacao, position: position++ })
      }
    }
  }
  if (newGroups.length) {
    const made = await tx.insert(variations).values(newGroups).returning({ id: variations.id, productId: variations.productId, nome: variations.nome })
    for (const g of made) groupOf.set(`${g.productId}:${optionKey(g.nome, '')}`, g.id)
  }

  type Measures = { altura_mm: number | null; largura_mm: number | null; comprimento_mm: number | null; peso_g: number | null }
  // An option's measures: the file's when it gives the four, else what the option has (none for a new one).
  const measures = (o: Pick<OptionDraft, 'measures'>, now: CurrentOption | undefined): Measures =>
    o.measures
      ? { altura_mm: o.measures.alturaMm, largura_mm: o.measures.larguraMm, comprimento_mm: o.measures.comprimentoMm, peso_g: o.measures.pesoG }
      : { altura_mm: now?.alturaMm ?? null, largura_mm: now?.larguraMm ?? null, comprimento_mm: now?.comprimentoMm ?? null, peso_g: now?.pesoG ?? null }
  const updates: ({ id: number; name: string; price_cents: number; stock: number; position: number; active: boolean } & Measures)[] = []
  const inserts: ({
    variation_id: number
    product_id: number
    name: string
    hash: string
    price_cents: number
    stock: number
    position: number
    active: boolean
  } & Measures)[] = []
  for (const item of list) {
    const byKey = new Map(item.current.map((o) => [optionKey(o.variacao, o.name), o]))
    const listed = new Set<number>()
    const positions = new Map<string, number>()
    for (const o of item.unit.options!) {
      const variationId = groupOf.get(`${item.productId}:${optionKey(o.variacao, '')}`)!
      const position = positions.get(o.variacao) ?? 0
      positions.set(o.variacao, position + 1)
      const price = o.priceCents ?? item.priceCents
      const now = byKey.get(optionKey(o.variacao, o.opcao))
      if (now) {
        listed.add(now.id)
        const stock = o.stock == null ? now.stock : o.stockBefore != null ? Math.max(0, o.stock + now.stock - o.stockBefore) : o.stock
        updates.push({ id: now.id, name: o.opcao, price_cents: price, stock, position, active: o.active, ...measures(o, now) })
      } else {
        inserts.push({
          variation_id: variationId,
          product_id: item.productId,
          name: o.opcao,
          hash: randomAlnum(20),
          price_cents: price,
          stock: o.stock ?? 0,
          position,
          active: o.active,
          ...measures(o, undefined),
        })
      }
    }
    for (const o of item.current)
      if (!listed.has(o.id) && o.active)
        updates.push({ id: o.id, name: o.name, price_cents: o.priceCents, stock: o.stock, position: o.position, active: false, ...measures({}, o) })
  }
  if (updates.length) {
    await tx.execute(sql`UPDATE variation_options o SET name = x.name, price_cents = x.price_cents, stock = x.stock, position = x.position, active = x.active,
        altura_mm = x.altura_mm, largura_mm = x.largura_mm, comprimento_mm = x.comprimento_mm, peso_g = x.peso_g
      FROM jsonb_to_recordset(${JSON.stringify(updates)}::jsonb)
        AS x(id int, name text, price_cents int, stock int, position int, active boolean, altura_mm int, largura_mm int, comprimento_mm int, peso_g int)
      WHERE o.id = x.id AND (o.name, o.price_cents, o.stock, o.position, o.active, o.altura_mm, o.largura_mm, o.comprimento_mm, o.peso_g)
        IS DISTINCT FROM (x.name, x.price_cents, x.stock, x.position, x.active, x.altura_mm, x.largura_mm, x.comprimento_mm, x.peso_g)`)
  }
  if (inserts.length) {
    await tx.execute(sql`INSERT INTO variation_options (variation_id, product_id, name, hash, price_cents, stock, position, active, altura_mm, largura_mm, comprimento_mm, peso_g)
      SELECT variation_id, product_id, name, hash, price_cents, stock, position, active, altura_mm, largura_mm, comprimento_mm, peso_g
      FROM jsonb_to_recordset(${JSON.stringify(inserts)}::jsonb)
        AS x(variation_id int, product_id int, name text, hash text, price_cents int, stock int, position int, active boolean, altura_mm int, largura_mm int, comprimento_mm int, peso_g int)`)
  }
}
