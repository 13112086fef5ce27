// Pix "copia e cola": a static BR Code (EMV MPM) for the store's Pix key, and its QR code as SVG.
// BCB, Manual de Padrões para Iniciação do Pix; test vectors in shared/reference/brazil.md.
import { generatePixPayload } from '@brazilian-utils/brazilian-utils/generate-pix-payload'
import { removeAccents } from '@brazilian-utils/brazilian-utils/remove-accents'
import QRCode from 'qrcode'

/** The store profile's Pix receiver (config/store.json → pix). */
export type PixReceiver = { chave: string; beneficiario: string; cidade: string }

export type PixCharge = {
  receiver: PixReceiver
  amountCents: number
  /** The order code (e.g. VT-2026-000124); it becomes the txid. */
  orderCode: string
}

export const PIX_MERCHANT_NAME_MAX = 25
export const PIX_MERCHANT_CITY_MAX = 15
export const PIX_TXID_MAX = 25

/**
 * A name or city as the BR Code carries it: accents folded, printable ASCII only, upper-case (the
 * BCB manual's examples and most banking apps show it that way), cut to `max` characters.
 */
export function brCodeText(value: string, max: number): string {
  return removeAccents(value)
    .replace(/[^\x20-\x7E]+/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .toUpperCase()
    .slice(0, max)
    .trimEnd()
}

/** The order code as a txid: its letters and digits (accents folded), at most 25; none left → "***". */
export function pixTxid(orderCode: string): string | undefined {
  const txid = removeAccents(orderCode)
    .replace(/[^A-Za-z0-9]+/g, '')
    .slice(0, PIX_TXID_MAX)
  return txid === '' ? undefined : txid
}

/**
 * The BR Code of a charge: field 26 (GUI + key), 52 0000, 53 986, 54 the amount, 58 BR, 59 name,
 * 60 city, 62/05 the txid, 63 the CRC16. Throws on a bad configuration or amount (not the shopper's
 * doing: the store profile's key is checked at boot, amounts come from the order).
 */
export function pixPayload({ receiver, amountCents, orderCode }: PixCharge): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0) {
    throw new RangeError(`Pix: valor inválido (${amountCents} centavos)`)
  }
  const payload = generatePixPayload({
    key: receiver.chave,
    merchantName: brCodeText(receiver.beneficiario, PIX_MERCHANT_NAME_MAX),
    merchantCity: brCodeText(receiver.cidade, PIX_MERCHANT_CITY_MAX),
    amount: amountCents / 100,
    txid: pixTxid(orderCode),
  })
  if (payload === null) throw new Error('Pix: chave, beneficiário ou cidade inválidos no perfil da loja')
  return payload
}

/** CRC16-CCITT-FALSE (poly 0x1021, init 0xFFFF), as 4 upper-case hex digits: the BR Code's field 63. */
export function crc16(text: string): string {
  let crc = 0xffff
  for (const byte of new TextEncoder().encode(text)) {
    crc ^= byte << 8
    for (let bit = 0; bit < 8; bit++) {
      crc = crc & 0x8000 ? ((crc << 1) ^ 0x1021) & 0xffff : (crc << 1) & 0xffff
    }
  }
  return crc.toString(16).toUpperCase().padStart(4, '0')
}

/** The QR code of a payload as an SVG document (error correction M, the usual for Pix). */
export function pixQrSvg(payload: string): Promise<string> {
  return QRCode.toString(payload, { type: 'svg', errorCorrectionLevel: 'M', margin: 4 })
}
