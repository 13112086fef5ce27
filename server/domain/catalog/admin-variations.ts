import { sql } from 'drizzle-orm'
import { PRODUCTS, STOCK, VARIATIONS } from '../../../contract/messages/products'
import type { Db } from '../../db/client'
import { intArrayLiteral, rows } from '../../db/sql'
import { transaction, type Tx } from '../../db/tx'
import { randomAlnum } from '../../lib/tokens'
import type { Actor } from '../actor'
import { refuse, type Refusal } from '../refusal'
import { recordProductAudit } from './product-audit'
import { alignVariationPrices } from './listing'
import { stockContext } from './stock-ledger'

/**
 * The product editor's variations: option groups (Cor, Memória…) in order, each with its
 * values — name, price, stock and hash as the storefront reads them (catalog/cards.ts
 * variationsJson: only active values, only groups with one). A value held by a cart or an order
 * is deactivated, never deleted, so carts and orders keep what they point to
 * (docs/decisions/0095-variations-and-stock-in-the-editor.md).
 */

export type VariationValue = {
  id: number
  nome: string
  hash: string
  priceCents: number
  stock: number
  position: number
  active: boolean
  /** In a cart or an order: removing it deactivates it. */
  inUse: boolean
  /** Its own parcel (mm and g), or null: it ships in the product's measures (decision 0133). */
  measures: ValueMeasures | null
}
export type ValueMeasures = { alturaMm: number; larguraMm: number; comprimentoMm: number; pesoG: number }
export type VariationGroup = { id: number; nome: string; position: number; options: VariationValue[] }

/** The editor's variations section: the product's price (a new value's default) and its groups. */
export async function variationsSection(db: Db, productId: number): Promise<{ exists: boolean; priceCents: number; groups: VariationGroup[] }> {
  const [[product], groups, options] = await Promise.all([
    rows<{ price_cents: number }>(db, sql`SELECT price_cents FROM products WHERE id = ${productId}`),
    rows<{ id: number; nome: string; position: number }>(
      db,
      sql`SELECT id, nome, position FROM variations WHERE product_id = ${productId} ORDER BY position, id`,
    ),
    rows<Record<string, unknown>>(
      db,
      sql`SELECT o.id, o.variation_id, o.name, o.hash, o.price_cents, o.stock, o.position, o.active, o.altura_mm, o.largura_mm, o.comprimento_mm, o.peso_g,
            (EXISTS (SELECT 1 FROM cart_items ci WHERE ci.option_id = o.id) OR EXISTS (SELECT 1 FROM order_items oi WHERE oi.option_id = o.id)) AS in_use
          FROM variation_options o WHERE o.product_id = ${productId} ORDER BY o.position, o.id`,
    ),
  ])
  return {
    exists: product !== undefined,
    priceCents: Number(product?.price_cents ?? 0),
    groups: groups.map((g) => ({
      id: Number(g.id),
      nome: g.nome,
      position: Number(g.position),
      options: options
        .filter((o) => Number(o.variation_id) === Number(g.id))
        .map((o) => ({
          id: Number(o.id),
          nome: String(o.name),
          hash: String(o.hash),
          priceCents: Number(o.price_cents),
          stock: Number(o.stock),
          position: Number(o.position),
          active: Boolean(o.active),
          inUse: Boolean(o.in_use),
          measures: measuresOf(o),
        })),
    })),
  }
}

/** A value's own measures as read, or null when it has none (any column null). */
function measuresOf(o: Record<string, unknown>): ValueMeasures | null {
  if (o.altura_mm == null || o.largura_mm == null || o.comprimento_mm == null || o.peso_g == null) return null
  return { alturaMm: Number(o.altura_mm), larguraMm: Number(o.largura_mm), comprimentoMm: Number(o.comprimento_mm), pesoG: Number(o.peso_g) }
}

export type VariationChange = { msg: string; id?: number; resultado?: 'removido' | 'desativado'; desativados?: number }

/**
 * Serialises the structure edits of one product (names, positions, additions, removals) with a
 * transaction-scoped advisory lock: two people editing one product's variations take turns, and
 * checkout (which locks option and product rows, never this) is not held up. Refuses an unknown product.
 */
