import path from 'node:path'
import { z } from 'zod'
import { parseTrustProxy } from './lib/trust-proxy'

/** An empty value means "not set", as shells and .env files write it. */
const blank = (v: unknown) => (v === '' ? undefined : v)

const envSchema = z
  .object({
    NODE_ENV: z.enum(['development', 'production', 'test']).default('production'),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    HOST: z.string().min(1).default('0.0.0.0'),
    DATA_DIR: z.string().min(1).default('./data'),
    // An empty value means "not set" (the embedded database), as shells and .env files write it.
    DATABASE_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^postgres(ql)?:\/\//, 'deve começar com postgres:// ou postgresql://')
        .optional(),
    ),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    /**
     * 'demo' (default): the whole offline demo, sandbox payments, demo accounts. 'live': a store on the
     * internet, which refuses every demo default (docs/decisions/0122-live-mode.md).
     */
    STORE_MODE: z.preprocess(blank, z.enum(['demo', 'live'], { error: "deve ser 'demo' ou 'live'" }).default('demo')),
    PUBLIC_URL: z.preprocess(
      blank,
      z.url({ protocol: /^https?$/, error: 'deve ser um endereço http:// ou https://, ex.: https://www.minhaloja.com.br' }).optional(),
    ),
    /**
     * Key that encrypts secrets kept in the database (TOTP seeds): at least 32 characters, e.g.
     * `openssl rand -base64 32`. Required in live mode; unset in demo: one generated once in DATA_DIR.
     */
    SECRETS_KEY: z.preprocess(blank, z.string().trim().min(32, 'deve ter ao menos 32 caracteres').optional()),
    /**
     * Bearer token that opens the operator's views (/metrics, /healthz?detalhe=1) to a client that
     * is not on loopback (a monitoring server). Unset: those views answer loopback clients only.
     */
    METRICS_TOKEN: z.preprocess(blank, z.string().trim().min(24, 'deve ter ao menos 24 caracteres').optional()),
    /**
     * `npm run worker` only: the port of its own GET /metrics (the job figures of that process, such as
     * its failed attempts), on 127.0.0.1, or on every address when METRICS_TOKEN is set (then a client
     * not on loopback must send it). Unset: the worker serves nothing.
     */
    WORKER_METRICS_PORT: z.preprocess(
      blank,
      z.coerce.number().int().min(1, 'deve ser uma porta de 1 a 65535').max(65535, 'deve ser uma porta de 1 a 65535').optional(),
    ),
    /**
     * Where product images and their resized variants live: 'local' (DATA_DIR/media and
     * DATA_DIR/cache, the default) or 's3', a bucket of S3-compatible storage (AWS, Cloudflare R2,
     * MinIO) that every instance shares (docs/deploy.md).
     */
    MEDIA_STORAGE: z.preprocess(blank, z.enum(['local', 's3'], { error: "deve ser 'local' ou 's3'" }).default('local')),
    /** The S3 API's address (R2, MinIO, an emulator); unset: AWS's own for S3_REGION. */
    S3_ENDPOINT: z.preprocess(blank, z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional()),
    /** The bucket's region ('auto' on R2; any value on MinIO). */
    S3_REGION: z.preprocess(blank, z.string().trim().min(1).default('us-east-1')),
    S3_BUCKET: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'deve ser um nome de bucket válido (3 a 63 letras minúsculas, números, pontos e hifens)')
        .optional(),
    ),
    S3_ACCESS_KEY_ID: z.preprocess(blank, z.string().trim().min(1).optional()),
    S3_SECRET_ACCESS_KEY: z.preprocess(blank, z.string().trim().min(1).optional()),
    /** 'true': the bucket in the path (`endpoint/bucket/key`), as MinIO and most emulators need. */
    S3_FORCE_PATH_STYLE: z.preprocess(blank, z.enum(['true', 'false'], { error: "deve ser 'true' ou 'false'" }).default('false')),
    SEED_DEMO: z.enum(['true', 'false']).default('true'),
    /**
     * 'on' (default): this process also runs the job queue (e-mails, order expiry, payment
     * reconciliation, maintenance); 'off': it only serves pages, and jobs it enqueues run in a worker
     * (`npm run worker`) or another instance. docs/decisions/0125-durable-jobs.md.
     */
    JOBS: z.preprocess(blank, z.enum(['on', 'off'], { error: "deve ser 'on' ou 'off'" }).default('on')),
    CATALOG_SIZE: z.coerce.number().int().min(50).max(200_000).default(320),
    /** Embedded database buffer cache in MB; unset: sized to the data at start (server/db/buffers.ts). */
    PGLITE_SHARED_BUFFERS_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(16).max(1024).optional()),
    /** ViaCEP-compatible CEP service (`{url}/{cep}/json/`), asked first with a 2 s timeout; unset: bundled CEP data only. */
    CEP_PROVIDER_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional(),
    ),
    /** smtp:// or smtps:// server for the store's e-mail; unset: each message is an .eml file in DATA_DIR/outbox/. */
    SMTP_URL: z.preprocess(
      (v) => (v === '' ? undefined : v),
      z
        .string()
        .regex(/^smtps?:\/\//, 'deve começar com smtp:// ou smtps://')
        .optional(),
    ),
    /** Sender of the store's e-mail; default: the store profile's name and e-mail. */
    MAIL_FROM: z.preprocess((v) => (v === '' ? undefined : v), z.string().min(3).optional()),
    /**
     * Registration captcha (ALTCHA proof of work): PBKDF2 iterations per attempt and the largest
     * number of attempts a challenge may need (the browser tries about half of it on average).
     * Tests lower them; raising them slows bots and phones alike.
     */
    CAPTCHA_COST: z.coerce.number().int().min(1).max(1_000_000).default(5_000),
    CAPTCHA_MAX_COUNTER: z.coerce.number().int().min(2).max(1_000_000).default(10_000),
    /**
     * Proxies in front of the store whose X-Forwarded-* headers count (server/lib/trust-proxy.ts):
     * 'false'; 'true' (one proxy); a number of hops; or a comma list of proxy addresses/CIDRs.
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default('false')
      .superRefine((value, ctx) => {
        try {
          parseTrustProxy(value)
        } catch (err) {
          ctx.addIssue({ code: 'custom', message: (err as Error).message })
        }
      }),
    /**
     * Extra sources for the pages' Content-Security-Policy (space-separated, e.g. a CDN), added to
     * what server/http/csp.ts allows; a payment provider's own are listed there.
     */
    CSP_EXTRA_SCRIPT_SRC: z.string().optional(),
    CSP_EXTRA_CONNECT_SRC: z.string().optional(),
    CSP_EXTRA_FRAME_SRC: z.string().optional(),
    /**
     * HMAC secret of payment webhooks (at least 32 characters; decision 0017). Unset: one generated
     * once in DATA_DIR/payments-webhook.secret. Instances sharing a database must share it.
     */
    PAYMENTS_WEBHOOK_SECRET: z.preprocess((v) => (v === '' ? undefined : v), z.string().trim().min(32, 'deve ter ao menos 32 caracteres').optional()),
    /**
     * 'sandbox' (offline; the default in demo mode) or 'mercadopago' (docs/decisions/0052-mercado-pago.md,
     * README "Pagamentos reais"). Live mode has no default: the sandbox must be asked for by name.
     */
    PAYMENT_PROVIDER: z.preprocess(blank, z.enum(['sandbox', 'mercadopago'], { error: "deve ser 'sandbox' ou 'mercadopago'" }).optional()),
    /**
     * Demo mode only: 'true' lets the published demo passwords in from any address (a demo shown
     * on a network); unset, they work from this machine only (docs/decisions/0122-live-mode.md).
     */
    DEMO_OPEN_TO_NETWORK: z.preprocess(blank, z.enum(['true', 'false'], { error: "deve ser 'true' ou 'false'" }).optional()),
    /** Mercado Pago's private credential (server only): APP_USR-… in production, TEST-… for test accounts. */
    MERCADOPAGO_ACCESS_TOKEN: z.preprocess(
      blank,
      z
        .string()
        .regex(/^(APP_USR|TEST)-[\w-]{10,}$/, 'deve ser o Access Token do Mercado Pago (APP_USR-… ou TEST-…)')
        .optional(),
    ),
    /** Mercado Pago's public key, sent to the browser to turn the card into a token there. */
    MERCADOPAGO_PUBLIC_KEY: z.preprocess(
      blank,
      z
        .string()
        .regex(/^(APP_USR|TEST)-[\w-]{8,}$/, 'deve ser a Public Key do Mercado Pago (APP_USR-… ou TEST-…)')
        .optional(),
    ),
    /** The secret signature of the application's webhooks ("Suas integrações" → Webhooks). */
    MERCADOPAGO_WEBHOOK_SECRET: z.preprocess(
      blank,
      z
        .string()
        .regex(/^[\w-]{16,}$/, 'deve ser a assinatura secreta dos webhooks (ao menos 16 caracteres)')
        .optional(),
    ),
    /** The API's address; tests point it at a fake on loopback. */
    MERCADOPAGO_API_URL: z.preprocess(
      blank,
      z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).default('https://api.mercadopago.com'),
    ),
    /**
     * Who quotes shipping (docs/decisions/0128-shipping-providers.md): 'tabela' (the store's own table in
     * config/store.json, offline, the default) or 'melhorenvio' (live carrier prices, README "Frete com
     * Melhor Envio").
     */
    SHIPPING_PROVIDER: z.preprocess(blank, z.enum(['tabela', 'melhorenvio'], { error: "deve ser 'tabela' ou 'melhorenvio'" }).default('tabela')),
    /** Melhor Envio's access token (the panel's "Gerar token", or an OAuth2 token of the application): server only. */
    MELHORENVIO_TOKEN: z.preprocess(blank, z.string().trim().min(20, 'deve ser o token de acesso do Melhor Envio (ao menos 20 caracteres)').optional()),
    /** The API's address: production by default; the sandbox is https://sandbox.melhorenvio.com.br; tests point it at a fake on loopback. */
    MELHORENVIO_API_URL: z.preprocess(
      blank,
      z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).default('https://melhorenvio.com.br'),
    ),
    /** Melhor Envio asks every request to name the application and a technical contact: "Minha Loja (ti@minhaloja.com.br)". */
    MELHORENVIO_USER_AGENT: z.preprocess(
      blank,
      z
        .string()
        .trim()
        .max(200)
        .regex(
          /^[^@\s][^@]*?(\s+|\s*[(<])[\w.+-]+@[\w-]+(\.[\w-]+)+[)>]?$/,
          'deve ser o nome da aplicação e um e-mail técnico, ex.: Minha Loja (ti@minhaloja.com.br)',
        )
        .optional(),
    ),
    /** The application's secret, with which Melhor Envio signs its webhooks (X-ME-Signature). */
    MELHORENVIO_WEBHOOK_SECRET: z.preprocess(
      blank,
      z.string().trim().min(16, 'deve ser o segredo da aplicação no Melhor Envio (ao menos 16 caracteres)').optional(),
    ),
    /**
     * Webhook URLs on loopback and private addresses, over http too (tests and a local receiver
     * only; refused with STORE_MODE=live). Otherwise only https URLs resolving to public addresses.
     */
    WEBHOOKS_ALLOW_PRIVATE: z.preprocess(blank, z.enum(['true', 'false'], { error: "deve ser 'true' ou 'false'" }).default('false')),
    /**
     * Who issues the NF-e of a paid order (docs/decisions/0129-nfe.md): 'nenhum' (the default: orders
     * carry no invoice) or 'focusnfe' (README "Nota fiscal eletrônica").
     */
    FISCAL_PROVIDER: z.preprocess(blank, z.enum(['nenhum', 'focusnfe'], { error: "deve ser 'nenhum' ou 'focusnfe'" }).default('nenhum')),
    /** Focus NFe's access token (one per environment): server only, never logged. */
    FOCUSNFE_TOKEN: z.preprocess(blank, z.string().trim().min(16, 'deve ser o token da Focus NFe (ao menos 16 caracteres)').optional()),
    /** The API's host without /v2: production by default; homologação is https://homologacao.focusnfe.com.br; tests point it at a fake on loopback. */
    FOCUSNFE_API_URL: z.preprocess(
      blank,
      z
        .url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' })
        .refine((v) => !/\/v2\/?$/.test(v), 'sem o /v2 no fim: só o endereço do servidor')
        .default('https://api.focusnfe.com.br'),
    ),
    /** What Focus NFe's hook sends in Authorization (the hook's "authorization" when created); unset: webhooks refused, polling only. */
    FOCUSNFE_WEBHOOK_SECRET: z.preprocess(blank, z.string().trim().min(16, 'deve ter ao menos 16 caracteres').optional()),
  })
  .superRefine((env, ctx) => {
    if (env.FISCAL_PROVIDER === 'focusnfe') {
      if (!env.FOCUSNFE_TOKEN) ctx.addIssue({ code: 'custom', path: ['FOCUSNFE_TOKEN'], message: 'obrigatório com FISCAL_PROVIDER=focusnfe' })
      // A live store's invoices must have fiscal value: homologação's have none.
      if (env.STORE_MODE === 'live' && hostOf(env.FOCUSNFE_API_URL).startsWith('homologacao.')) {
        ctx.addIssue({
          code: 'custom',
          path: ['FOCUSNFE_API_URL'],
          message: 'com STORE_MODE=live use a API de produção (https://api.focusnfe.com.br), não a de homologação',
        })
      }
    }
    if (env.MEDIA_STORAGE === 's3') {
      for (const name of ['S3_BUCKET', 'S3_ACCESS_KEY_ID', 'S3_SECRET_ACCESS_KEY'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'obrigatório com MEDIA_STORAGE=s3' })
      }
    }
    if (env.STORE_MODE === 'live') liveRequirements(env, ctx)
    if (env.STORE_MODE === 'live' && env.WEBHOOKS_ALLOW_PRIVATE === 'true') {
      ctx.addIssue({
        code: 'custom',
        path: ['WEBHOOKS_ALLOW_PRIVATE'],
        message: 'não é permitido com STORE_MODE=live: webhooks só para endereços públicos https',
      })
    }
    // Real money only in live mode: the demo takes Mercado Pago's test credentials, never production ones.
    if (env.STORE_MODE === 'demo' && env.PAYMENT_PROVIDER === 'mercadopago' && env.MERCADOPAGO_ACCESS_TOKEN?.startsWith('APP_USR-')) {
      ctx.addIssue({
        code: 'custom',
        path: ['MERCADOPAGO_ACCESS_TOKEN'],
        message: 'credencial de produção (APP_USR-…) só com STORE_MODE=live; na demonstração use a de teste (TEST-…)',
      })
    }
    if (env.SHIPPING_PROVIDER === 'melhorenvio') {
      for (const name of ['MELHORENVIO_TOKEN', 'MELHORENVIO_USER_AGENT'] as const) {
        if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'obrigatório com SHIPPING_PROVIDER=melhorenvio' })
      }
      // A live store quotes real prices: the sandbox's are made up.
      if (env.STORE_MODE === 'live' && hostOf(env.MELHORENVIO_API_URL).startsWith('sandbox.')) {
        ctx.addIssue({
          code: 'custom',
          path: ['MELHORENVIO_API_URL'],
          message: 'com STORE_MODE=live use a API de produção (https://melhorenvio.com.br), não o sandbox',
        })
      }
    }
    if (env.PAYMENT_PROVIDER !== 'mercadopago') return
    for (const name of ['MERCADOPAGO_ACCESS_TOKEN', 'MERCADOPAGO_PUBLIC_KEY', 'MERCADOPAGO_WEBHOOK_SECRET'] as const) {
      if (!env[name]) ctx.addIssue({ code: 'custom', path: [name], message: 'obrigatório com PAYMENT_PROVIDER=mercadopago' })
    }
    // The webhook's notification_url is the store's public address: Mercado Pago must reach it.
    if (!env.PUBLIC_URL) ctx.addIssue({ code: 'custom', path: ['PUBLIC_URL'], message: 'obrigatório com PAYMENT_PROVIDER=mercadopago (o endereço do webhook)' })
  })

  // Demo mode's provider when none is named: the offline sandbox.
  .transform((env) => ({ ...env, PAYMENT_PROVIDER: env.PAYMENT_PROVIDER ?? ('sandbox' as const) }))

