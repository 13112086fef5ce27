// Shoppers ready to place an order, written straight to the database (the API test drives the calls
// themselves elsewhere): a customer, a logged-in session, a cart and a complete checkout record.
import { sql } from 'drizzle-orm'
import type { Db } from '../../server/db/client'
import { addresses, cartItems, carts } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { saveCheckout, type CheckoutOwner } from '../../server/domain/checkout/record'
import { databaseLedger, setPaymentProvider } from '../../server/domain/payment/gateway'
import { createSandboxProvider, type SandboxProvider } from '../../server/integrations/payments/sandbox'
import { createSession } from '../../server/domain/session/session'
import { cpfWithCheckDigits } from '../../server/seed/customer'
import { storeProfile } from '../../server/store-profile'

export const TEST_WEBHOOK_SECRET = 'segredo-de-teste-com-mais-de-32-caracteres'
export const BUYER_CPF = cpfWithCheckDigits('390533447')

/** The sandbox provider for a test database, its records in the database as in production. */
export function installTestSandbox(db: Db, clock?: () => Date): SandboxProvider {
  const provider = createSandboxProvider({ secret: TEST_WEBHOOK_SECRET, store: storeProfile, ledger: databaseLedger(db), clock })
  setPaymentProvider(db, provider)
  return provider
}

export type Shopper = CheckoutOwner & { token: string; addressId: number }

/** A customer with a session and a principal address in São Paulo (01310-200). */
export async function createShopper(db: Db, name: string): Promise<Shopper> {
  const [row] = await rows<{ id: number }>(
    db,
    sql`insert into customers (nome, sobrenome, email, password_hash) values (${name}, 'Teste', ${`${name}@example.com`}, 'x') returning id`,
  )
  const { token, session } = await createSession(db, row.id)
  const [address] = await db
    .insert(addresses)
    .values({
      customerId: row.id,
      nome: name,
      sobrenome: 'Teste',
      destinatario: `${name} Teste`,
      cep: '01310200',
      estado: 'SP',
      cidade: 'São Paulo',
      bairro: 'Bela Vista',
      rua: 'Avenida Paulista',
      numero: '1578',
      isDefault: true,
    })
    .returning({ id: addresses.id })
  return { sessionId: session.id, customerId: row.id, token, addressId: address.id }
}

/** Puts `quantity` of a product (or one of its options) in the shopper's cart. */
export async function fillCart(db: Db, shopper: Shopper, productId: number, quantity: number, optionId: number | null = null): Promise<void> {
  const [cart] = await db
    .insert(carts)
    // The customer's one cart (server/domain/cart/owner.ts), held by the customer, not the session.
    .values({ customerId: shopper.customerId })
    .onConflictDoUpdate({ target: carts.customerId, targetWhere: sql`${carts.customerId} IS NOT NULL`, set: { updatedAt: new Date() } })
    .returning({ id: carts.id })
  await db
    .insert(cartItems)
    .values({ cartId: cart.id, productId, optionId, quantity, token: `t${shopper.sessionId.slice(0, 10)}${productId}x${optionId ?? 0}` })
}

/** A checkout with every step done: identification, the shopper's address, 'Padrão', the method. */
export async function completeCheckout(db: Db, shopper: Shopper, method: 'pix' | 'boleto' | 'cartao' = 'pix', parcelas = 1): Promise<void> {
  await saveCheckout(db, shopper, {
    nome: 'Ana Maria Teste',
    email: 'ana@example.com',
    cpf: BUYER_CPF,
    celular: '11987654321',
    addressId: shopper.addressId,
    shippingIndex: 0,
    paymentMethod: method,
    parcelas,
  })
}
