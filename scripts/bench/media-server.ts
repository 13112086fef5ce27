// The media route alone (server/http/media.ts) on the storage the environment names, for
// scripts/bench/media.ts: prints `{"port":…}` once listening.
import { serve } from '@hono/node-server'
import pino from 'pino'
import type { Db } from '../../server/db/client'
import { loadEnv } from '../../server/env'
import { createHttpApp } from '../../server/http/app'
import { mountMedia } from '../../server/http/media'
import { mediaStorageOf } from '../../server/integrations/storage'
import { storeProfile } from '../../server/store-profile'

const env = loadEnv()
const app = createHttpApp({
  // The media route reads no table.
  db: {} as Db,
  env,
  store: storeProfile,
  log: pino({ level: 'warn' }),
  isReady: () => true,
  microCache: false,
  mount: (a) => mountMedia(a, { dataDir: env.dataDir, storage: mediaStorageOf(env) }),
})
serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info) => process.stdout.write(`${JSON.stringify({ port: info.port })}\n`))
