// The back office's customers (Clientes): search by name, e-mail, CPF or phone, and one customer's
// page. Columns are picked one by one: no staff role ever receives a password hash.
import { asc, desc, eq, sql } from 'drizzle-orm'
import { CUSTOMERS } from '../../../contract/messages/customers'
import type { Db } from '../../db/client'
import { addresses, customers, orders } from '../../db/schema'
import { belowId, newestFirstPage } from '../../db/keyset'
import { rows } from '../../db/sql'
import { transaction } from '../../db/tx'
import type { Actor } from '../actor'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { recordAudit } from '../audit/record'
import { anonymiseCustomer, exportData } from './profile'
import { endOtherSessions } from './sessions'

/** The folded text the trigram index holds (migration 0017_admin_search_trigrams). */
const CUSTOMER_SEARCH_TEXT = sql.raw(
  `vt_fold(c.nome || ' ' || c.sobrenome || ' ' || c.email || ' ' || coalesce(c.documento, '') || ' ' || coalesce(translate(c.telefone, '()- ', ''), ''))`,
)

export type CustomerHit = {
  id: number
  nome: string
  email: string
  documento: string | null
  telefone: string | null
  status: string
  pedidos: number
  criadoEm: Date
}

/** Customers matching `q` (at least 3 characters; none: the newest), newest first, a page at a time by id. */
export async function searchCustomers(db: Db, input: { q?: string; apos?: number; por?: number }): Promise<{ rows: CustomerHit[]; next: number | null }> {
  const size = input.por ?? 25
  const where = [sql`TRUE`]
  if (input.q) {
    // A CPF or phone typed with punctuation is searched by its digits, as the index holds them.
    const text = /^[\d.\-()\s]+$/.test(input.q) ? input.q.replace(/\D/g, '') : input.q
    where.push(sql`${CUSTOMER_SEARCH_TEXT} LIKE '%' || vt_fold(${text.replace(/[\\%_]/g, (c) => `\\${c}`)}) || '%'`)
  }
  if (input.apos) where.push(belowId(sql`c.id`, input.apos))
  const found = await rows<CustomerHit>(
    db,
    sql`SELECT c.id, c.nome || CASE WHEN c.sobrenome <> '' THEN ' ' || c.sobrenome ELSE '' END AS nome, c.email, c.documento, c.telefone, c.status,
          (SELECT count(*)::int FROM orders o WHERE o.customer_id = c.id) AS pedidos, c.created_at AS "criadoEm"
        FROM customers c WHERE ${sql.join(where, sql` AND `)} ORDER BY c.id DESC LIMIT ${size + 1}`,
  )
  return newestFirstPage(
    found.map((c) => ({ ...c, id: Number(c.id), pedidos: Number(c.pedidos), criadoEm: new Date(c.criadoEm) })),
    size,
  )
}

/** A customer's page: data (never the password hash), addresses, latest orders and totals. */
export async function adminCustomer(db: Db, id: number) {
  const [customer] = await db
    .select({
      id: customers.id,
      nome: customers.nome,
      sobrenome: customers.sobrenome,
      email: customers.email,
      documento: customers.documento,
      telefone: customers.telefone,
      status: customers.status,
      marketingOptIn: customers.marketingOptIn,
      termsAcceptedAt: customers.termsAcceptedAt,
      createdAt: customers.createdAt,
    })
    .from(customers)
    .where(eq(customers.id, id))
    .limit(1)
  if (!customer) return null
  const [saved, latest, [totals]] = await Promise.all([
    db.select().from(addresses).where(eq(addresses.customerId, id)).orderBy(desc(addresses.isDefault), asc(addresses.id)),
    db
      .select({ code: orders.code, status: orders.status, metodo: orders.paymentMethod, totalCents: orders.totalCents, criadoEm: orders.createdAt })
      .from(orders)
      .where(eq(orders.customerId, id))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(50),
    rows<{ pedidos: number; pagos: number; cents: number; ultimo: Date | null }>(
      db,
      sql`SELECT count(*)::int AS pedidos, count(*) FILTER (WHERE status IN ('pago', 'em_separacao', 'enviado', 'entregue'))::int AS pagos,
            coalesce(sum(total_cents) FILTER (WHERE status IN ('pago', 'em_separacao', 'enviado', 'entregue')), 0)::bigint AS cents, max(created_at) AS ultimo
          FROM orders WHERE customer_id = ${id}`,
    ),
  ])
  return {
    customer,
    addresses: saved.map(({ customerId: _c, ...a }) => a),
    orders: latest,
    totals: {
      pedidos: Number(totals.pedidos),
      pagos: Number(totals.pagos),
      cents: Number(totals.cents),
      ultimo: totals.ultimo ? new Date(totals.ultimo) : null,
    },
  }
}

export type AdminCustomer = NonNullable<Awaited<ReturnType<typeof adminCustomer>>>

/**
 * The LGPD export of a customer, by staff: the very file the customer downloads from Minha Conta
 * (profile.ts exportData, which records the request), audited in the same transaction.
 */
export async function exportCustomerData(
  db: Db,
  input: { customerId: number; actor: Actor },
): Promise<NonNullable<Awaited<ReturnType<typeof exportData>>> | Refusal> {
  return transaction(db, async (tx) => {
    const data = await exportData({ db: tx }, input.customerId)
    if (!data) return refuse(CUSTOMERS.notFound)
    await recordAudit(tx, { actor: input.actor, action: 'cliente.exportar', entity: 'customer', entityId: String(input.customerId) })
    return data
  })
}

/**
 * The Dono removes a customer account (an LGPD request that came by phone or e-mail, or the demo
 * customer before the store goes live): the same anonymisation as the customer's own deletion,
 * every session ended, audited with who it was. Orders stay, as tax law requires.
 */
export async function eraseCustomer(db: Db, input: { customerId: number; actor: Actor }): Promise<{ email: string } | Refusal> {
  const done = await transaction(db, async (tx) => {
    const [row] = await tx.select({ email: customers.email, status: customers.status }).from(customers).where(eq(customers.id, input.customerId)).for('update')
    if (!row) return refuse(CUSTOMERS.notFound)
    if (row.status === 'removed') return refuse(CUSTOMERS.alreadyRemoved)
    await anonymiseCustomer(tx, input.customerId)
    await recordAudit(tx, {
      actor: input.actor,
      action: 'cliente.excluir',
      entity: 'customer',
      entityId: String(input.customerId),
      before: { email: row.email, status: row.status },
      after: { status: 'removed' },
    })
    return { email: row.email }
  })
  if (isRefusal(done)) return done
  await endOtherSessions(db, input.customerId, null)
  return done
}
