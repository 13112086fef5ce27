/**
 * The NF-e's access key (chave de acesso): 44 digits — cUF (2), AAMM (4), the issuer's CNPJ (14),
 * model (2), series (3), number (9), emission type (1), numeric code (8) — and a check digit,
 * modulo 11 of the first 43 with weights 2 to 9 from the right (Manual de Orientação do
 * Contribuinte, "Visão Geral" 5.4): 11 − (Σ mod 11), 0 when that is 10 or 11.
 */
export function accessKeyCheckDigit(first43: string): number {
  if (!/^\d{43}$/.test(first43)) throw new Error('a chave sem o dígito tem 43 algarismos')
  let sum = 0
  for (let i = 0; i < 43; i++) sum += Number(first43[42 - i]) * (2 + (i % 8))
  const digit = 11 - (sum % 11)
  return digit >= 10 ? 0 : digit
}

/** Whether a text is an access key: 44 digits whose last is the check digit of the others. */
export function isAccessKey(key: string): boolean {
  return /^\d{44}$/.test(key) && accessKeyCheckDigit(key.slice(0, 43)) === Number(key[43])
}

/** The key as a DANFE prints it: eleven groups of four digits. */
export function formatAccessKey(key: string): string {
  return key.replace(/(\d{4})(?=\d)/g, '$1 ')
}

/** The parts of a valid key (which state, month, issuer, series and number it names). */
export function accessKeyParts(key: string): { uf: string; anoMes: string; cnpj: string; modelo: string; serie: number; numero: number } {
  return {
    uf: key.slice(0, 2),
    anoMes: key.slice(2, 6),
    cnpj: key.slice(6, 20),
    modelo: key.slice(20, 22),
    serie: Number(key.slice(22, 25)),
    numero: Number(key.slice(25, 34)),
  }
}

/** A product's NCM (Nomenclatura Comum do Mercosul): 8 digits, dots allowed when typed ('8517.13.00'). */
export function normalizeNcm(value: string): string {
  return value.replace(/[.\s]/g, '')
}
export const isNcm = (value: string): boolean => /^\d{8}$/.test(value)

/** The CEST (tax substitution code): 7 digits, dots allowed when typed ('21.053.00'). */
export const isCest = (value: string): boolean => /^\d{7}$/.test(value)

/** The text SEFAZ takes for a product without a barcode. */
export const NO_GTIN = 'SEM GTIN'

/**
 * Whether a barcode is a GTIN (EAN-8, UPC-A, EAN-13 or GTIN-14) with its check digit: from the right,
 * the digits before the check weigh 3, 1, 3…; the check makes the sum a multiple of 10 (GS1).
 */
export function isGtin(value: string): boolean {
  if (!/^(\d{8}|\d{12,14})$/.test(value)) return false
  let sum = 0
  for (let i = value.length - 2, w = 3; i >= 0; i--, w = w === 3 ? 1 : 3) sum += Number(value[i]) * w
  return (10 - (sum % 10)) % 10 === Number(value[value.length - 1])
}

/** The ICMS origin of the goods (tabela A of the CST): 0 nacional … 8 nacional com conteúdo de importação acima de 70 %. */
export const ORIGENS = [
  'Nacional',
  'Estrangeira — importação direta',
  'Estrangeira — adquirida no mercado interno',
  'Nacional, conteúdo de importação acima de 40 %',
  'Nacional, processos produtivos básicos',
  'Nacional, conteúdo de importação até 40 %',
  'Estrangeira — importação direta, sem similar nacional',
  'Estrangeira — mercado interno, sem similar nacional',
  'Nacional, conteúdo de importação acima de 70 %',
] as const

/** The commercial units a product may be sold in. */
export const UNIDADES = ['UN', 'PC', 'CX', 'KIT', 'PAR', 'CJ'] as const
