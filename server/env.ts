import path from 'node:path'
import { z } from 'zod'

const envSchema = z.object({
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
  PUBLIC_URL: z.url().optional(),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  CATALOG_SIZE: z.coerce.number().int().min(50).max(200_000).default(320),
  /** Embedded database buffer cache in MB; unset: sized to the data at start (server/db/buffers.ts). */
  PGLITE_SHARED_BUFFERS_MB: z.preprocess((v) => (v === '' ? undefined : v), z.coerce.number().int().min(16).max(1024).optional()),
  /** ViaCEP-compatible CEP service (`{url}/{cep}/json/`), asked first with a 2 s timeout; unset: bundled CEP data only. */
  CEP_PROVIDER_URL: z.preprocess((v) => (v === '' ? undefined : v), z.url({ protocol: /^https?$/, error: 'deve ser uma URL http:// ou https://' }).optional()),
})

export type Env = z.infer<typeof envSchema> & { dataDir: string }

/** Parses the process environment; a bad value ends the process with a readable message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const parsed = envSchema.safeParse(source)
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`)
    process.stderr.write(`Configuração inválida:\n${lines.join('\n')}\n`)
    process.exit(1)
  }
  return { ...parsed.data, dataDir: path.resolve(parsed.data.DATA_DIR) }
}
