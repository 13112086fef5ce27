// The catalog as a spreadsheet, in the import's own columns so an export imports
// back unchanged: one line per product without variations, one per option otherwise (the product's
// cells repeated). As Excel in Brazil opens it — UTF-8 with a BOM, ';' between fields, decimal
// commas — and streamed a page of products at a time (flat memory whatever the catalog's size).
import { sql, type SQL } from 'drizzle-orm'
import { decimalCents } from '../../../../contract/money'
import { CATALOG_COLUMN_NAMES, type CatalogColumnName, type CatalogExportQuery } from '../../../../contract/admin/catalog-import'
import type { Db } from '../../../db/client'
import { rows } from '../../../db/sql'
import { foldText } from '../../../lib/text'
import { csvField } from '../../order/csv'
import { loadOptions, loadTiers } from './plan'

const PAGE = 500

const line = (fields: string[]) => `${fields.map(csvField).join(';')}\r\n`

type Row = {
  id: number
  sku: string
  titulo: string
  link_real: string
  ndi: string
  marca: string | null
  price_cents: number
  compare_at_cents: number | null
  stock: number
  active: boolean
  peso_g: number
  altura_mm: number
  largura_mm: number
  comprimento_mm: number
  ncm: string | null
  cest: string | null
  origem: number
  gtin: string
  unidade: string
  especificacoes: { nome: string; valor: string }[] | string
  descricao: string
}

/** The filter of the Produtos list (the same parameters), as SQL over products p and brands b. */
function where(filter: CatalogExportQuery): SQL {
  const parts: SQL[] = [sql`TRUE`]
  if (filter.q) {
    const folded = `%${foldText(filter.q).replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    const raw = `%${filter.q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`
    parts.push(sql`(p.search_title LIKE ${folded} OR p.sku ILIKE ${raw} OR b.titulo ILIKE ${raw})`)
  }
  if (filter.categoria) parts.push(sql`p.category_id IN (SELECT id FROM categories WHERE id = ${filter.categoria} OR parent_id = ${filter.categoria})`)
  if (filter.marca) parts.push(sql`p.brand_id = ${filter.marca}`)
  if (filter.ativo) parts.push(filter.ativo === 'sim' ? sql`p.active` : sql`NOT p.active`)
  if (filter.video) parts.push(sql`${filter.video === 'sim' ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM product_videos v WHERE v.product_id = p.id)`)
  if (filter.atacado) parts.push(sql`${filter.atacado === 'sim' ? sql`` : sql`NOT`} EXISTS (SELECT 1 FROM wholesale_tiers w WHERE w.product_id = p.id)`)
  if (filter.ncm) parts.push(filter.ncm === 'sim' ? sql`p.ncm IS NOT NULL` : sql`p.ncm IS NULL`)
  if (filter.estoque) {
    const total = sql`coalesce((SELECT sum(o.stock) FROM variation_options o WHERE o.product_id = p.id AND o.active), p.stock)`
    parts.push(filter.estoque === 'esgotado' ? sql`${total} <= 0` : filter.estoque === 'baixo' ? sql`${total} BETWEEN 1 AND 7` : sql`${total} > 0`)
  }
  return sql.join(parts, sql` AND `)
}

export async function* catalogCsv(db: Db, filter: CatalogExportQuery = {}): AsyncGenerator<string> {
  yield `\uFEFF${line(CATALOG_COLUMN_NAMES)}`
  let after = 0
  for (;;) {
    const page = await rows<Row>(
      db,
      sql`SELECT p.id, p.sku, p.titulo, p.link_real, c.ndi, b.titulo AS marca, p.price_cents, p.compare_at_cents, p.stock, p.active, p.peso_g,
            p.altura_mm, p.largura_mm, p.comprimento_mm, p.ncm, p.cest, p.origem, p.gtin, p.unidade, p.especificacoes, p.descricao
          FROM products p JOIN categories c ON c.id = p.category_id LEFT JOIN brands b ON b.id = p.brand_id
          WHERE p.id > ${after} AND ${where(filter)} ORDER BY p.id LIMIT ${PAGE}`,
    )
    if (page.length === 0) return
    after = Number(page[page.length - 1].id)
    const ids = page.map((p) => Number(p.id))
    const [options, tiers] = await Promise.all([loadOptions(db, ids), loadTiers(db, ids)])
    let chunk = ''
    for (const p of page) {
      const specs = typeof p.especificacoes === 'string' ? (JSON.parse(p.especificacoes) as Row['especificacoes'] & unknown[]) : p.especificacoes
      const productTiers = tiers.get(Number(p.id)) ?? []
      const productOptions = options.get(Number(p.id)) ?? []
      const own: Partial<Record<CatalogColumnName, string>> = {
        sku: p.sku,
        titulo: p.titulo,
        link: p.link_real,
        categoria: p.ndi,
        marca: p.marca ?? '',
        preco: decimalCents(p.price_cents),
        preco_de: p.compare_at_cents == null ? '' : decimalCents(p.compare_at_cents),
        // A product with variations keeps its stock in its options.
        estoque: productOptions.length ? '' : String(p.stock),
        ativo: p.active ? 'sim' : 'não',
        peso_g: String(p.peso_g),
        altura_mm: String(p.altura_mm),
        largura_mm: String(p.largura_mm),
        comprimento_mm: String(p.comprimento_mm),
        ncm: p.ncm ?? '',
        cest: p.cest ?? '',
        origem: String(p.origem),
        gtin: p.gtin,
        unidade: p.unidade,
        atacado_min: productTiers.map((t) => t.minQty).join(' | '),
        atacado_preco: productTiers.map((t) => decimalCents(t.priceCents)).join(' | '),
        especificacoes: (specs as { nome: string; valor: string }[]).map((s) => `${s.nome}: ${s.valor}`).join('\n'),
        descricao: p.descricao,
      }
      const lines: Partial<Record<CatalogColumnName, string>>[] = productOptions.length
        ? productOptions.map((o) => ({
            ...own,
            variacao: o.variacao,
            opcao: o.name,
            opcao_preco: decimalCents(o.priceCents),
            opcao_estoque: String(o.stock),
            opcao_ativo: o.active ? 'sim' : 'não',
            opcao_peso_g: o.pesoG == null ? '' : String(o.pesoG),
            opcao_altura_mm: o.alturaMm == null ? '' : String(o.alturaMm),
            opcao_largura_mm: o.larguraMm == null ? '' : String(o.larguraMm),
            opcao_comprimento_mm: o.comprimentoMm == null ? '' : String(o.comprimentoMm),
          }))
        : [own]
      for (const l of lines) chunk += line(CATALOG_COLUMN_NAMES.map((name) => l[name] ?? ''))
    }
    yield chunk
  }
}

/** The template's name as downloaded. */
export const TEMPLATE_FILE = 'catalogo-modelo.csv'
