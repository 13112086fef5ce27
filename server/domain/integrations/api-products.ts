// Products as the integrations API gives and changes them (/api/v1/produtos), by SKU. Every change
// goes through the back office's own writers (updateProduct, setStock, adjustStock), so the stock
// ledger, the audit log and the catalog's change notifications (the storefront's caches on every
// instance) follow exactly as for a person in the editor.
import { asc, eq, inArray, sql } from 'drizzle-orm'
import type { z } from 'zod'
import type { productPageSchema, productPatchSchema, productSchema, stockAnswerSchema } from '../../../contract/api-v1'
import { productUpdateSchema } from '../../../contract/admin/products'
import { MAX_STOCK } from '../../../contract/admin/stock-limits'
import { INTEGRATIONS } from '../../../contract/messages/integrations'
import { REQUEST } from '../../../contract/messages/request'
import type { Db } from '../../db/client'
import { products, variationOptions, variations } from '../../db/schema'
import type { Actor } from '../actor'
import { adjustStock, setStock } from '../catalog/admin-stock'
import { productEditorFields, updateProduct } from '../catalog/admin-products'
import { isRefusal, refuse, type Refusal } from '../refusal'

type Product = z.output<typeof productSchema>
const reais = (cents: number | null) => (cents == null ? null : Number(cents) / 100)

async function views(db: Db, found: Array<typeof products.$inferSelect>): Promise<Product[]> {
  if (!found.length) return []
  const ids = found.map((p) => p.id)
  const [groups, options] = await Promise.all([
    db.select().from(variations).where(inArray(variations.productId, ids)).orderBy(asc(variations.position), asc(variations.id)),
    db.select().from(variationOptions).where(inArray(variationOptions.productId, ids)).orderBy(asc(variationOptions.position), asc(variationOptions.id)),
  ])
  return found.map((p) => ({
    sku: p.sku,
    titulo: p.titulo,
    ativo: p.active,
    preco: Number(reais(p.priceCents)),
    preco_de: reais(p.compareAtCents),
    estoque: p.stockTotal,
    atualizado_em: p.updatedAt.toISOString(),
    variacoes: groups
      .filter((g) => g.productId === p.id)
      .map((g) => ({
        nome: g.nome,
        opcoes: options
          .filter((o) => o.variationId === g.id)
          .map((o) => ({ codigo: o.hash, nome: o.name, preco: Number(reais(o.priceCents)), estoque: o.stock, ativa: o.active })),
      })),
  }))
}

/** One page by id (the cursor is the last id seen). */
export async function listApiProducts(db: Db, query: { cursor?: string; limite: number }): Promise<z.output<typeof productPageSchema> | Refusal> {
  const after = query.cursor === undefined ? 0 : Number(query.cursor)
  if (!Number.isSafeInteger(after) || after < 0) return refuse(INTEGRATIONS.badCursor)
  const found = await db
    .select()
    .from(products)
    .where(sql`${products.id} > ${after}`)
    .orderBy(asc(products.id))
    .limit(query.limite + 1)
  const page = found.slice(0, query.limite)
  return { dados: await views(db, page), proximo: found.length > query.limite ? String(page[page.length - 1].id) : null }
}

async function bySku(db: Db, sku: string) {
  const [p] = await db.select().from(products).where(eq(products.sku, sku)).limit(1)
  return p
}

export async function apiProduct(db: Db, sku: string): Promise<Product | Refusal> {
  const p = await bySku(db, sku)
  if (!p) return refuse(INTEGRATIONS.productNotFound(sku))
  return (await views(db, [p]))[0]
}

