// One store instance in a process of its own, for tests of several instances on one PostgreSQL
// database (tests/api/instances.test.ts): the HTTP app with its micro-cache and the catalog change
// listener, as server/main.ts runs them. Pages are stood in by the loaders' own domain calls (the
// product page and the category page read getProductDetail and listCategory, as app/routes does),
// so no build is needed. Prints `{"port":…}` once listening; logs go to stderr as JSON lines.
import { serve } from '@hono/node-server'
import pino from 'pino'
import { openDatabase } from '../../server/db/client'
import { getProductDetail, listCategory } from '../../server/domain/catalog'
import { followCatalogChanges } from '../../server/domain/catalog/changes'
import { createHttpApp, type PageHandler } from '../../server/http/app'
import { sharedAnswer } from '../../server/http/cache-headers'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from './app'

const [url] = process.argv.slice(2)
const log = pino({ level: 'info' }, pino.destination(2))
const database = await openDatabase({ url, max: 4 })
const listening = await followCatalogChanges(database, log)

const pages: PageHandler = async (request, ctx) => {
  const [, kind, id] = new URL(request.url).pathname.split('/')
  const headers = { 'content-type': 'application/json', ...sharedAnswer() }
  if (kind === 'produto') {
    const found = await getProductDetail(ctx, id)
    return found ? new Response(JSON.stringify(found.response), { headers }) : new Response('não encontrado', { status: 404 })
  }
  if (kind === 'categoria') return new Response(JSON.stringify(await listCategory(ctx, { id, ordem: 'relevancia', pagina: 1 })), { headers })
  return new Response('não encontrada', { status: 404 })
}

const app = createHttpApp({ db: database.db, env: testEnv, store: storeProfile, log, isReady: () => true, pages })
const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
  process.stdout.write(`${JSON.stringify({ port: info.port })}\n`)
})

process.on('SIGTERM', () => {
  server.close()
  void listening
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0))
})
