import { CATALOG_IMPORT } from '../../../../contract/messages/catalog-import'
import { refuse, type Refusal } from '../../refusal'

export type DecodedText = { text: string; encoding: string }

/**
 * The file's bytes as text. UTF-8 (with or without the BOM) is read as is; UTF-16 with its BOM
 * (Excel's "Texto Unicode") is converted; bytes that are not UTF-8 are read as Windows-1252 — what
 * Excel in Brazil writes for "CSV (separado por vírgulas)", a superset of Latin-1 — and the report says
 * so. A spreadsheet (.xlsx is a zip), an image or other binary is refused with what to do instead.
 */
export function decodeCsv(bytes: Uint8Array): DecodedText | Refusal {
  if (bytes.byteLength === 0) return refuse(CATALOG_IMPORT.empty)
  if (bytes[0] === 0x50 && bytes[1] === 0x4b && bytes[2] === 0x03 && bytes[3] === 0x04) {
    return refuse(CATALOG_IMPORT.spreadsheet)
  }
  if (bytes[0] === 0xff && bytes[1] === 0xfe) return { text: new TextDecoder('utf-16le').decode(bytes.subarray(2)), encoding: 'UTF-16 (convertido)' }
  if (bytes[0] === 0xfe && bytes[1] === 0xff) return { text: new TextDecoder('utf-16be').decode(bytes.subarray(2)), encoding: 'UTF-16 (convertido)' }
  const head = bytes.subarray(0, 64 * 1024)
  if (head.includes(0)) return refuse(CATALOG_IMPORT.notText)
  const body = bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf ? bytes.subarray(3) : bytes
  try {
    return { text: new TextDecoder('utf-8', { fatal: true }).decode(body), encoding: 'UTF-8' }
  } catch {
    // Not UTF-8: Windows-1252 maps every byte but five; those (and other C1 controls) mean another encoding.
    const text = new TextDecoder('windows-1252').decode(body)
    // eslint-disable-next-line no-control-regex
    if (/[\u0080-\u009f\u0000-\u0008\u000e-\u001f]/.test(text)) return refuse(CATALOG_IMPORT.unknownEncoding)
    return { text, encoding: 'Windows-1252 (convertido para UTF-8)' }
  }
}
