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
