import { data } from 'react-router'
import type { z } from 'zod'

/**
 * An after-sale queue's loader (Avaliações, Mensagens, Devoluções): the URL's filter and page read
 * with `schema`, then one keyset page loaded; a filter the schema refuses is a 400 with its pt-BR
 * reason and no list.
 */
export async function queuePage<Q extends { situacao?: string }, T>(request: Request, schema: z.ZodType<Q>, load: (query: Q) => Promise<T>) {
  const parsed = schema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) return data({ situacao: undefined, erro: parsed.error.issues[0]?.message ?? 'Filtro inválido.', list: null }, { status: 400 })
  return data({ situacao: parsed.data.situacao, erro: null, list: await load(parsed.data) })
}
