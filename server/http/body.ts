import type { Context } from 'hono'
import { REQUEST } from '../../contract/messages/request'
import { refuse } from '../domain/refusal'
import { readBounded } from '../lib/bounded-read'

/** A JSON call's body at most (readJson's default; a route may allow more, e.g. an image upload). */
export const JSON_BODY_BYTES = 100 * 1024

const tooLarge = () => refuse(REQUEST.tooLarge)

/**
 * Reads a request body of at most `maxBytes`, counting while it streams: a declared length above the
 * limit is refused unread, and a chunked body stops being read at the limit (413), so no request
 * makes the process hold more than `maxBytes` of it. The rest is left to @hono/node-server, which
 * drains a little and closes the connection (app.ts answers 413 with `Connection: close`).
 */
export async function readBody(c: Context, maxBytes: number): Promise<Uint8Array<ArrayBuffer>> {
  const declared = c.req.header('content-length')
  if (declared !== undefined && !(Number(declared) <= maxBytes)) throw tooLarge()
  const body = c.req.raw.body
  if (!body) return new Uint8Array(0)
  const bytes = await readBounded(body, maxBytes)
  if (!bytes) throw tooLarge()
  return bytes
}
