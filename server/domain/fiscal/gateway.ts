import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { createFocusNfeProvider } from '../../integrations/fiscal/focusnfe'
import { createNoFiscalProvider } from '../../integrations/fiscal/nenhum'
import type { FiscalProvider } from '../../integrations/fiscal/provider'

/**
 * The fiscal provider of a store (decision 0129), chosen at boot (server/main.ts, server/worker.ts)
 * for its database, as the payment and shipping providers are: a database given none issues nothing.
 */
const providers = new WeakMap<Db, FiscalProvider>()

/** The provider the configuration chooses (FISCAL_PROVIDER). */
export function createFiscalProvider(env: Env, log: Logger): FiscalProvider {
  if (env.FISCAL_PROVIDER !== 'focusnfe' || !env.FOCUSNFE_TOKEN) return createNoFiscalProvider()
  return createFocusNfeProvider({ token: env.FOCUSNFE_TOKEN, apiUrl: env.FOCUSNFE_API_URL, webhookSecret: env.FOCUSNFE_WEBHOOK_SECRET, log })
}

export function setFiscalProvider(db: Db, provider: FiscalProvider): void {
  providers.set(db, provider)
}

export function fiscalProvider(db: Db): FiscalProvider {
  let provider = providers.get(db)
  if (!provider) providers.set(db, (provider = createNoFiscalProvider()))
  return provider
}
