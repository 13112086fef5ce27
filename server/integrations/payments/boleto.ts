// Boleto (cobrança bancária): the 44-digit barcode and the 47-digit linha digitável of a slip for the
// store's bank, with their check digits and due-date factor (Carta-Circular BCB 2.926/2000, FEBRABAN).
// Layout and test vector: shared/reference/brazil.md.
import { getHolidays } from '@brazilian-utils/brazilian-utils/get-holidays'
import { isBusinessDay } from '@brazilian-utils/brazilian-utils/is-business-day'
import { onlyDigits } from '../../../contract/validators'
import { addBusinessDays } from '../../lib/business-days'

/**
 * The store's collection account (config/store.json → boleto). Only Banco do Brasil's layout for
 * 7-digit convênios is implemented (campo livre = 000000 + nosso número of 17 digits + carteira);
 * agência and conta are printed on the slip but are not part of that campo livre.
 */
export type BoletoAccount = {
  banco: '001'
  agencia: string
  conta: string
  carteira: string
  convenio: string
}

export type BoletoInput = {
  account: BoletoAccount
  amountCents: number
  /** Calendar date, YYYY-MM-DD. */
  dueDate: string
  /** The order code (e.g. VT-2026-000124): its digits are the nosso número's sequence. */
  orderCode: string
}

export type Boleto = {
  barcode: string
  linhaDigitavel: string
  nossoNumero: string
  dueDate: string
  fator: number
  amountCents: number
}

const CURRENCY_REAL = '9'
const MAX_AMOUNT_CENTS = 99_999_999_99
const DAY_MS = 86_400_000
const FACTOR_BASE = Date.UTC(1997, 9, 7)

function isoDayNumber(date: string): number {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(date)
  const [y, m, d] = match ? [Number(match[1]), Number(match[2]), Number(match[3])] : [NaN, NaN, NaN]
  const time = Date.UTC(y, m - 1, d)
  const back = new Date(time)
  if (!match || back.getUTCFullYear() !== y || back.getUTCMonth() !== m - 1 || back.getUTCDate() !== d) {
    throw new RangeError(`Boleto: data inválida (${date})`)
  }
  return (time - FACTOR_BASE) / DAY_MS
}

/**
 * Fator de vencimento: days since 1997-10-07, in cycles of 9000 from 1000 to 9999. 2000-07-03 is
 * 1000, 2025-02-21 is 9999, and on 2025-02-22 the count restarted at 1000.
 */
export function dueFactor(dueDate: string): number {
  const days = isoDayNumber(dueDate)
  if (days < 1000) throw new RangeError(`Boleto: vencimento anterior a 2000-07-03 (${dueDate})`)
  return ((days - 1000) % 9000) + 1000
}

/** Módulo 10 (weights 2,1,2,1… from the right, digits of each product added): the linha's field DVs. */
export function mod10(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) {
    const product = Number(digits[digits.length - 1 - i]) * (i % 2 === 0 ? 2 : 1)
    sum += product > 9 ? product - 9 : product
  }
  return (10 - (sum % 10)) % 10
}

/** Módulo 11 (weights 2..9 from the right): the barcode's general DV; 0, 10 and 11 become 1. */
export function mod11(digits: string): number {
  let sum = 0
  for (let i = 0; i < digits.length; i++) sum += Number(digits[digits.length - 1 - i]) * (2 + (i % 8))
  const dv = 11 - (sum % 11)
  return dv === 0 || dv === 10 || dv === 11 ? 1 : dv
}

/** Nosso número for a 7-digit BB convênio: the convênio and a 10-digit sequence (no check digit). */
export function nossoNumero(account: BoletoAccount, orderCode: string): string {
  const sequence = onlyDigits(orderCode)
  if (sequence === '' || sequence.length > 10) throw new RangeError(`Boleto: código do pedido sem sequência de 1 a 10 dígitos (${orderCode})`)
  return account.convenio + sequence.padStart(10, '0')
}

