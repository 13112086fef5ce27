import type { Context } from 'hono'
import type { z } from 'zod'
import { JSON_BODY_BYTES, readBody } from './body'
import { REQUEST } from '../../contract/messages/request'
import { storableJson } from '../../contract/text'
import { refuse } from '../domain/refusal'

/**
 * Reads a JSON body (at most `maxBytes`, counted while it streams: body.ts) and parses it with the
 * contract schema; bad input never gets further.
 */
export async function readJson<S extends z.ZodType>(c: Context, schema: S, options: { maxBytes?: number } = {}): Promise<z.infer<S>> {
  const type = c.req.header('content-type') ?? ''
  if (!/^application\/json\b/i.test(type)) {
    throw refuse(REQUEST.notJson)
  }
  return parseJsonBody(await readBody(c, options.maxBytes ?? JSON_BODY_BYTES), schema)
}

/** A JSON body already read (its bytes), parsed with the contract schema: the refusals of readJson. */
export function parseJsonBody<S extends z.ZodType>(buffer: Uint8Array, schema: S): z.infer<S> {
  let body: unknown
  try {
    body = buffer.byteLength === 0 ? {} : JSON.parse(new TextDecoder().decode(buffer))
  } catch {
    throw refuse(REQUEST.badJson)
  }
  if (!storableJson(body)) throw refuse(REQUEST.unstorableText)
  const parsed = schema.safeParse(body)
  if (!parsed.success) throw refuse(REQUEST.invalidField(describeIssue(parsed.error.issues[0])))
  return parsed.data
}

/**
 * Parses query parameters with a schema (unknown parameters are ignored, like any web page; so is
 * one whose text could not be stored or looked up: a NUL, a lone surrogate).
 */
export function readQuery<S extends z.ZodType>(c: Context, schema: S): z.infer<S> {
  const query = Object.fromEntries(Object.entries(c.req.query()).filter(([k, v]) => storableJson(k) && storableJson(v)))
  const parsed = schema.safeParse(query)
  if (!parsed.success) throw refuse(REQUEST.badQuery(describeIssue(parsed.error.issues[0])))
  return parsed.data
}

type Issue = z.core.$ZodIssue | undefined

/** Our schemas carry pt-BR messages; zod's own English defaults are replaced by a neutral pt-BR one. */
export function describeIssue(issue: Issue): string {
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
