// One store instance in a process of its own, for tests of several instances on one PostgreSQL
// database (tests/api/instances.test.ts): the HTTP app with its micro-cache and the catalog change
// listener, as server/main.ts runs them. Pages are stood in by the loaders' own domain calls (the
// product page and the category page read getProductDetail and listCategory, as app/routes does),
// so no build is needed. Prints `{"port":…}` once listening; logs go to stderr as JSON lines.
// A second argument, JSON, adds settings to the test env; with MEDIA_STORAGE the instance also
// serves /_next/img from that storage, as server/main.ts mounts it.
import { serve } from '@hono/node-server'
import pino from 'pino'
import { openDatabase } from '../../server/db/client'
import { getProductDetail, listCategory } from '../../server/domain/catalog'
import { followCatalogChanges } from '../../server/domain/catalog/changes'
import { createHttpApp, type PageHandler } from '../../server/http/app'
import { mountMedia } from '../../server/http/media'
import { mediaStorageOf } from '../../server/integrations/storage'
import { sharedAnswer } from '../../server/http/cache-headers'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from './app'

const [url, settings] = process.argv.slice(2)
const env = { ...testEnv, ...(settings ? (JSON.parse(settings) as Partial<typeof testEnv>) : {}) }
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

const app = createHttpApp({
  db: database.db,
  env,
  store: storeProfile,
  log,
  isReady: () => true,
  pages,
  mount: settings && env.MEDIA_STORAGE ? (a) => mountMedia(a, { dataDir: env.dataDir, storage: mediaStorageOf(env) }) : undefined,
})
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
