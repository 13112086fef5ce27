/** Where a search goes: `/busca/{text}`; blank or spaces-only text goes nowhere (spec §2). */
export function searchPath(text: string): string | null {
  const term = text.trim()
  if (!term) return null
  return `/busca/${encodeURIComponent(term)}`
}
