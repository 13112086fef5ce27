import { readFileSync } from 'node:fs'

/**
 * CEP → municipality, offline: the Correios' CEP ranges of every Brazilian municipality (5,587 ranges,
 * data/README.md for the source and licence). A CEP in no range does not exist. It knows the city and
 * the UF, not the street.
 */
export type CepPlace = {
  uf: string
  /** IBGE municipality code (7 digits). */
  ibge: string
  cidade: string
}

type Table = { starts: Int32Array; ends: Int32Array; places: CepPlace[] }

const DATA_FILE = new URL('./data/cep-faixas.tsv', import.meta.url)
let table: Table | null = null

/** Reads the ranges once (≈ 6 ms): sorted by start, one `inicio fim uf ibge cidade` line each. */
function load(): Table {
  const lines = readFileSync(DATA_FILE, 'utf8').split('\n').filter(Boolean)
  const starts = new Int32Array(lines.length)
  const ends = new Int32Array(lines.length)
  const places: CepPlace[] = new Array(lines.length)
  lines.forEach((line, i) => {
    const [inicio, fim, uf, ibge, cidade] = line.split('\t')
    starts[i] = Number(inicio)
    ends[i] = Number(fim)
    places[i] = { uf, ibge, cidade }
  })
  return { starts, ends, places }
}

/** The municipality of a CEP (8 digits), or null when it falls in no range or is not 8 digits. */
export function findCepPlace(cep: string): CepPlace | null {
  if (!/^\d{8}$/.test(cep)) return null
  table ??= load()
  const value = Number(cep)
  const { starts, ends, places } = table
  // The last range starting at or before the CEP holds it, if any does (ranges never overlap).
  let lo = 0
  let hi = starts.length - 1
  let found = -1
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1
    if (starts[mid] <= value) {
      found = mid
      lo = mid + 1
    } else {
      hi = mid - 1
    }
  }
  return found >= 0 && value <= ends[found] ? places[found] : null
}

/** Every range, in order (tests check the file's invariants). */
export function cepRanges(): ReadonlyArray<{ inicio: number; fim: number } & CepPlace> {
  table ??= load()
  const { starts, ends, places } = table
  return places.map((place, i) => ({ inicio: starts[i], fim: ends[i], ...place }))
}
