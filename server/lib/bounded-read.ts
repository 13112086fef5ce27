/**
 * Reads a byte stream of at most `maxBytes`, counting while it streams: past the limit it stops
 * reading and answers null, so no caller holds more than `maxBytes` of it. On overflow the reader is
 * released (the stream's owner decides what to do with the rest) or, with `cancel`, cancelled.
 */
export async function readBounded(
  stream: ReadableStream<Uint8Array>,
  maxBytes: number,
  { cancel = false }: { cancel?: boolean } = {},
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = stream.getReader()
  const chunks: Uint8Array[] = []
  let size = 0
  for (;;) {
    const { done, value } = await reader.read()
    if (done) break
    size += value.byteLength
    if (size > maxBytes) {
      if (cancel) await reader.cancel()
      else reader.releaseLock()
      return null
    }
    chunks.push(value)
  }
  const out = new Uint8Array(size)
  let at = 0
  for (const chunk of chunks) {
    out.set(chunk, at)
    at += chunk.byteLength
  }
  return out
}
