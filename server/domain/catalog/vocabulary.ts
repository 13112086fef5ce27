import { sql } from 'drizzle-orm'
import { cachePerDb } from '../../cache'
import type { Db } from '../../db/client'
import { rows } from '../../db/sql'
import { trigrams } from './trigram'

/** Words of product titles, for "did you mean" (vqd), with a trigram index to find near words fast. */
export type Vocabulary = {
  words: string[]
  /** Number of titles containing each word (ties go to the commoner word). */
  ndoc: number[]
  gramCount: number[]
  known: Set<string>
  byGram: Map<string, number[]>
}

/** Titles change rarely; a catalog-wide change notification (decision 0033) drops it at once. */
export const VOCABULARY_TTL_MS = 30 * 60_000
/** The least pg_trgm similarity for a catalog word to be suggested in place of a typed one. */
export const SUGGEST_MIN_SIMILARITY = 0.3
const MAX_WORDS = 60_000

export function buildVocabulary(entries: ReadonlyArray<{ word: string; ndoc: number }>): Vocabulary {
  const vocabulary: Vocabulary = { words: [], ndoc: [], gramCount: [], known: new Set(), byGram: new Map() }
  for (const { word, ndoc } of entries) {
    if (!/^[a-z0-9]{2,30}$/.test(word) || vocabulary.known.has(word)) continue
    const index = vocabulary.words.length
    const grams = trigrams(word)
    vocabulary.words.push(word)
    vocabulary.ndoc.push(Number(ndoc))
    vocabulary.gramCount.push(grams.size)
    vocabulary.known.add(word)
    for (const g of grams) {
      const list = vocabulary.byGram.get(g)
      if (list) list.push(index)
      else vocabulary.byGram.set(g, [index])
    }
  }
  return vocabulary
}

/** The catalog word closest to `word` (similarity ≥ 0.3), or null. */
export function closestWord(vocabulary: Vocabulary, word: string): string | null {
  const grams = trigrams(word)
  if (grams.size === 0) return null
  const shared = new Map<number, number>()
  for (const g of grams) for (const index of vocabulary.byGram.get(g) ?? []) shared.set(index, (shared.get(index) ?? 0) + 1)
  let best = -1
  let bestScore = 0
  for (const [index, count] of shared) {
    const score = count / (grams.size + vocabulary.gramCount[index] - count)
    if (score > bestScore || (score === bestScore && best >= 0 && vocabulary.ndoc[index] > vocabulary.ndoc[best])) {
      best = index
      bestScore = score
    }
  }
  return best >= 0 && bestScore >= SUGGEST_MIN_SIMILARITY ? vocabulary.words[best] : null
}

/**
 * "Did you mean": each typed word that is not a catalog word is replaced by its closest catalog word.
 * Undefined when nothing changes (numbers and words under 3 letters are kept as typed).
 */
export function suggestTerm(vocabulary: Vocabulary, tokens: readonly string[]): string | undefined {
  const corrected = tokens.map((token) => {
    if (token.length < 3 || /^\d+$/.test(token) || vocabulary.known.has(token)) return token
    return closestWord(vocabulary, token) ?? token
  })
  const suggestion = corrected.join(' ')
  return suggestion !== tokens.join(' ') ? suggestion : undefined
}

type Entry = { value?: Vocabulary; builtAt: number; loading?: Promise<Vocabulary> }
/** One entry per database, refreshed in place after VOCABULARY_TTL_MS (see getVocabulary). */
const vocabularies = cachePerDb<Entry>({ name: 'vocabulary', ttlMs: Infinity, maxEntries: 1, scope: 'catalog' })

async function loadVocabulary(db: Db): Promise<Vocabulary> {
  // ts_stat walks the title vectors once in C: far cheaper than splitting titles in SQL.
  const found = await rows<{ word: string; ndoc: number }>(
    db,
    sql`SELECT word, ndoc FROM ts_stat('SELECT to_tsvector(''simple'', search_title) FROM products WHERE active')
        WHERE word ~ '^[a-z0-9]{2,30}$'
        ORDER BY ndoc DESC, word
        LIMIT ${MAX_WORDS}`,
  )
  return buildVocabulary(found)
}

/**
 * The title vocabulary of this database, cached per process. After the TTL the old one is still
 * answered while a fresh one loads, so only the very first search waits for it.
 */
export async function getVocabulary(db: Db, now = Date.now()): Promise<Vocabulary> {
  const entry = vocabularies.of(db).getOrCompute('vocabulary', () => ({ builtAt: 0 }))
  const stale = now - entry.builtAt > VOCABULARY_TTL_MS
  if (stale && !entry.loading) {
    const current = entry
    current.loading = loadVocabulary(db)
      .then((value) => {
        current.value = value
        current.builtAt = Date.now()
        return value
      })
      .finally(() => {
        current.loading = undefined
      })
    // A failed refresh keeps the old vocabulary; a caller waiting for the first one sees the error.
    current.loading.catch(() => undefined)
  }
  if (entry.value) return entry.value
  return entry.loading as Promise<Vocabulary>
}
