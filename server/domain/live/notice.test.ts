import { describe, expect, it } from 'vitest'
import { DEMO_NOTICE, demoNotice } from './notice'

describe('the demo notice', () => {
  it('shows while no payment is real, and says when the demo is open to the network', () => {
    expect(demoNotice({ STORE_MODE: 'demo', PAYMENT_PROVIDER: 'sandbox' })).toBe(DEMO_NOTICE)
    expect(demoNotice({ STORE_MODE: 'demo', PAYMENT_PROVIDER: 'mercadopago' })).toBe(DEMO_NOTICE)
    expect(demoNotice({ STORE_MODE: 'demo', PAYMENT_PROVIDER: 'sandbox', DEMO_OPEN_TO_NETWORK: 'true' })).toBe(`${DEMO_NOTICE} · aberta à rede`)
    expect(demoNotice({ STORE_MODE: 'live', PAYMENT_PROVIDER: 'sandbox' })).toBe(DEMO_NOTICE)
    expect(demoNotice({ STORE_MODE: 'live', PAYMENT_PROVIDER: 'mercadopago' })).toBeNull()
  })
})
