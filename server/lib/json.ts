/**
 * JSON bytes of answers built from parts that are handed out again and again unchanged (a product
 * card is in every listing, search and home block that shows the product): such a part is marked
 * once with `fixedJson`; its bytes are made the first time it is written and copied from then on.
 * Everything else is written as JSON.stringify writes it.
 */
const fixed = new WeakSet<object>()
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
  const chunks = parts.map((p) => (typeof p === 'string' ? encoder.encode(p) : p))
  let size = 0
  for (const c of chunks) size += c.byteLength
  const out = new Uint8Array(size)
  let at = 0
  for (const c of chunks) {
    out.set(c, at)
    at += c.byteLength
  }
  return out
}
