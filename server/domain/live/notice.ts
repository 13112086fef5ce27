import type { Env } from '../../env'

export const DEMO_NOTICE = 'Loja de demonstração — nenhum pagamento é real'

/**
 * The line the storefront's top bar and the back office show while no payment is real: the demo,
 * or a live store rehearsing on the sandbox; it says so when the demo passwords are open to the
 * network (docs/decisions/0122-live-mode.md). Null: a store taking real payments shows nothing.
 */
export function demoNotice(env: Pick<Env, 'STORE_MODE' | 'PAYMENT_PROVIDER' | 'DEMO_OPEN_TO_NETWORK'>): string | null {
  if (env.STORE_MODE === 'live') return env.PAYMENT_PROVIDER === 'sandbox' ? DEMO_NOTICE : null
  return env.DEMO_OPEN_TO_NETWORK === 'true' ? `${DEMO_NOTICE} · aberta à rede` : DEMO_NOTICE
}
