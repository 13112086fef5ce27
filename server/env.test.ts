import { spawnSync } from 'node:child_process'
import { describe, expect, it } from 'vitest'
import { loadEnv } from './env'

function bootWith(env: Record<string, string>) {
  return spawnSync(process.execPath, ['--import', 'tsx', '-e', "import('./server/env.ts').then((m) => m.loadEnv())"], {
    env: { PATH: process.env.PATH ?? '', ...env },
    encoding: 'utf8',
  })
}

describe('configuration', () => {
  it('has working defaults', () => {
    const env = loadEnv({})
    expect(env.PORT).toBe(3000)
    expect(env.dataDir).toMatch(/data$/)
    expect(env.DATABASE_URL).toBeUndefined()
    expect(loadEnv({ DATABASE_URL: '' }).DATABASE_URL).toBeUndefined()
    expect(env.PAYMENT_PROVIDER).toBe('sandbox')
    const mp = loadEnv({
      PAYMENT_PROVIDER: 'mercadopago',
      PUBLIC_URL: 'https://loja.example',
      MERCADOPAGO_ACCESS_TOKEN: 'TEST-1234567890-abc',
      MERCADOPAGO_PUBLIC_KEY: 'TEST-abcdefgh-1',
      MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(32),
    })
    expect(mp.MERCADOPAGO_API_URL).toBe('https://api.mercadopago.com')
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: deve começar com postgres://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
    [{ PAYMENT_PROVIDER: 'paypal' }, "PAYMENT_PROVIDER: deve ser 'sandbox' ou 'mercadopago'"],
    [{ PAYMENT_PROVIDER: 'mercadopago', PUBLIC_URL: 'https://loja.example' }, 'MERCADOPAGO_ACCESS_TOKEN: obrigatório com PAYMENT_PROVIDER=mercadopago'],
    [
      {
        PAYMENT_PROVIDER: 'mercadopago',
        PUBLIC_URL: 'https://loja.example',
        MERCADOPAGO_ACCESS_TOKEN: 'segredo',
        MERCADOPAGO_PUBLIC_KEY: 'TEST-abcdefgh-1',
        MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(32),
      },
      'MERCADOPAGO_ACCESS_TOKEN: deve ser o Access Token',
    ],
    [
      {
        PAYMENT_PROVIDER: 'mercadopago',
        MERCADOPAGO_ACCESS_TOKEN: 'TEST-1234567890-abc',
        MERCADOPAGO_PUBLIC_KEY: 'TEST-abcdefgh-1',
        MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(32),
      },
      'PUBLIC_URL: obrigatório',
    ],
    [{ MERCADOPAGO_API_URL: 'ftp://x' }, 'MERCADOPAGO_API_URL'],
  ])('a bad value (%o) stops the start with a clear message and no stack trace', (env, expected) => {
    const result = bootWith(env)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Configuração inválida:')
    expect(result.stderr).toContain(expected)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})