/**
 * What a store on the internet cannot start without (README "Colocar a loja no ar"): each missing
 * piece is its own line of the message.
 */
function liveRequirements(env: { PUBLIC_URL?: string; SECRETS_KEY?: string; PAYMENT_PROVIDER?: string }, ctx: z.RefinementCtx): void {
  const issue = (path: string, message: string) => ctx.addIssue({ code: 'custom', path: [path], message })
  if (!env.PUBLIC_URL) issue('PUBLIC_URL', 'obrigatório com STORE_MODE=live: o endereço https da loja (ex.: https://www.minhaloja.com.br)')
  // A value that is no URL at all has its line already (the field's own check).
  else if (URL.canParse(env.PUBLIC_URL) && !isHttpsOrigin(env.PUBLIC_URL))
    issue('PUBLIC_URL', 'com STORE_MODE=live deve ser só a origem https da loja (ex.: https://www.minhaloja.com.br), sem caminho')
  if (!env.SECRETS_KEY) issue('SECRETS_KEY', 'obrigatório com STORE_MODE=live: gere uma com `openssl rand -base64 32`')
  if (!env.PAYMENT_PROVIDER) {
    issue('PAYMENT_PROVIDER', 'obrigatório com STORE_MODE=live: mercadopago para receber pagamentos, ou sandbox (explícito) para ensaiar sem cobrança')
  }
}

/**
 * A URL setting's host name, or '' when it is no URL: the object's checks run even after a field's
 * own check refused the value, and that field's line already says what is wrong.
 */
const hostOf = (value: string) => (URL.canParse(value) ? new URL(value).hostname : '')

function isHttpsOrigin(value: string): boolean {
  const url = new URL(value)
  return url.protocol === 'https:' && url.pathname === '/' && !url.search && !url.hash && !url.username && !url.password
}

export type Env = z.output<typeof envSchema> & { dataDir: string }

/** Parses the process environment; a bad value ends the process with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    if (source.STORE_MODE === 'live') lines.push('  (STORE_MODE=live: veja "Colocar a loja no ar" no README)')
    process.stderr.write(`Configuração inválida:\n${lines.join('\n')}\n`)
    process.exit(1)
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}
