import { readFileSync } from 'node:fs'
import { readBounded } from '../../lib/bounded-read'
import { findCepPlace } from './ranges'

/**
 * CEP → address, the one look-up every CEP screen and call uses. In order:
 * 1. the online provider, when `CEP_PROVIDER_URL` is set (ViaCEP-compatible, `{url}/{cep}/json/`,
 *    2 seconds at most; an answer whose city is not the CEP's range's is refused);
 * 2. what the caller kept of the provider's earlier answers (`kept`, e.g. cep_lookups rows);
 * 3. the bundled street list (data/logradouros.csv: street and bairro of central CEPs);
 * 4. the bundled ranges (ranges.ts: city and UF only).
 * A CEP in no range does not exist, whatever a provider says. The shipping estimate needs only the
 * municipality and calls findCepPlace (ranges.ts) directly.
 */

export type CepSource = 'provedor' | 'logradouros' | 'faixas'

export type CepAddress = {
  /** 8 digits. */
  cep: string
  uf: string
  cidade: string
  /** Empty when only the city is known (a city-wide CEP, or a street CEP no source knows). */
  bairro: string
  rua: string
  fonte: CepSource
}

export type CepLookupOptions = {
  /** ViaCEP-compatible base URL (`{url}/{cep}/json/`); absent: bundled data only. */
  providerUrl?: string
  /** How long the provider may take (default 2 s). */
  timeoutMs?: number
  /** An earlier provider answer for this CEP, asked only when the provider gives none now. */
  kept?: (cep: string) => Promise<CepAddress | null>
  /** Told why the provider's answer was not used (down, slow, nonsense). */
  onProviderFailure?: (cep: string, reason: string) => void
}

export const PROVIDER_TIMEOUT_MS = 2_000
/** A ViaCEP answer is ~300 bytes; anything much larger is not one. */
const MAX_PROVIDER_BYTES = 16 * 1024

/** The address of an 8-digit CEP, or null when it does not exist (or is not 8 digits). */
export async function lookupCep(cep: string, options: CepLookupOptions = {}): Promise<CepAddress | null> {
  const place = findCepPlace(cep)
  if (!place) return null
  if (options.providerUrl) {
    const answer = await askProvider(options.providerUrl, cep, options.timeoutMs ?? PROVIDER_TIMEOUT_MS)
    if (typeof answer !== 'string') return answer
    options.onProviderFailure?.(cep, answer)
    const kept = await options.kept?.(cep)
    if (kept) return kept
  }
  return findStreet(cep) ?? { cep, uf: place.uf, cidade: place.cidade, bairro: '', rua: '', fonte: 'faixas' }
}

/** The bundled answer alone (no network): street list, then ranges. */
export function lookupCepOffline(cep: string): CepAddress | null {
  const place = findCepPlace(cep)
  if (!place) return null
  return findStreet(cep) ?? { cep, uf: place.uf, cidade: place.cidade, bairro: '', rua: '', fonte: 'faixas' }
}

// ───────────────────────────── bundled street list ─────────────────────────────

type Street = { uf: string; cidade: string; bairro: string; rua: string }

const STREETS_FILE = new URL('./data/logradouros.csv', import.meta.url)
let streets: Map<string, Street> | null = null

/** Reads the list once (82 rows, ≈ 8 KB): `cep,uf,cidade,bairro,logradouro,fonte1,fonte2`; the sources stay on disk. */
function loadStreets(): Map<string, Street> {
  const lines = readFileSync(STREETS_FILE, 'utf8').split('\n').slice(1).filter(Boolean)
  return new Map(
    lines.map((line) => {
      const [cep, uf, cidade, bairro, rua] = line.split(',')
      return [cep, { uf, cidade, bairro, rua }] as const
    }),
  )
}

/** The street-level entry of a CEP, if the bundled list has it. */
export function findStreet(cep: string): CepAddress | null {
  streets ??= loadStreets()
  const street = streets.get(cep)
  return street ? { cep, ...street, fonte: 'logradouros' } : null
}

/** Every bundled street CEP (tests check the list against the ranges). */
export function streetCeps(): string[] {
  streets ??= loadStreets()
  return [...streets.keys()]
}

// ───────────────────────────── online provider ─────────────────────────────

/** Accent- and case-free form of a city name, to compare the provider's with the ranges'. */
export function cityKey(name: string): string {
  return name
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(/[^a-zA-Z0-9]+/g, ' ')
    .trim()
    .toLowerCase()
}

const text = (value: unknown): string => (typeof value === 'string' ? value.trim().slice(0, 255) : '')

/** The provider's answer, or why it cannot be used. */
async function askProvider(baseUrl: string, cep: string, timeoutMs: number): Promise<CepAddress | string> {
  const url = `${baseUrl.replace(/\/+$/, '')}/${cep}/json/`
  let body: string
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(timeoutMs), headers: { accept: 'application/json' }, redirect: 'error' })
    if (!response.ok) return `HTTP ${response.status}`
    body = await readLimited(response)
  } catch (err) {
    return err instanceof Error && err.name === 'TimeoutError' ? `no answer in ${timeoutMs} ms` : `unreachable: ${(err as Error).message}`
  }
  let data: unknown
  try {
    data = JSON.parse(body)
  } catch {
    return 'not JSON'
  }
  return checkAnswer(cep, data)
}

/** Reads at most MAX_PROVIDER_BYTES of a body (a larger one is refused, not buffered). */
async function readLimited(response: Response): Promise<string> {
  if (!response.body) return ''
  const bytes = await readBounded(response.body, MAX_PROVIDER_BYTES, { cancel: true })
  if (!bytes) throw new Error('answer too large')
  return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength).toString('utf8')
}

/**
 * A ViaCEP answer is used only when it names the CEP's own municipality (the ranges'): same UF and
 * the same city, or the same IBGE code. `"erro": "true"` (unknown to the provider) is no answer:
 * the bundled data still knows the city.
 */
function checkAnswer(cep: string, data: unknown): CepAddress | string {
  if (!data || typeof data !== 'object' || Array.isArray(data)) return 'not an object'
  const answer = data as Record<string, unknown>
  if (answer.erro === true || answer.erro === 'true') return 'CEP unknown to the provider'
  const place = findCepPlace(cep)
  if (!place) return 'CEP in no range'
  const uf = text(answer.uf).toUpperCase()
  const cidade = text(answer.localidade)
  const ibge = text(answer.ibge)
  if (typeof answer.cep === 'string' && answer.cep.replace(/\D+/g, '') !== cep) return 'answer for another CEP'
  if (!uf || !cidade) return 'no city or UF'
  const sameCity = ibge === place.ibge || cityKey(cidade) === cityKey(place.cidade)
  if (uf !== place.uf || !sameCity) return `city outside the CEP's range (${cidade}/${uf})`
  return { cep, uf: place.uf, cidade: place.cidade, bairro: text(answer.bairro), rua: text(answer.logradouro), fonte: 'provedor' }
}