/** PATCH: price and/or "de" price, saved by updateProduct (the editor's save) with the product's other fields as they are. */
export async function patchApiProduct(db: Db, input: { sku: string; patch: z.output<typeof productPatchSchema>; actor: Actor }): Promise<Product | Refusal> {
  const p = await bySku(db, input.sku)
  if (!p) return refuse(INTEGRATIONS.productNotFound(input.sku))
  const fields = await productEditorFields(db, p.id)
  if (!fields) return refuse(INTEGRATIONS.productNotFound(input.sku))
  const form = productUpdateSchema.safeParse({
    titulo: fields.titulo,
    link: fields.link,
    sku: fields.sku,
    categoria: fields.categoria,
    marca: fields.marca,
    descricao: fields.descricao,
    especificacoes: fields.especificacoes,
    alturaMm: fields.alturaMm,
    larguraMm: fields.larguraMm,
    comprimentoMm: fields.comprimentoMm,
    pesoG: fields.pesoG,
    preco: input.patch.preco ?? fields.precoCents / 100,
    precoDe: input.patch.preco_de === undefined ? (fields.precoDeCents == null ? null : fields.precoDeCents / 100) : input.patch.preco_de,
    atacado: fields.atacado.map((t) => ({ min: t.min, preco: t.precoCents / 100 })),
    video: fields.video,
    ativo: fields.ativo,
    versao: fields.versao,
  })
  if (!form.success) return refuse(REQUEST.invalidField(form.error.issues[0]?.message ?? 'Preço inválido.'))
  const saved = await updateProduct(db, { id: p.id, input: form.data, actor: input.actor })
  if (isRefusal(saved)) return saved
  return apiProduct(db, input.sku)
}

/** The count that moves: the product's own, or (a product with variations) the named option's. */
async function stockTarget(db: Db, sku: string, option: string | undefined): Promise<{ productId: number; optionId: number | null } | Refusal> {
  const p = await bySku(db, sku)
  if (!p) return refuse(INTEGRATIONS.productNotFound(sku))
  const options = await db
    .select({ id: variationOptions.id, hash: variationOptions.hash, active: variationOptions.active })
    .from(variationOptions)
    .where(eq(variationOptions.productId, p.id))
  if (option === undefined) return options.some((o) => o.active) ? refuse(INTEGRATIONS.optionRequired) : { productId: p.id, optionId: null }
  const found = options.find((o) => o.hash === option)
  return found ? { productId: p.id, optionId: found.id } : refuse(INTEGRATIONS.optionNotFound)
}

type StockAnswer = z.output<typeof stockAnswerSchema>

/**
 * PUT …/estoque: the count set to `quantidade` — the editor's "Ajuste" (setStock) with the count
 * read just before as the expected one; a sale landing in between is read again and the set retried.
 */
export async function setApiStock(db: Db, input: { sku: string; quantity: number; option?: string; actor: Actor }): Promise<StockAnswer | Refusal> {
  const target = await stockTarget(db, input.sku, input.option)
  if (isRefusal(target)) return target
  for (let attempt = 0; ; attempt++) {
    const [row] =
      target.optionId == null
        ? await db.select({ stock: products.stock }).from(products).where(eq(products.id, target.productId))
        : await db.select({ stock: variationOptions.stock }).from(variationOptions).where(eq(variationOptions.id, target.optionId))
    if (!row) return refuse(INTEGRATIONS.productNotFound(input.sku))
    const done = await setStock(db, { ...target, expected: row.stock, count: input.quantity, actor: input.actor })
    if (isRefusal(done) && done.category === 'conflict' && attempt < 3) continue
    if (isRefusal(done)) return done
    return { sku: input.sku, opcao: input.option ?? null, antes: done.antes, depois: done.depois }
  }
}

/** POST …/estoque/ajustes: `delta` added to the count as it is (adjustStock), never below zero. */
export async function adjustApiStock(
  db: Db,
  input: { sku: string; delta: number; reason: string; option?: string; actor: Actor },
): Promise<StockAnswer | Refusal> {
  const target = await stockTarget(db, input.sku, input.option)
  if (isRefusal(target)) return target
  const done = await adjustStock(db, { ...target, delta: input.delta, motivo: input.reason, max: MAX_STOCK, actor: input.actor })
  if (isRefusal(done)) return done
  return { sku: input.sku, opcao: input.option ?? null, antes: done.antes, depois: done.depois }
}
