// Browser-safe text helpers shared by the server and the UI (no Node imports here).

/** Card titles: over `max` characters (50 on cards) the text is cut and '...' appended. */
export function truncate(text: string, max = 50): string {
  const chars = Array.from(text)
  if (chars.length <= max) return text
  return `${chars.slice(0, max).join('').trimEnd()}...`
}

/**
 * Featured-category titles: over `max` characters (25 on the home) the text is cut at the last word
 * boundary that fits and '…' appended; a single word longer than `max` is cut inside the word.
 */
export function truncateAtWord(text: string, max = 25): string {
  const clean = text.trim().replace(/\s+/g, ' ')
  const chars = Array.from(clean)
  if (chars.length <= max) return clean
  let cut = chars.slice(0, max).join('')
  if (chars[max] !== ' ') {
    const lastSpace = cut.lastIndexOf(' ')
    if (lastSpace > 0) cut = cut.slice(0, lastSpace)
  }
  const tidy = cut.replace(/[\s,.;:!?()[\]/–—-]+$/u, '')
  return `${tidy || cut}…`
}
