import { Hono } from 'hono'
import { endpoints, isMediaEndpoint, type Endpoint } from '../../../contract/endpoints'
import type { AppBindings } from '../context'

/**
 * Calls of spec §7 whose features have not landed yet: the registry's entries marked
 * `implemented: false`. They answer 501 with a pt-BR JSON message (never fake data); a feature
 * flips the flag when it mounts the real handlers.
 */
export const PENDING_CALLS: ReadonlyArray<readonly ['GET' | 'POST', string]> = (Object.values(endpoints) as Endpoint[])
  .filter((e) => !e.implemented && !isMediaEndpoint(e))
  .map((e) => [e.method, e.path] as const)

/** OpenAPI templating (`{id}`) to Hono's (`:id`). */
const honoPath = (path: string) => path.replace(/\{(\w+)\}/g, ':$1')

export const pendingApi = new Hono<AppBindings>()
for (const [method, path] of PENDING_CALLS) {
  pendingApi.on(method, honoPath(path), (c) =>
    c.json({ estado: 'erro', msg: 'Este recurso ainda não está disponível na loja.', implementado: false }, 501),
  )
}
