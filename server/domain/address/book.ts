import { and, asc, desc, eq, sql } from 'drizzle-orm'
import { MAX_ADDRESSES, type EditarEndereco, type Endereco, type SalvarEndereco } from '../../../contract/address'
import { ADDRESS } from '../../../contract/messages/address-reasons'
import { maskPhone } from '../../../contract/validators'
import type { Db } from '../../db/client'
import { transaction, type Tx } from '../../db/tx'
import { addresses, customers } from '../../db/schema'
import { refuse, type Refusal } from '../refusal'
import { findLookup } from './lookups'

/**
 * The customer's address book. Rules: at most MAX_ADDRESSES; exactly one
 * principal while there is any (the first saved is it; deleting it promotes the oldest other one);
 * orders keep their own copy of the address (orders.shipping_address), so nothing here changes a
 * placed order. Every change runs in one transaction holding the customer's row, so two tabs
 * cannot pass the limit or leave two principals.
 */

/** Holds the customer's row until the transaction ends: address changes of one customer run one at a time. */
async function lockCustomer(tx: Tx, customerId: number): Promise<void> {
  await tx.select({ id: customers.id }).from(customers).where(eq(customers.id, customerId)).for('update')
}

/** The customer's addresses, the principal first, then in the order they were saved. */
export async function listAddresses(db: Db | Tx, customerId: number): Promise<Endereco[]> {
  const rows = await db
    .select()
    .from(addresses)
    .where(eq(addresses.customerId, customerId))
    .orderBy(desc(addresses.isDefault), asc(addresses.createdAt), asc(addresses.id))
  return rows.map((row) => ({
    id: String(row.id),
    nome: row.nome,
    sobrenome: row.sobrenome,
    telefone: maskPhone(row.telefone),
    destinatario: row.destinatario || `${row.nome} ${row.sobrenome}`.trim(),
    cep: row.cep,
    rua: row.rua,
    numero: row.numero,
    complemento: row.complemento,
    bairro: row.bairro,
    cidade: row.cidade,
    estado: row.estado,
    principal: row.isDefault,
  }))
}

/**
 * Saves the address a look-up (cod) found with what the shopper typed. Bairro and rua come from the
 * look-up; when it knew only the city they come from the form and are required (decision 0018).
 */
export async function saveAddress(db: Db, customerId: number, input: SalvarEndereco, now = new Date()): Promise<{ estado: 'sucesso'; id: string } | Refusal> {
  const lookup = await findLookup(db, customerId, input.cod, now)
  if (!lookup) return refuse(ADDRESS.consulta)
  const bairro = lookup.bairro || input.bairro
  const rua = lookup.rua || input.rua
  if (!bairro) return refuse(ADDRESS.bairro)
  if (!rua) return refuse(ADDRESS.rua)
  return transaction(db, async (tx) => {
    await lockCustomer(tx, customerId)
    const [{ count }] = await tx
      .select({ count: sql<number>`count(*)::int` })
      .from(addresses)
      .where(eq(addresses.customerId, customerId))
    if (count >= MAX_ADDRESSES) return refuse(ADDRESS.limite)
    const [row] = await tx
      .insert(addresses)
      .values({
        customerId,
        nome: input.nome,
        sobrenome: input.sobrenome,
        telefone: input.telefone,
        destinatario: `${input.nome} ${input.sobrenome}`,
        cep: lookup.cep,
        estado: lookup.estado,
        cidade: lookup.cidade,
        bairro,
        rua,
        numero: input.numero,
        complemento: input.complemento,
        isDefault: count === 0,
        createdAt: now,
      })
      .returning({ id: addresses.id })
    return { estado: 'sucesso' as const, id: String(row.id) }
  })
}

/** The address id as the wire sends it, or null when it cannot be one of ours. */
function addressIdOf(id: string): number | null {
  return /^\d{1,9}$/.test(id) ? Number(id) : null
}

type Book = { estado: 'sucesso'; enderecos: Endereco[] }

/** The condition naming one address of one customer. */
const ownAddress = (customerId: number, addressId: number) => and(eq(addresses.id, addressId), eq(addresses.customerId, customerId))

/**
 * Runs a change of one of the customer's addresses in a transaction holding the customer's row;
 * `change` says whether the address was theirs. Answers the book after the change.
 */
async function changeOwnAddress(
  db: Db,
  customerId: number,
  id: string,
  change: (tx: Tx, own: ReturnType<typeof ownAddress>) => Promise<boolean>,
): Promise<Book | Refusal> {
  const addressId = addressIdOf(id)
  if (addressId === null) return refuse(ADDRESS.endereco)
  return transaction(db, async (tx) => {
    await lockCustomer(tx, customerId)
    if (!(await change(tx, ownAddress(customerId, addressId)))) return refuse(ADDRESS.endereco)
    return { estado: 'sucesso' as const, enderecos: await listAddresses(tx, customerId) }
  })
}

/** Changes the shopper's own fields of one of the customer's addresses (not its place). */
export function editAddress(db: Db, customerId: number, input: EditarEndereco): Promise<Book | Refusal> {
  return changeOwnAddress(db, customerId, input.id, async (tx, own) => {
    const { nome, sobrenome, telefone, numero, complemento } = input
    const changed = await tx
      .update(addresses)
      .set({ nome, sobrenome, destinatario: `${nome} ${sobrenome}`, telefone, numero, complemento })
      .where(own)
      .returning({ id: addresses.id })
    return changed.length > 0
  })
}

/** Makes one of the customer's addresses the principal. */
export function choosePrincipal(db: Db, customerId: number, id: string): Promise<Book | Refusal> {
  return changeOwnAddress(db, customerId, id, async (tx, own) => {
    const [found] = await tx.select({ id: addresses.id }).from(addresses).where(own)
    if (!found) return false
    // Off first, then on: the partial unique index allows one principal at every moment.
    await tx
      .update(addresses)
      .set({ isDefault: false })
      .where(and(eq(addresses.customerId, customerId), eq(addresses.isDefault, true)))
    await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, found.id))
    return true
  })
}

/** Deletes one of the customer's addresses; when it was the principal, the oldest other one becomes it. */
export function deleteAddress(db: Db, customerId: number, id: string): Promise<Book | Refusal> {
  return changeOwnAddress(db, customerId, id, async (tx, own) => {
    const [gone] = await tx.delete(addresses).where(own).returning({ isDefault: addresses.isDefault })
    if (!gone) return false
    if (gone.isDefault) {
      const [next] = await tx
        .select({ id: addresses.id })
        .from(addresses)
        .where(eq(addresses.customerId, customerId))
        .orderBy(asc(addresses.createdAt), asc(addresses.id))
        .limit(1)
      if (next) await tx.update(addresses).set({ isDefault: true }).where(eq(addresses.id, next.id))
    }
    return true
  })
}
