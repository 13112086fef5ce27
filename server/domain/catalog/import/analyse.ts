// The dry run: the file read, checked against the catalog, counted (new, changed, unchanged, lines with
// errors) and kept as an import to apply on confirmation, with its audit line. Nothing in the catalog changes here.
import { desc, eq, inArray, sql } from 'drizzle-orm'
import { CATALOG_IMPORT_ERRORS_KEPT, type ImportLineError, type ImportReport, type ImportView } from '../../../../contract/admin/catalog-import'
import { CATALOG_IMPORT } from '../../../../contract/messages/catalog-import'
import type { Db } from '../../../db/client'
import { transaction } from '../../../db/tx'
import { catalogImports, products, staff } from '../../../db/schema'
import { randomAlnum } from '../../../lib/tokens'
import type { Actor } from '../../actor'
import { recordAudit } from '../../audit/record'
import { isRefusal, refuse, type Refusal } from '../../refusal'
import { decodeCsv } from './decode'
import { changesOf, crossCheck, type ImportUnit, loadOptions, loadProducts, loadTiers, Lookups, mergeProduct, optionKey, textArray } from './plan'
import { readCatalogFile } from './read'

const PREVIEW = 50

export async function analyseImport(db: Db, input: { bytes: Uint8Array; fileName: string; actor: Actor & { kind: 'staff' } }): Promise<ImportView | Refusal> {
  const decoded = decodeCsv(input.bytes)
  if (isRefusal(decoded)) return decoded
  const file = readCatalogFile(decoded.text)
  if (isRefusal(file)) return file

  const errors: ImportLineError[] = [...file.errors]
  const lookups = await Lookups.load(db)
  const current = await loadProducts(
    db,
    file.products.map((p) => p.sku),
  )
  const ids = [...current.values()].map((p) => p.id)
  const [options, tiers] = await Promise.all([loadOptions(db, ids), loadTiers(db, ids)])

  // Links asked for: taken by another product, or by two lines of the file.
  const askedLinks = file.products.map((p) => p.link).filter((l): l is string => !!l)
  const linkOwners = new Map<string, { id: number; sku: string }>()
  for (let i = 0; i < askedLinks.length; i += 5000) {
    const found = await db
      .select({ id: products.id, sku: products.sku, link: products.linkReal })
      .from(products)
      .where(sql`${products.linkReal} = ANY(${textArray(askedLinks.slice(i, i + 5000))}::text[])`)
    for (const f of found) linkOwners.set(f.link, f)
  }
  const linkInFile = new Map<string, number>()

  const units: ImportUnit[] = []
  let iguais = 0
  let rejected = 0
  for (const draft of file.products) {
    const reasons: string[] = []
    const { categoria, marca, options: draftOptions, ...fields } = draft
    const unit: ImportUnit = { ...fields, tipo: current.has(draft.sku) ? 'alterado' : 'novo', mudancas: [] }
    if (categoria !== undefined) {
      const found = lookups.category(categoria)
      if (typeof found === 'string') reasons.push(found)
      else unit.categoryId = found.id
    }
    if (marca !== undefined) {
      const found = marca === null ? null : lookups.brand(marca)
      if (typeof found === 'string') reasons.push(found)
      else unit.brandId = found?.id ?? null
    }
    const now = current.get(draft.sku) ?? null
    if (draft.link) {
      const owner = linkOwners.get(draft.link)
      if (owner && owner.sku !== draft.sku) reasons.push(`O link "${draft.link}" já é de outro produto (SKU ${owner.sku}).`)
      const twin = linkInFile.get(draft.link)
      if (twin !== undefined) reasons.push(`O link "${draft.link}" já está na linha ${twin} do arquivo.`)
      linkInFile.set(draft.link, draft.linhas[0])
    }
    const nowOptions = now ? (options.get(now.id) ?? []) : []
    if (draftOptions) {
      unit.options = draftOptions.map((o) => {
        const match = nowOptions.find((c) => optionKey(c.variacao, c.name) === optionKey(o.variacao, o.opcao))
        return { ...o, stockBefore: match ? match.stock : null }
      })
    }
    if (now) unit.stockBefore = now.stock
    // A product with variations keeps its stock in its options: its own count is left alone.
    if (draftOptions?.length || (!draftOptions && nowOptions.some((o) => o.active))) delete unit.stock
    const final = mergeProduct(unit, now)
    reasons.push(...crossCheck(final, unit.tiers ?? (now ? (tiers.get(now.id) ?? []) : []), nowOptions, unit))
    if (reasons.length) {
      rejected++
      for (const motivo of reasons) errors.push({ linha: draft.linhas[0], sku: draft.sku, motivo })
      continue
    }
    if (now) {
      unit.mudancas = changesOf(unit, final, now, nowOptions, tiers.get(now.id) ?? [])
      if (unit.mudancas.length === 0) {
        iguais++
        continue
      }
    }
    units.push(unit)
  }

  errors.sort((a, b) => a.linha - b.linha)
  const badSkus = new Set(errors.map((e) => e.sku).filter(Boolean))
  const report: ImportReport = {
    codificacao: decoded.encoding,
    separador: file.separator,
    linhas: file.lines,
    novos: units.filter((u) => u.tipo === 'novo').length,
    alterados: units.filter((u) => u.tipo === 'alterado').length,
    iguais,
    linhasComErro: new Set(errors.map((e) => e.linha)).size,
    produtosComErro: Math.max(badSkus.size, rejected),
    erros: errors.slice(0, CATALOG_IMPORT_ERRORS_KEPT),
    errosOmitidos: Math.max(0, errors.length - CATALOG_IMPORT_ERRORS_KEPT),
    previa: units.slice(0, PREVIEW).map((u) => ({ linha: u.linhas[0], sku: u.sku, titulo: u.titulo ?? '', tipo: u.tipo, mudancas: u.mudancas })),
    aplicacao: { novos: 0, alterados: 0, erros: [] },
  }

  const id = randomAlnum(20)
  const refused = await transaction(db, async (tx) => {
    // One import applies at a time; an analysed one not started is replaced by the new file.
    const [running] = await tx
      .select({ id: catalogImports.id, fileName: catalogImports.fileName })
      .from(catalogImports)
      .where(eq(catalogImports.status, 'aplicando'))
      .limit(1)
      .for('update')
    if (running) return refuse(CATALOG_IMPORT.stillApplying(running.fileName))
    await tx
      .update(catalogImports)
      .set({ status: 'cancelada', updatedAt: sql`now()` })
      .where(eq(catalogImports.status, 'analisada'))
    await tx.insert(catalogImports).values({
      id,
      staffId: input.actor.staffId,
      fileName: input.fileName,
      // Nothing to apply (every product unchanged or with errors): done already.
      status: units.length ? 'analisada' : 'concluida',
      rows: units,
      totalRows: units.length,
      nextRow: 0,
      report,
    })
    await recordAudit(tx, {
      actor: input.actor,
      action: 'catalogo.importacao.analisar',
      entity: 'catalog_import',
      entityId: id,
      after: { arquivo: input.fileName, novos: report.novos, alterados: report.alterados, linhasComErro: report.linhasComErro },
    })
    return null
  })
  if (refused) return refused
  return (await importView(db, id))!
}

