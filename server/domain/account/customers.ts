import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { customers } from '../../db/schema'
import { hashPassword, verifyPassword } from '../auth/password'

export type CustomerRow = typeof customers.$inferSelect

/** The customer with this e-mail (stored lower-case), whatever their status. */
export async function findCustomerByEmail(db: Db, email: string): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.email, email.trim().toLowerCase())).limit(1)
  return row ?? null
}

export async function findCustomer(db: Db, id: number): Promise<CustomerRow | null> {
  const [row] = await db.select().from(customers).where(eq(customers.id, id)).limit(1)
  return row ?? null
}

/**
 * A hash of nothing anyone knows, made once per process: checking a password against it costs the
 * same scrypt work as a real check, so an answer's time says nothing about whether the account exists.
 */
let decoy: Promise<string> | null = null
const decoyHash = () => (decoy ??= hashPassword(`decoy-${Math.random()}`))

/** Checks a password against a customer's hash; with no customer, does the same work and says no. */
export async function checkPassword(customer: Pick<CustomerRow, 'passwordHash'> | null, plain: string): Promise<boolean> {
  if (!customer) {
    await verifyPassword(plain, await decoyHash())
    return false
  }
  return verifyPassword(plain, customer.passwordHash)
}
