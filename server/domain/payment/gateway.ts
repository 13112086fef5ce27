import { eq, sql } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { sandboxPayments } from '../../db/schema'
import type { Payment, PaymentProvider } from '../../integrations/payments/provider'
import { createSandboxProvider, type SandboxLedger, type SandboxProvider } from '../../integrations/payments/sandbox'
import { loadWebhookSecret } from '../../integrations/payments/secret'
import type { Logger } from 'pino'
import type { Env } from '../../env'
import { createMercadoPagoProvider } from '../../integrations/payments/mercadopago'
import { storeProfile } from '../../store-profile'

/**
 * The payment provider of a store (decision 0017), chosen at boot (server/main.ts) for its
 * database: handlers and jobs reach it through the database handle they already hold, so tests
 * give each test database its own provider.
 */
const providers = new WeakMap<Db, PaymentProvider>()

/** The provider the configuration chooses (PAYMENT_PROVIDER): the store's boot and the command line. */
export function createPaymentProvider(env: Env, db: Db, log: Logger): PaymentProvider {
  if (env.PAYMENT_PROVIDER === 'mercadopago') {
    return createMercadoPagoProvider({
      accessToken: env.MERCADOPAGO_ACCESS_TOKEN!,
      publicKey: env.MERCADOPAGO_PUBLIC_KEY!,
      webhookSecret: env.MERCADOPAGO_WEBHOOK_SECRET!,
      apiUrl: env.MERCADOPAGO_API_URL,
      notificationUrl: `${env.PUBLIC_URL!.replace(/\/$/, '')}/_next/api/pagamentos/webhook/`,
      store: storeProfile,
      log,
    })
  }
  const sandbox = createSandboxProvider({
    secret: loadWebhookSecret({ PAYMENTS_WEBHOOK_SECRET: env.PAYMENTS_WEBHOOK_SECRET }, env.dataDir),
    store: storeProfile,
    ledger: databaseLedger(db),
  })
  if (env.STORE_MODE === 'demo') return sandbox
  // A live store rehearsing on the sandbox: no shopper may mark an order paid ('Simular pagamento').
  const { simulatePayment: _, ...rehearsal } = sandbox
  return rehearsal
}

export function setPaymentProvider(db: Db, provider: PaymentProvider): void {
  providers.set(db, provider)
}

export function paymentProvider(db: Db): PaymentProvider {
  const provider = providers.get(db)
  if (!provider) throw new Error('Provedor de pagamentos não configurado (setPaymentProvider em server/main.ts)')
  return provider
}

/** The sandbox, when it is the provider: the order page offers 'Simular pagamento'. */
export function sandboxOf(provider: PaymentProvider): SandboxProvider | null {
  return 'simulatePayment' in provider ? (provider as SandboxProvider) : null
}

/**
 * The sandbox's records in a table (sandbox_payments), so every instance on one database answers
 * status, capture, void and 'Simular pagamento' for payments another one created.
 */
export function databaseLedger(db: Db): SandboxLedger {
  return {
    async get(id) {
      const [row] = await db.select({ payment: sandboxPayments.payment }).from(sandboxPayments).where(eq(sandboxPayments.id, id)).limit(1)
      return row ? (row.payment as unknown as Payment) : undefined
    },
    async put(payment) {
      const value = payment as unknown as Record<string, unknown>
      await db
        .insert(sandboxPayments)
        .values({ id: payment.id, payment: value })
        .onConflictDoUpdate({ target: sandboxPayments.id, set: { payment: value, updatedAt: sql`now()` } })
    },
    async open(from, to) {
      const found = await db
        .select({ payment: sandboxPayments.payment })
        .from(sandboxPayments)
        .where(
          sql`${sandboxPayments.payment}->>'status' IN ('pending', 'authorized') AND (${sandboxPayments.payment}->>'createdAt')::timestamptz BETWEEN ${from.toISOString()}::timestamptz AND ${to.toISOString()}::timestamptz`,
        )
      return found.map((row) => row.payment as unknown as Payment)
    },
  }
}
