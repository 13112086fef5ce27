import { and, asc, desc, eq } from 'drizzle-orm'
import type { CheckoutErrorCode } from '../../../contract/checkout'
import type { Db } from '../../db/client'
import { addresses, type OrderAddress } from '../../db/schema'
import type { CheckoutRecord } from './record'

export type AddressRow = typeof addresses.$inferSelect

/**
 * The checkout's delivery address (decision 0024): the one chosen in this checkout while it is
 * still the customer's, else the customer's principal address (a deleted choice falls back to it).
 * 'sedrc' when the customer has no address; 'EsEdrc' when there are addresses but none chosen and
 * none principal (the address book keeps one principal, so only data written around it): the
 * shopper chooses rather than the store picking one.
 */
export async function deliveryAddress(
  db: Db,
  customerId: number,
  checkout: Pick<CheckoutRecord, 'addressId'> | null,
): Promise<{ ok: true; address: AddressRow } | { ok: false; code: Extract<CheckoutErrorCode, 'sedrc' | 'EsEdrc'> }> {
  const book = await db.select().from(addresses).where(eq(addresses.customerId, customerId)).orderBy(desc(addresses.isDefault), asc(addresses.id))
  if (book.length === 0) return { ok: false, code: 'sedrc' }
  if (checkout?.addressId != null) {
    const chosen = book.find((a) => a.id === checkout.addressId)
    if (chosen) return { ok: true, address: chosen }
  }
  const principal = book.find((a) => a.isDefault)
  return principal ? { ok: true, address: principal } : { ok: false, code: 'EsEdrc' }
}

/** One of the customer's addresses by its wire id, or null (another customer's, junk, gone). */
export async function ownAddress(db: Db, customerId: number, id: string): Promise<AddressRow | null> {
  if (!/^\d{1,9}$/.test(id)) return null
  const [row] = await db
    .select()
    .from(addresses)
    .where(and(eq(addresses.id, Number(id)), eq(addresses.customerId, customerId)))
    .limit(1)
  return row ?? null
}

/** The address as an order keeps it (and the checkout shows it): the recipient defaults to the customer's name. */
export function shippingAddress(a: AddressRow): OrderAddress {
  return {
    destinatario: a.destinatario || `${a.nome} ${a.sobrenome}`.trim(),
    cep: a.cep,
    rua: a.rua,
    numero: a.numero,
    complemento: a.complemento,
    bairro: a.bairro,
    cidade: a.cidade,
    estado: a.estado,
  }
}
