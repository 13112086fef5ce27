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

/**
 * Whether a text can be stored as it is: no NUL (PostgreSQL refuses the byte) and no lone UTF-16
 * surrogate (it has no UTF-8 form). Every JSON body is checked with storableJson before its schema.
 */
export function isStorableText(text: string): boolean {
  return !UNSTORABLE.test(text)
}
/** NUL, a high surrogate not followed by a low one, or a low one not preceded by a high one. */
// eslint-disable-next-line no-control-regex -- the NUL is what this looks for
const UNSTORABLE = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/

/** Message for a text isStorableText refuses (422 on every call). */
export const UNSTORABLE_TEXT_MESSAGE = 'O texto enviado tem caracteres inválidos.'

/** Every string of a parsed JSON value (keys too) is storable; walked without recursion, so any depth is safe. */
export function storableJson(value: unknown): boolean {
  const pending: unknown[] = [value]
  while (pending.length) {
    const v = pending.pop()
    if (typeof v === 'string') {
      if (!isStorableText(v)) return false
    } else if (Array.isArray(v)) {
      for (const item of v) pending.push(item)
    } else if (v !== null && typeof v === 'object') {
      for (const [key, item] of Object.entries(v)) {
        if (!isStorableText(key)) return false
        pending.push(item)
      }
    }
  }
  return true
}
