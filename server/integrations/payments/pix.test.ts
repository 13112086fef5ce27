import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info'
import { isValidPixPayload } from '@brazilian-utils/brazilian-utils/is-valid-pix-payload'
import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload'
import { describe, expect, it } from 'vitest'
import { brCodeText, crc16, pixPayload, pixQrSvg, pixTxid } from './pix'

// shared/reference/brazil.md
const BCB_STATIC = '00020126580014br.gov.bcb.pix0136123e4567-e12b-12d1-a456-4266554400005204000053039865802BR5913Fulano de Tal6008BRASILIA62070503***63041D3D'
const WITH_AMOUNT = '00020126360014BR.GOV.BCB.PIX0114+5561999999999520400005303986540510.005802BR5913FULANO DE TAL6008BRASILIA62070503***6304B15A'

/** Reads EMV TLV objects (ID 2 digits, length 2 digits, value) into a map; throws on a broken structure. */
function readTlv(text: string): Map<string, string> {
  const fields = new Map<string, string>()
  let at = 0
  while (at < text.length) {
    const id = text.slice(at, at + 2)
    const length = Number(text.slice(at + 2, at + 4))
    if (!/^\d{2}$/.test(id) || !Number.isInteger(length) || at + 4 + length > text.length) throw new Error(`TLV quebrado em ${at}`)
    fields.set(id, text.slice(at + 4, at + 4 + length))
    at += 4 + length
  }
  return fields
}

const receiver = { chave: '11222333000181', beneficiario: 'Vitrine Eletrônicos Comércio Ltda.', cidade: 'São Paulo' }

describe('CRC16-CCITT-FALSE', () => {
  it('gives the check value of the standard string', () => {
    expect(crc16('123456789')).toBe('29B1')
  })

  it('signs both reference vectors', () => {
    for (const vector of [BCB_STATIC, WITH_AMOUNT]) {
      expect(crc16(vector.slice(0, -4))).toBe(vector.slice(-4))
    }
  })
})

describe('BR Code', () => {
  it('reproduces the BCB manual vector with the library generator', () => {
    expect(generatePixPayload({ key: '123e4567-e12b-12d1-a456-426655440000', merchantName: 'Fulano de Tal', merchantCity: 'BRASILIA' })).toBe(BCB_STATIC)
  })

  it('reproduces the vector with an amount, whose GUI is written upper-case', () => {
    // Our generator writes the GUI as the BCB manual does (lower-case); this vector comes from a PSP
    // that upper-cases it. Everything else, and the CRC over the changed text, must match byte for byte.
    const ours = pixPayload({ receiver: { chave: '+5561999999999', beneficiario: 'Fulano de Tal', cidade: 'Brasília' }, amountCents: 1000, orderCode: '' })
    expect(ours).toBe(WITH_AMOUNT.replace('BR.GOV.BCB.PIX', 'br.gov.bcb.pix').slice(0, -4) + ours.slice(-4))
    const upper = ours.slice(0, -4).replace('br.gov.bcb.pix', 'BR.GOV.BCB.PIX')
    expect(upper + crc16(upper)).toBe(WITH_AMOUNT)
    expect(isValidPixPayload(WITH_AMOUNT)).toBe(true)
  })

  it("builds an order's code that parses back field by field", () => {
    const payload = pixPayload({ receiver, amountCents: 123456, orderCode: 'VT-2026-000124' })
    const fields = readTlv(payload)
    expect([...fields.keys()]).toEqual(['00', '26', '52', '53', '54', '58', '59', '60', '62', '63'])
    expect(fields.get('00')).toBe('01')
    const account = readTlv(fields.get('26') ?? '')
    expect(account.get('00')).toBe('br.gov.bcb.pix')
    expect(account.get('01')).toBe('11222333000181')
    expect(fields.get('52')).toBe('0000')
    expect(fields.get('53')).toBe('986')
    expect(fields.get('54')).toBe('1234.56')
    expect(fields.get('58')).toBe('BR')
    expect(fields.get('59')).toBe('VITRINE ELETRONICOS COMER')
    expect(fields.get('60')).toBe('SAO PAULO')
    expect(readTlv(fields.get('62') ?? '').get('05')).toBe('VT2026000124')
    expect(fields.get('63')).toBe(crc16(payload.slice(0, -4)))
    expect(payload.slice(-8, -4)).toBe('6304')

    expect(getPixPayloadInfo(payload)).toEqual({
      key: '11222333000181',
      merchantName: 'VITRINE ELETRONICOS COMER',
      merchantCity: 'SAO PAULO',
      amount: 1234.56,
      txid: 'VT2026000124',
      pointOfInitiation: 'static',
    })
  })

  it('writes whole and small amounts with two decimals', () => {
    expect(readTlv(pixPayload({ receiver, amountCents: 1, orderCode: 'A' })).get('54')).toBe('0.01')
    expect(readTlv(pixPayload({ receiver, amountCents: 250000, orderCode: 'A' })).get('54')).toBe('2500.00')
  })

  it('refuses amounts that are not positive whole centavos', () => {
    for (const amountCents of [0, -100, 10.5, Number.NaN]) {
      expect(() => pixPayload({ receiver, amountCents, orderCode: 'A' })).toThrow(RangeError)
    }
  })

  it('refuses a key that is no Pix key', () => {
    expect(() => pixPayload({ receiver: { ...receiver, chave: 'não é chave' }, amountCents: 100, orderCode: 'A' })).toThrow(/chave/)
  })
})

describe('BR Code texts', () => {
  it('folds accents, upper-cases and cuts names and cities', () => {
    expect(brCodeText('  Açaí  & Cia.  Ltda ', 25)).toBe('ACAI & CIA. LTDA')
    expect(brCodeText('São José dos Campos', 15)).toBe('SAO JOSE DOS CA')
    // A cut that ends on a space does not leave it behind.
    expect(brCodeText('Loja Vitrine Eletrônicos Centro', 25)).toBe('LOJA VITRINE ELETRONICOS')
    expect(brCodeText('Café ☕ Bom', 25)).toBe('CAFE BOM')
  })

  it('keeps only the letters and digits of the order code as txid, at most 25', () => {
    expect(pixTxid('VT-2026-000124')).toBe('VT2026000124')
    expect(pixTxid('pedido #42/ção')).toBe('pedido42cao')
    expect(pixTxid('A'.repeat(30))).toBe('A'.repeat(25))
    expect(pixTxid('--')).toBeUndefined()
    expect(readTlv(readTlv(pixPayload({ receiver, amountCents: 100, orderCode: '--' })).get('62') ?? '').get('05')).toBe('***')
  })
})

describe('Pix QR code', () => {
  it('draws the payload as an SVG document', async () => {
    const svg = await pixQrSvg(pixPayload({ receiver, amountCents: 9990, orderCode: 'VT-2026-000001' }))
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg"/)
    expect(svg).toContain('<path')
    expect(svg.trim()).toMatch(/<\/svg>$/)
  })
})
