import { serve } from '@hono/node-server'
import type { createServer } from 'node:http'
import { existsSync } from 'node:fs'
import path from 'node:path'
import { pathToFileURL } from 'node:url'
import { createRequestHandler, type ServerBuild } from 'react-router'
import { cacheStats } from './cache'
import { sharedBuffersFor } from './db/buffers'
import { openDatabase } from './db/client'
import { gatherStatistics } from './db/maintenance'
import { followCatalogChanges } from './domain/catalog/changes'
import { getVocabulary } from './domain/catalog/vocabulary'
import { flushProductViews } from './domain/catalog/view-counter'
import { flushApiCalls } from './domain/integrations/calls'
import { flushApiKeyUsage } from './domain/integrations/keys'
import { flushSearchHistory } from './domain/session/search-history'
import { createPaymentProvider, setPaymentProvider } from './domain/payment/gateway'
import { createShippingProvider, setShippingProvider } from './domain/shipping/gateway'
import { createFiscalProvider, setFiscalProvider } from './domain/fiscal/gateway'
import { loadEnv, type Env } from './env'
import { watchPool } from './metrics'
import { watchQueues } from './jobs/metrics'
import { createHttpApp, type PageHandler } from './http/app'
import { mountMedia } from './http/media'
import { mediaStorageOf } from './integrations/storage'
import { mountStatic } from './http/static'
import { createLogger } from './log'
import type { Logger } from 'pino'
import { seedDemoAtStart } from './seed/start'
import { sealClearTotpSecrets } from './domain/staff/totp'
import { secretBox } from './lib/secret-box'
import { warnDemoStaff } from './seed/staff'
import { startJobs, type Jobs } from './jobs/runner'
import { storeProfile } from './store-profile'

const CACHE_LOG_MS = 5 * 60_000
const env = loadEnv()
const log = createLogger(env.LOG_LEVEL)
const root = process.cwd()

/** The built pages (build/server/index.js): `npm start`. */
async function builtPages(): Promise<PageHandler> {
  const buildFile = path.join(root, 'build/server/index.js')
  if (!existsSync(buildFile)) {
    log.fatal('build/server/index.js não encontrado: rode `npm run build` (ou `npm start`, que compila).')
    process.exit(1)
  }
  const build = (await import(/* @vite-ignore */ pathToFileURL(buildFile).href)) as ServerBuild
  const handler = createRequestHandler(build, env.NODE_ENV === 'development' ? 'development' : 'production')
  return (request, context) => handler(request, context)
}

/**
 * What `npm run dev` changes (scripts/dev-server.ts): pages from Vite's dev server instead of the
 * build, and an HTTP server that hands Vite its own paths (modules, hot reload) first.
 */
export type StoreOptions = { pages?: () => Promise<PageHandler>; createServer?: typeof createServer; onClose?: () => Promise<void> }