/** Campo livre (25 digits), Banco do Brasil, convênio of 7 digits: 000000 + nosso número (17) + carteira (2). */
export function campoLivre(account: BoletoAccount, nosso: string): string {
  if (account.banco !== '001') throw new RangeError(`Boleto: banco ${String(account.banco)} sem layout`)
  if (!/^\d{7}$/.test(account.convenio) || !/^\d{2}$/.test(account.carteira) || !/^\d{17}$/.test(nosso)) {
    throw new RangeError('Boleto: convênio (7 dígitos), carteira (2) ou nosso número (17) inválidos')
  }
  return '000000' + nosso + account.carteira
}

/** The 44-digit barcode: bank, currency, general DV, factor, amount, campo livre. */
export function boletoBarcode(banco: string, fator: number, amountCents: number, livre: string): string {
  if (!Number.isSafeInteger(amountCents) || amountCents <= 0 || amountCents > MAX_AMOUNT_CENTS) {
    throw new RangeError(`Boleto: valor inválido (${amountCents} centavos)`)
  }
  const rest = String(fator).padStart(4, '0') + String(amountCents).padStart(10, '0') + livre
  const head = banco + CURRENCY_REAL
  return head + mod11(head + rest) + rest
}

/** The linha digitável (47 digits) of a barcode: three fields with mod-10 DVs, the general DV, factor + amount. */
export function linhaFromBarcode(barcode: string): string {
  if (!/^\d{44}$/.test(barcode)) throw new RangeError('Boleto: o código de barras tem 44 dígitos')
  const free = barcode.slice(19)
  const field1 = barcode.slice(0, 4) + free.slice(0, 5)
  const field2 = free.slice(5, 15)
  const field3 = free.slice(15, 25)
  return field1 + mod10(field1) + field2 + mod10(field2) + field3 + mod10(field3) + barcode[4] + barcode.slice(5, 19)
}

/** The barcode behind a linha digitável (spaces and dots allowed), or null when a check digit fails. */
export function barcodeFromLinha(linha: string): string | null {
  const digits = onlyDigits(linha)
  if (digits.length !== 47) return null
  const barcode = digits.slice(0, 4) + digits[32] + digits.slice(33) + digits.slice(4, 9) + digits.slice(10, 20) + digits.slice(21, 31)
  if (Number(barcode[4]) !== mod11(barcode.slice(0, 4) + barcode.slice(5))) return null
  return linhaFromBarcode(barcode) === digits ? barcode : null
}

/** A slip for an order: nosso número from the order code, factor from the due date. */
export function encodeBoleto({ account, amountCents, dueDate, orderCode }: BoletoInput): Boleto {
  const nosso = nossoNumero(account, orderCode)
  const fator = dueFactor(dueDate)
  const barcode = boletoBarcode(account.banco, fator, amountCents, campoLivre(account, nosso))
  return { barcode, linhaDigitavel: linhaFromBarcode(barcode), nossoNumero: nosso, dueDate, fator, amountCents }
}

/**
 * The due date `businessDays` bank business days after `issuedOn` (YYYY-MM-DD): weekends and the
 * national holidays of @brazilian-utils/brazilian-utils are skipped, Carnaval and Corpus Christi
 * included, plus Carnaval Monday, which the library leaves out but on which banks close. Municipal
 * holidays are not known; a slip due on one is paid on the next business day, as FEBRABAN allows.
 */
export function boletoDueDate(issuedOn: string, businessDays: number): string {
  isoDayNumber(issuedOn)
  if (!Number.isInteger(businessDays) || businessDays < 0) throw new RangeError(`Boleto: prazo inválido (${businessDays})`)
  return addBusinessDays(issuedOn, businessDays, isBankBusinessDay)
}

function isBankBusinessDay(day: Date): boolean {
  if (!isBusinessDay(day)) return false
  const easter = getHolidays(day.getFullYear()).find((h) => h.name === 'Páscoa')
  if (!easter) throw new Error('Boleto: calendário de feriados sem a Páscoa')
  const carnavalMonday = new Date(easter.date.getFullYear(), easter.date.getMonth(), easter.date.getDate() - 48)
  return !(day.getMonth() === carnavalMonday.getMonth() && day.getDate() === carnavalMonday.getDate())
}