/** One import as the page shows it (without its rows). */
export async function importView(db: Db, id: string): Promise<ImportView | null> {
  const [row] = await db
    .select({
      id: catalogImports.id,
      fileName: catalogImports.fileName,
      status: catalogImports.status,
      por: staff.nome,
      createdAt: catalogImports.createdAt,
      totalRows: catalogImports.totalRows,
      nextRow: catalogImports.nextRow,
      report: catalogImports.report,
    })
    .from(catalogImports)
    .leftJoin(staff, eq(staff.id, catalogImports.staffId))
    .where(eq(catalogImports.id, id))
  if (!row) return null
  return {
    id: row.id,
    arquivo: row.fileName,
    situacao: row.status,
    por: row.por,
    criadoEm: row.createdAt.toISOString(),
    total: row.totalRows,
    feitos: row.nextRow,
    relatorio: row.report as ImportReport,
  }
}

/** The import not finished (analysed or being applied), newest first: the page offers to go on. */
export async function unfinishedImport(db: Db): Promise<ImportView | null> {
  const [row] = await db
    .select({ id: catalogImports.id })
    .from(catalogImports)
    .where(inArray(catalogImports.status, ['analisada', 'aplicando']))
    .orderBy(desc(catalogImports.createdAt))
    .limit(1)
  return row ? importView(db, row.id) : null
}