async function lockProduct(tx: Tx, productId: number): Promise<{ priceCents: number }> {
  await tx.execute(sql`SELECT pg_advisory_xact_lock(19019, ${productId})`)
  const [p] = await rows<{ price_cents: number }>(tx, sql`SELECT price_cents FROM products WHERE id = ${productId}`)
  if (!p) throw refuse(PRODUCTS.notFound)
  return { priceCents: Number(p.price_cents) }
}

async function findGroup(tx: Tx, productId: number, groupId: number): Promise<{ id: number; nome: string }> {
  const [g] = await rows<{ id: number; nome: string }>(tx, sql`SELECT id, nome FROM variations WHERE id = ${groupId} AND product_id = ${productId}`)
  if (!g) throw refuse(VARIATIONS.groupNotFound)
  return { id: Number(g.id), nome: g.nome }
}

type ValueRow = { id: number; variation_id: number; name: string; price_cents: number; active: boolean; measures: ValueMeasures | null }

/** The value, its row locked (FOR UPDATE): a cart or order line cannot start to point at it meanwhile. */
async function findValue(tx: Tx, productId: number, valueId: number): Promise<ValueRow> {
  const [v] = await rows<Omit<ValueRow, 'measures'> & Record<string, unknown>>(
    tx,
    sql`SELECT id, variation_id, name, price_cents, active, altura_mm, largura_mm, comprimento_mm, peso_g FROM variation_options WHERE id = ${valueId} AND product_id = ${productId} FOR UPDATE`,
  )
  if (!v) throw refuse(VARIATIONS.valueNotFound)
  return {
    ...v,
    id: Number(v.id),
    variation_id: Number(v.variation_id),
    price_cents: Number(v.price_cents),
    active: Boolean(v.active),
    measures: measuresOf(v),
  }
}

const same = (a: string, b: string) => a.localeCompare(b, 'pt-BR', { sensitivity: 'accent' }) === 0

async function refuseRepeatedGroup(tx: Tx, productId: number, nome: string, except?: number): Promise<void> {
  const names = await rows<{ id: number; nome: string }>(tx, sql`SELECT id, nome FROM variations WHERE product_id = ${productId}`)
  if (names.some((g) => Number(g.id) !== except && same(g.nome, nome))) throw refuse(VARIATIONS.groupRepeated)
}

async function refuseRepeatedValue(tx: Tx, groupId: number, nome: string, except?: number): Promise<void> {
  const names = await rows<{ id: number; name: string }>(tx, sql`SELECT id, name FROM variation_options WHERE variation_id = ${groupId}`)
  if (names.some((o) => Number(o.id) !== except && same(o.name, nome))) throw refuse(VARIATIONS.valueRepeated)
}

/** Whether a cart line or an order line points at the value. */
async function inUse(tx: Tx, valueIds: readonly number[]): Promise<Set<number>> {
  if (valueIds.length === 0) return new Set()
  const list = intArrayLiteral(valueIds)
  const found = await rows<{ id: number }>(
    tx,
    sql`SELECT option_id AS id FROM cart_items WHERE option_id = ANY(${list}::int[])
        UNION SELECT option_id FROM order_items WHERE option_id = ANY(${list}::int[])`,
  )
  return new Set(found.map((r) => Number(r.id)))
}

/** Writes `ordem` (every id of the list exactly once) as positions 0…n-1. */
async function writeOrder(tx: Tx, table: 'variations' | 'variation_options', current: readonly number[], ordem: readonly number[]): Promise<void> {
  const known = new Set(current)
  if (ordem.length !== current.length || new Set(ordem).size !== ordem.length || !ordem.every((id) => known.has(id))) {
    throw refuse(VARIATIONS.order)
  }
  await tx.execute(
    sql`UPDATE ${sql.raw(table)} t SET position = x.position - 1
        FROM unnest(${intArrayLiteral(ordem)}::int[]) WITH ORDINALITY AS x(id, position)
        WHERE t.id = x.id AND t.position <> x.position - 1`,
  )
}

const audit = (tx: Tx, actor: Actor, productId: number, action: string, before: unknown, after: unknown) =>
  recordProductAudit(tx, { actor, action, productId, before, after })

