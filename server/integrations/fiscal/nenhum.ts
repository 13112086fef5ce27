import { FiscalUnavailable, type FiscalProvider } from './provider'

/**
 * FISCAL_PROVIDER=nenhum, the default: the store issues no invoice (a shop that invoices in its ERP,
 * or the demo). Nothing is ever enqueued for it; a call that reaches it anyway is a bug made visible.
 */
export function createNoFiscalProvider(): FiscalProvider {
  const off = () => Promise.reject(new FiscalUnavailable('NF-e desligada (FISCAL_PROVIDER=nenhum)'))
  return { name: 'nenhum', issues: false, issue: off, status: off, cancel: off, file: off, verifyWebhook: () => false }
}
