import type { Context } from 'hono'
import type { z } from 'zod'
import type { Reason } from '../../../contract/messages/reason'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { answerRefusal } from '../refusal'
import { fail } from './guard'

/**
 * The admin API's one way to answer and to read a path's parameters: every area's handlers
 * (server/http/admin/*.ts) use these, so a shape lives in one place.
 */

/** A domain answer: a refusal as its status with `{estado:'erro', msg}`, else `estado: 'sucesso'` and the value. */
export function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

/** The path's parameters as `schema` reads them; a path that names nothing of ours is `missing` (404). */
export function paramsOf<S extends z.ZodType>(c: Context<AppBindings>, schema: S, missing: Reason): z.output<S> {
  const parsed = schema.safeParse(c.req.param())
  return parsed.success ? parsed.data : fail(refuse(missing))
}

/**
 * A CSV file streamed as it is read (`lines` yields text already in the file's encoding rules:
 * BOM, `;`, CRLF), never held whole; a closed download stops the reading.
 */
export function csvResponse(lines: AsyncGenerator<string, void, unknown>, fileName: string): Response {
  const encoder = new TextEncoder()
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await lines.next()
      if (next.done) controller.close()
      else controller.enqueue(encoder.encode(next.value))
    },
    async cancel() {
      await lines.return(undefined)
    },
  })
  return new Response(body, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${fileName}"`,
      'Cache-Control': 'private, no-store',
    },
  })
}