export async function createGroup(db: Db, input: { productId: number; nome: string; actor: Actor }): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    await refuseRepeatedGroup(tx, input.productId, input.nome)
    const [g] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO variations (product_id, nome, position)
          VALUES (${input.productId}, ${input.nome}, (SELECT coalesce(max(position) + 1, 0) FROM variations WHERE product_id = ${input.productId}))
          RETURNING id`,
    )
    const id = Number(g.id)
    await audit(tx, input.actor, input.productId, 'variacao.grupo.criar', null, { grupo: id, nome: input.nome })
    return { id, msg: `Grupo “${input.nome}” criado: adicione seus valores.` }
  })
}

export async function renameGroup(db: Db, input: { productId: number; groupId: number; nome: string; actor: Actor }): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    const group = await findGroup(tx, input.productId, input.groupId)
    await refuseRepeatedGroup(tx, input.productId, input.nome, group.id)
    await tx.execute(sql`UPDATE variations SET nome = ${input.nome} WHERE id = ${group.id}`)
    await audit(tx, input.actor, input.productId, 'variacao.grupo.renomear', { grupo: group.id, nome: group.nome }, { grupo: group.id, nome: input.nome })
    return { id: group.id, msg: 'Grupo renomeado.' }
  })
}

export async function reorderGroups(db: Db, input: { productId: number; ordem: number[]; actor: Actor }): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    const current = await rows<{ id: number }>(tx, sql`SELECT id FROM variations WHERE product_id = ${input.productId} ORDER BY position, id`)
    const before = current.map((r) => Number(r.id))
    await writeOrder(tx, 'variations', before, input.ordem)
    await audit(tx, input.actor, input.productId, 'variacao.grupo.ordenar', { ordem: before }, { ordem: input.ordem })
    return { msg: 'Ordem dos grupos salva.' }
  })
}

/**
 * Removes a group: its values no cart or order holds are deleted; the others are deactivated and
 * the group stays (hidden from the store while it has no active value), as do the lines that hold them.
 */
export async function removeGroup(db: Db, input: { productId: number; groupId: number; actor: Actor }): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    const group = await findGroup(tx, input.productId, input.groupId)
    const values = await rows<{ id: number; name: string }>(
      tx,
      sql`SELECT id, name FROM variation_options WHERE variation_id = ${group.id} ORDER BY id FOR UPDATE`,
    )
    const ids = values.map((v) => Number(v.id))
    const held = await inUse(tx, ids)
    const free = ids.filter((id) => !held.has(id))
    if (free.length) await tx.execute(sql`DELETE FROM variation_options WHERE id = ANY(${intArrayLiteral(free)}::int[])`)
    if (held.size) await tx.execute(sql`UPDATE variation_options SET active = false WHERE id = ANY(${intArrayLiteral([...held])}::int[]) AND active`)
    else await tx.execute(sql`DELETE FROM variations WHERE id = ${group.id}`)
    await alignVariationPrices(tx, [input.productId])
    await audit(
      tx,
      input.actor,
      input.productId,
      'variacao.grupo.remover',
      { grupo: group.id, nome: group.nome, valores: values.map((v) => v.name) },
      {
        excluidos: free,
        desativados: [...held],
      },
    )
    return held.size
      ? {
          resultado: 'desativado' as const,
          desativados: held.size,
          msg: `Grupo retirado da loja. ${held.size === 1 ? '1 valor está' : `${held.size} valores estão`} em carrinhos ou pedidos e ${held.size === 1 ? 'foi desativado' : 'foram desativados'} em vez de excluídos.`,
        }
      : { resultado: 'removido' as const, msg: 'Grupo removido.' }
  })
}

export async function createValue(
  db: Db,
  input: { productId: number; groupId: number; nome: string; priceCents?: number | null; stock?: number; actor: Actor },
): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    const product = await lockProduct(tx, input.productId)
    const group = await findGroup(tx, input.productId, input.groupId)
    await refuseRepeatedValue(tx, group.id, input.nome)
    const stock = input.stock ?? 0
    if (!Number.isInteger(stock) || stock < 0) throw refuse(STOCK.negative)
    const priceCents = input.priceCents ?? product.priceCents
    // The first count is a stock move like any other: the ledger says who registered it.
    await stockContext(tx, { reason: 'Cadastro', actor: input.actor })
    const hash = randomAlnum(20)
    const [v] = await rows<{ id: number }>(
      tx,
      sql`INSERT INTO variation_options (variation_id, product_id, name, hash, price_cents, stock, position)
          VALUES (${group.id}, ${input.productId}, ${input.nome}, ${hash}, ${priceCents}, ${stock},
            (SELECT coalesce(max(position) + 1, 0) FROM variation_options WHERE variation_id = ${group.id}))
          RETURNING id`,
    )
    const id = Number(v.id)
    await alignVariationPrices(tx, [input.productId])
    await audit(tx, input.actor, input.productId, 'variacao.valor.criar', null, {
      grupo: group.id,
      valor: id,
      nome: input.nome,
      hash,
      precoCents: priceCents,
      estoque: stock,
    })
    return { id, msg: `Valor “${input.nome}” adicionado a ${group.nome}.` }
  })
}

/** Renames, reprices or (re)activates a value. */
export async function updateValue(
  db: Db,
  input: { productId: number; valueId: number; nome?: string; priceCents?: number; active?: boolean; measures?: ValueMeasures | null; actor: Actor },
): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    const value = await findValue(tx, input.productId, input.valueId)
    if (input.nome !== undefined) await refuseRepeatedValue(tx, value.variation_id, input.nome, value.id)
    const nome = input.nome ?? value.name
    const priceCents = input.priceCents ?? value.price_cents
    const active = input.active ?? value.active
    const before = value.measures
    const m = input.measures === undefined ? before : input.measures
    await tx.execute(
      sql`UPDATE variation_options SET name = ${nome}, price_cents = ${priceCents}, active = ${active},
            altura_mm = ${m?.alturaMm ?? null}, largura_mm = ${m?.larguraMm ?? null}, comprimento_mm = ${m?.comprimentoMm ?? null}, peso_g = ${m?.pesoG ?? null}
          WHERE id = ${value.id}`,
    )
    await alignVariationPrices(tx, [input.productId])
    await audit(
      tx,
      input.actor,
      input.productId,
      'variacao.valor.alterar',
      { valor: value.id, nome: value.name, precoCents: value.price_cents, ativo: value.active, medidas: before },
      { valor: value.id, nome, precoCents: priceCents, ativo: active, medidas: m },
    )
    return {
      id: value.id,
      msg: active === value.active ? 'Valor salvo.' : active ? 'Valor reativado: a loja volta a oferecê-lo.' : 'Valor desativado: a loja deixa de oferecê-lo.',
    }
  })
}

export async function reorderValues(db: Db, input: { productId: number; groupId: number; ordem: number[]; actor: Actor }): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    const group = await findGroup(tx, input.productId, input.groupId)
    const current = await rows<{ id: number }>(tx, sql`SELECT id FROM variation_options WHERE variation_id = ${group.id} ORDER BY position, id`)
    const before = current.map((r) => Number(r.id))
    await writeOrder(tx, 'variation_options', before, input.ordem)
    await audit(tx, input.actor, input.productId, 'variacao.valor.ordenar', { grupo: group.id, ordem: before }, { grupo: group.id, ordem: input.ordem })
    return { msg: `Ordem de ${group.nome} salva.` }
  })
}

/**
 * Removes a value — or, when a cart or an order holds it, deactivates it: the store stops offering
 * it, the cart shows its line as unavailable, and orders keep their snapshot and their link.
 */
export async function removeValue(db: Db, input: { productId: number; valueId: number; actor: Actor }): Promise<VariationChange | Refusal> {
  return transaction(db, async (tx) => {
    await lockProduct(tx, input.productId)
    const value = await findValue(tx, input.productId, input.valueId)
    const held = (await inUse(tx, [value.id])).has(value.id)
    if (held) await tx.execute(sql`UPDATE variation_options SET active = false WHERE id = ${value.id}`)
    else await tx.execute(sql`DELETE FROM variation_options WHERE id = ${value.id}`)
    await alignVariationPrices(tx, [input.productId])
    await audit(
      tx,
      input.actor,
      input.productId,
      held ? 'variacao.valor.desativar' : 'variacao.valor.remover',
      { valor: value.id, nome: value.name, ativo: value.active },
      held ? { ativo: false } : null,
    )
    return held
      ? {
          id: value.id,
          resultado: 'desativado' as const,
          msg: `“${value.name}” está em carrinhos ou pedidos: foi desativado em vez de excluído, e a loja deixa de oferecê-lo.`,
        }
      : { id: value.id, resultado: 'removido' as const, msg: `“${value.name}” removido.` }
  })
}
