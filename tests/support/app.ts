import pino from 'pino'
import type { Db } from '../../server/db/client'
import type { Env } from '../../server/env'
import { createHttpApp } from '../../server/http/app'
import { storeProfile } from '../../server/store-profile'

export const testEnv: Env = {
  NODE_ENV: 'test',
  PORT: 0,
  HOST: '127.0.0.1',
  DATA_DIR: './tmp/test-data',
  dataDir: `${process.cwd()}/tmp/test-data`,
  LOG_LEVEL: 'silent',
  STORE_MODE: 'demo',
  MEDIA_STORAGE: 'local',
  S3_REGION: 'us-east-1',
  S3_FORCE_PATH_STYLE: 'false',
  SEED_DEMO: 'false',
  JOBS: 'on',
  CATALOG_SIZE: 320,
  // A captcha solved in milliseconds; TRUST_PROXY lets tests speak from several IPs (X-Forwarded-For).
  CAPTCHA_COST: 10,
  CAPTCHA_MAX_COUNTER: 20,
  TRUST_PROXY: 'true',
  PAYMENT_PROVIDER: 'sandbox',
  MERCADOPAGO_API_URL: 'https://api.mercadopago.com',
  SHIPPING_PROVIDER: 'tabela',
  MELHORENVIO_API_URL: 'https://sandbox.melhorenvio.com.br',
  WEBHOOKS_ALLOW_PRIVATE: 'false',
  FISCAL_PROVIDER: 'nenhum',
  FOCUSNFE_API_URL: 'https://homologacao.focusnfe.com.br',
}

/** The HTTP app without pages, for API tests; `request` keeps the session cookie like a browser. */
export function createTestApp(db: Db, env: Partial<Env> = {}) {
  const app = createHttpApp({
    db,
    env: { ...testEnv, ...env },
    store: storeProfile,
    log: pino({ level: 'silent' }),
    isReady: () => true,
    microCache: false,
  })
  let cookie = ''
  async function request(path: string, init: RequestInit & { json?: unknown } = {}) {
    const headers = new Headers(init.headers)
    if (cookie) headers.set('cookie', cookie)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    const res = await app.request(`http://localhost${path}`, { ...init, headers, body })
    const set = res.headers.get('set-cookie')
    if (set) cookie = set.split(';')[0]
    return res
  }
  return { app, request, resetCookies: () => (cookie = '') }
}