/** Starts the store: database, migrations, seed, jobs and the HTTP server, until a signal stops it. */
export async function startStore(options: StoreOptions = {}) {
  const started = Date.now()
  const dbDir = path.join(env.dataDir, 'db')
  const sharedBuffersMb = env.PGLITE_SHARED_BUFFERS_MB ?? sharedBuffersFor(dbDir)
  const database = env.DATABASE_URL ? await openDatabase({ url: env.DATABASE_URL }) : await openDatabase({ dir: dbDir, sharedBuffersMb })
  if (database.kind === 'pglite') log.info({ sharedBuffersMb }, 'banco embutido (PGlite): cache de páginas')
  // Without its database thread the store can only fail: stop, so a supervisor starts it again.
  void database.failed?.then((err) => {
    log.fatal({ err }, 'o banco embutido parou')
    process.exit(1)
  })
  watchPool(database.poolUse)
  watchQueues(database.raw)
  // Payments: the offline sandbox, its records in the database so every instance shares them (decision 0017).
  setPaymentProvider(database.db, createPaymentProvider(env, database.db, log))
  // Shipping: the store's table, or Melhor Envio's live quotes (SHIPPING_PROVIDER, decision 0128).
  setShippingProvider(database.db, createShippingProvider(env, log))
  // NF-e: none (the default), or Focus NFe (FISCAL_PROVIDER, decision 0129).
  setFiscalProvider(database.db, createFiscalProvider(env, log))
  let ready = false

  const app = createHttpApp({
    db: database.db,
    env,
    store: storeProfile,
    log,
    isReady: () => ready,
    pages: await (options.pages ?? builtPages)(),
    mount: (a) => {
      mountMedia(a, { dataDir: env.dataDir, storage: mediaStorageOf(env) })
      mountStatic(a, { root, dataDir: env.dataDir })
    },
  })

  const server = serve(
    { fetch: app.fetch, port: env.PORT, hostname: env.HOST, ...(options.createServer ? { createServer: options.createServer } : {}) },
    (info) => {
      log.info({ port: info.port, db: database.kind }, `Vitrine ouvindo em http://localhost:${info.port}`)
    },
  )

  await database.migrate()
  // Catalog caches follow the database's own change notifications (decision 0033).
  const catalogChanges = await followCatalogChanges(database, log)
  // Live mode seeds nothing demo, whatever SEED_DEMO says: its first owner comes from `npm run equipe -- convidar`.
  const seeded = await seedDemoAtStart(database.db, env, log)
  await warnDemoStaff(database.db, log)
  announceMode(env, log)
  const sealed = await sealClearTotpSecrets(database.db, secretBox(env))
  if (sealed) log.info({ sealed }, 'segredos TOTP da equipe cifrados')
  await gatherStatistics(database, log, { justSeeded: seeded })
  // E-mails and the scheduled rounds run from the queue in the database (docs/decisions/0125-durable-jobs.md).
  const jobs: Jobs | null = env.JOBS === 'on' ? await startJobs({ database, env, store: storeProfile, log }) : null
  // The first misspelled search would otherwise wait for the 'did you mean' vocabulary.
  await getVocabulary(database.db)
  ready = true
  log.info({ ms: Date.now() - started }, 'pronto')
  // The caches' figures for an operator, every few minutes (also GET /healthz?detalhe=1).
  const cacheLog = setInterval(() => log.info({ caches: cacheStats() }, 'caches'), CACHE_LOG_MS)
  cacheLog.unref()

  let closing = false
  const shutdown = (signal: string) => {
    if (closing) return
    closing = true
    log.info({ signal }, 'encerrando')
    const force = setTimeout(() => process.exit(1), 10_000)
    force.unref()
    clearInterval(cacheLog)
    server.close(async () => {
      // Jobs under way end (or are left to their expiry, to run again elsewhere) before the database closes.
      await Promise.all([
        flushProductViews(database.db),
        flushSearchHistory(database.db),
        flushApiKeyUsage(database.db),
        flushApiCalls(database.db),
        jobs?.stop(),
      ])
      await catalogChanges.close()
      await database.close()
      await options.onClose?.()
      log.info('banco fechado; até logo')
      process.exit(0)
    })
    // Keep-alive sockets would hold close() open.
    if ('closeAllConnections' in server) (server as { closeAllConnections(): void }).closeAllConnections()
  }
  process.on('SIGINT', () => shutdown('SIGINT'))
  process.on('SIGTERM', () => shutdown('SIGTERM'))
}

/** At start: which mode, and who may use the published demo passwords (docs/decisions/0122-live-mode.md). */
function announceMode(env: Env, log: Logger): void {
  if (env.STORE_MODE === 'live') {
    if (env.PAYMENT_PROVIDER === 'sandbox')
      log.warn('modo live com PAYMENT_PROVIDER=sandbox: ensaio, nenhum pagamento é real (o aviso de demonstração aparece)')
    else log.info({ publicUrl: env.PUBLIC_URL }, 'modo live: nada de demonstração é criado e as senhas publicadas não entram')
  } else if (env.DEMO_OPEN_TO_NETWORK === 'true') {
    log.warn('demonstração aberta à rede (DEMO_OPEN_TO_NETWORK=true): as senhas publicadas entram de qualquer endereço')
  } else {
    log.info('modo demonstração: as senhas publicadas só entram deste computador (localhost); para outra máquina, DEMO_OPEN_TO_NETWORK=true')
  }
}

/** `npm start` (scripts/start.mjs): the built store. */
export function main(options?: StoreOptions): void {
  startStore(options).catch((err) => {
    log.fatal({ err }, 'falha ao iniciar')
    process.exit(1)
  })
}
