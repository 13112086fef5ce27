import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { createMelhorEnvioProvider } from '../../integrations/shipping/melhorenvio'
import type { ShippingProvider } from '../../integrations/shipping/provider'
import { createTableProvider } from '../../integrations/shipping/tabela'

/**
 * The shipping provider of a store (decision 0128), chosen at boot (server/main.ts) for its database,
 * as the payment provider is (server/domain/payment/gateway.ts): handlers reach it through the
 * database handle they hold, so tests give each test database its own. A database given none quotes
 * with the store's table, the offline default.
 */
const providers = new WeakMap<Db, ShippingProvider>()

/** The provider the configuration chooses (SHIPPING_PROVIDER). */
export function createShippingProvider(env: Env, log: Logger): ShippingProvider {
  if (env.SHIPPING_PROVIDER !== 'melhorenvio') return createTableProvider()
  return createMelhorEnvioProvider({
    token: env.MELHORENVIO_TOKEN!,
    apiUrl: env.MELHORENVIO_API_URL,
    userAgent: env.MELHORENVIO_USER_AGENT!,
    webhookSecret: env.MELHORENVIO_WEBHOOK_SECRET ?? null,
    log,
  })
}

export function setShippingProvider(db: Db, provider: ShippingProvider): void {
  providers.set(db, provider)
}

export function shippingProvider(db: Db): ShippingProvider {
  let provider = providers.get(db)
  if (!provider) providers.set(db, (provider = createTableProvider()))
  return provider
}
