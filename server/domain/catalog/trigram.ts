/**
 * Trigrams as pg_trgm makes them: each alphanumeric word padded with two spaces before and one after,
 * so similarity() here agrees with PostgreSQL's.
 */
export function trigrams(text: string): Set<string> {
  const set = new Set<string>()
  for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
    const padded = `  ${word} `
    for (let i = 0; i + 3 <= padded.length; i++) set.add(padded.slice(i, i + 3))
  }
  return set
}

/** pg_trgm similarity: shared trigrams over all trigrams of both. */
export function similarity(a: string, b: string): number {
  const ta = trigrams(a)
  const tb = trigrams(b)
  if (ta.size === 0 || tb.size === 0) return 0
  let shared = 0
  for (const t of ta) if (tb.has(t)) shared++
  return shared / (ta.size + tb.size - shared)
}
