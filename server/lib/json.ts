/**
 * JSON bytes of answers built from parts that are handed out again and again unchanged (a product
 * card is in every listing, search and home block that shows the product): such a part is marked
 * once with `fixedJson`; its bytes are made the first time it is written and copied from then on.
 * Everything else is written as JSON.stringify writes it. Kept because it pays end to end: without
 * it, searches with a new price range (100 cards each, nothing cached) ran at 54–57 % of the rate
 * (decision 0016).
 */
const fixed = new WeakSet<object>()
/**
 * A fixed part's bytes, for as long as the part lives: they belong to the product-cards entry that
 * holds the card (docs/architecture.md), not to a cache of their own.
 */
const fixedBytes = new WeakMap<object, Uint8Array>()
const encoder = new TextEncoder()

/** Marks a value that will not change again (it must not be mutated afterwards). */
export function fixedJson<T extends object>(value: T): T {
  fixed.add(value)
  return value
}

const plainPrototypes = new Set<unknown>([Object.prototype, Array.prototype, null])

/** The UTF-8 bytes of JSON.stringify(value) (`null` for a value it leaves out), fixed parts copied. */
export function jsonBytes(value: unknown): Uint8Array<ArrayBuffer> {
  const parts: Array<string | Uint8Array> = []
  let text = ''

  const write = (v: unknown): boolean => {
    if (v === null || typeof v !== 'object') {
      const s = JSON.stringify(v)
      if (s === undefined) return false // undefined, functions and symbols
      text += s
      return true
    }
    if (fixed.has(v)) {
      let bytes = fixedBytes.get(v)
      if (!bytes) {
        bytes = encoder.encode(JSON.stringify(v))
        fixedBytes.set(v, bytes)
      }
      if (text) parts.push(text)
      text = ''
      parts.push(bytes)
      return true
    }
    // Dates, maps, classes, anything with toJSON: as JSON.stringify writes it.
    if (!plainPrototypes.has(Object.getPrototypeOf(v)) || typeof (v as { toJSON?: unknown }).toJSON === 'function') {
      const s = JSON.stringify(v)
      if (s === undefined) return false
      text += s
      return true
    }
    // Nothing fixed inside: one JSON.stringify for the whole part (a call per key costs more).
    if (!containsFixed(v)) {
      text += JSON.stringify(v)
      return true
    }
    if (Array.isArray(v)) {
      text += '['
      for (let i = 0; i < v.length; i++) {
        if (i) text += ','
        if (!write(v[i])) text += 'null'
      }
      text += ']'
      return true
    }
    text += '{'
    let first = true
    for (const key in v) {
      if (!Object.prototype.hasOwnProperty.call(v, key)) continue
      const item = (v as Record<string, unknown>)[key]
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') continue
      text += (first ? '' : ',') + JSON.stringify(key) + ':'
      write(item)
      first = false
    }
    text += '}'
    return true
  }

  if (!write(value)) text = 'null'
  if (parts.length === 0) return encoder.encode(text) as Uint8Array<ArrayBuffer>
  if (text) parts.push(text)
  // Between fixed parts the text is mostly a comma: short ASCII is copied by hand, not encoded.
  let size = 0
  const chunks: Array<string | Uint8Array> = parts.map((p) => {
    if (typeof p !== 'string') {
      size += p.byteLength
      return p
    }
    if (p.length <= SHORT && isAscii(p)) {
      size += p.length
      return p
    }
    const bytes = encoder.encode(p)
    size += bytes.byteLength
    return bytes
  })
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    if (typeof c === 'string') {
      for (let i = 0; i < c.length; i++) out[at++] = c.charCodeAt(i)
    } else {
      out.set(c, at)
      at += c.byteLength
    }
  }
  return out
}

const SHORT = 64

function containsFixed(v: object): boolean {
  if (fixed.has(v)) return true
  if (Array.isArray(v)) {
    for (const item of v) if (item !== null && typeof item === 'object' && containsFixed(item)) return true
    return false
  }
  for (const key in v) {
    const item = (v as Record<string, unknown>)[key]
    if (item !== null && typeof item === 'object' && containsFixed(item)) return true
  }
  return false
}

function isAscii(text: string): boolean {
  for (let i = 0; i < text.length; i++) if (text.charCodeAt(i) > 0x7f) return false
  return true
}
