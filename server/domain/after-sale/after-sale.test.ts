import { describe, expect, it } from 'vitest'
import { trackingUrl } from '../../../contract/carriers'
import { tracking } from './after-sale'

describe("the shopper's tracking link", () => {
  it("follows each carrier's public tracking page, the code in it", () => {
    expect(trackingUrl('correios', 'QB123456789BR')).toBe('https://rastreamento.correios.com.br/app/index.php?objetos=QB123456789BR')
    expect(trackingUrl('jadlog', '10080155188760')).toBe('https://www.jadlog.com.br/jadlog/tracking?cte=10080155188760')
    expect(trackingUrl('loggi', 'LG-ABC123')).toBe('https://www.loggi.com/rastreador/LG-ABC123')
    expect(trackingUrl('pombo', 'X')).toBeNull()
  })

  it("uses the order's carrier, not the code's shape", () => {
    // A Jadlog shipment whose code happens to look like a Correios object still links to Jadlog.
    expect(tracking({ trackingCode: 'AB123456789BR', carrier: 'jadlog' })).toEqual({
      codigo: 'AB123456789BR',
      url: 'https://www.jadlog.com.br/jadlog/tracking?cte=AB123456789BR',
      transportadora: 'Jadlog',
    })
    expect(tracking({ trackingCode: '10080155188760', carrier: 'jadlog' })?.url).toContain('jadlog.com.br')
    expect(tracking({ trackingCode: 'LG-ABC123', carrier: 'loggi' })?.transportadora).toBe('Loggi')
  })

  it('links an order shipped before the carrier was recorded to the Correios only by the Correios shape', () => {
    expect(tracking({ trackingCode: 'QB123456789BR', carrier: null })).toMatchObject({
      transportadora: 'Correios',
      url: expect.stringContaining('objetos=QB123456789BR'),
    })
    expect(tracking({ trackingCode: 'XYZ-1', carrier: null })).toEqual({ codigo: 'XYZ-1', url: null, transportadora: null })
    expect(tracking({ trackingCode: null, carrier: 'correios' })).toBeNull()
  })
})
