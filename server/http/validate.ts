import type { Context } from 'hono'
import { HTTPException } from 'hono/http-exception'
import type { z } from 'zod'
import { JSON_BODY_BYTES, readBody } from './body'
import { storableJson, UNSTORABLE_TEXT_MESSAGE } from '../../contract/text'

/** A failure the shopper caused: answered as `{"estado":"erro","msg":…}` with a 4xx status. */
export class WireError extends HTTPException {
  constructor(
    status: 400 | 401 | 403 | 404 | 405 | 409 | 413 | 415 | 422 | 429 | 501,
    readonly msg: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(status, { message: msg })
  }
}

/**
 * Reads a JSON body (at most `maxBytes`, counted while it streams: body.ts) and parses it with the
 * contract schema; bad input never gets further.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, options: { maxBytes?: number } = {}): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw new WireError(415, 'Envie os dados em JSON (Content-Type: application/json).')
  }
  const buffer = await readBody(c, options.maxBytes ?? JSON_BODY_BYTES)
  let body: unknown
  try {
    body = buffer.byteLength === 0 ? {} : JSON.parse(new TextDecoder().decode(buffer))
  } catch {
    throw new WireError(400, 'Não foi possível ler os dados enviados (JSON inválido).')
  }
  if (!storableJson(body)) throw new WireError(422, UNSTORABLE_TEXT_MESSAGE)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw new WireError(422, describeIssue(parsed.error.issues[0]))
  return parsed.data
}

/** Parses query parameters with a schema (unknown parameters are ignored, like any web page). */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = c.req.query()
  if (!storableJson(query)) throw new WireError(400, UNSTORABLE_TEXT_MESSAGE)
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw new WireError(400, describeIssue(parsed.error.issues[0]))
  return parsed.data
}

type Issue = z.core.$ZodIssue | undefined

/** Our schemas carry pt-BR messages; zod's own English defaults are replaced by a neutral pt-BR one. */
function describeIssue(issue: Issue): string {
  if (!issue) return 'Dados inválidos.'
  const field = issue.path.length ? String(issue.path[issue.path.length - 1]) : ''
  if (issue.code === 'unrecognized_keys') return `Campo não reconhecido: ${issue.keys.join(', ')}.`
  if (isPortuguese(issue.message)) return issue.message
  if (issue.code === 'invalid_type') {
    return field ? `Campo ${field} ausente ou com tipo inválido.` : 'Dados em formato inválido.'
  }
  return field ? `Campo ${field} inválido.` : 'Dados inválidos.'
}

/** zod's defaults are English ("Invalid input…", "Too small…"); ours are written in pt-BR. */
function isPortuguese(message: string): boolean {
  return !/^(Invalid|Too (small|big)|Expected|Unrecognized|Required)/.test(message)
}
