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
    expect(env.MEDIA_STORAGE).toBe('local')
    const s3 = loadEnv({ MEDIA_STORAGE: 's3', S3_BUCKET: 'vitrine-midia', S3_ACCESS_KEY_ID: 'chave', S3_SECRET_ACCESS_KEY: 'segredo' })
    expect(s3).toMatchObject({ S3_REGION: 'us-east-1', S3_FORCE_PATH_STYLE: 'false' })
    // Shipping: the store's own table unless Melhor Envio is named; its production API by default.
    expect(env.SHIPPING_PROVIDER).toBe('tabela')
    const me = loadEnv({ SHIPPING_PROVIDER: 'melhorenvio', MELHORENVIO_TOKEN: 't'.repeat(40), MELHORENVIO_USER_AGENT: 'Minha Loja (ti@minhaloja.com.br)' })
    expect(me.MELHORENVIO_API_URL).toBe('https://melhorenvio.com.br')
    // NF-e: none unless Focus NFe is named; its production host by default.
    expect(env.FISCAL_PROVIDER).toBe('nenhum')
    expect(loadEnv({ FISCAL_PROVIDER: 'focusnfe', FOCUSNFE_TOKEN: 'f'.repeat(32) }).FOCUSNFE_API_URL).toBe('https://api.focusnfe.com.br')
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
    [{ PUBLIC_URL: 'loja.example' }, 'PUBLIC_URL: deve ser um endereço http:// ou https://'],
    [{ MEDIA_STORAGE: 'nuvem' }, "MEDIA_STORAGE: deve ser 'local' ou 's3'"],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'midia' }, 'S3_ACCESS_KEY_ID: obrigatório com MEDIA_STORAGE=s3'],
    [{ MEDIA_STORAGE: 's3', S3_BUCKET: 'Minha_Midia', S3_ACCESS_KEY_ID: 'k', S3_SECRET_ACCESS_KEY: 's' }, 'S3_BUCKET: deve ser um nome de bucket válido'],
    [{ S3_ENDPOINT: 'minio:9000' }, 'S3_ENDPOINT: deve ser uma URL'],
    [{ SHIPPING_PROVIDER: 'correios' }, "SHIPPING_PROVIDER: deve ser 'tabela' ou 'melhorenvio'"],
    [{ SHIPPING_PROVIDER: 'melhorenvio' }, 'MELHORENVIO_TOKEN: obrigatório com SHIPPING_PROVIDER=melhorenvio'],
    [{ SHIPPING_PROVIDER: 'melhorenvio', MELHORENVIO_TOKEN: 't'.repeat(40) }, 'MELHORENVIO_USER_AGENT: obrigatório com SHIPPING_PROVIDER=melhorenvio'],
    [
      { SHIPPING_PROVIDER: 'melhorenvio', MELHORENVIO_TOKEN: 't'.repeat(40), MELHORENVIO_USER_AGENT: 'Minha Loja' },
      'MELHORENVIO_USER_AGENT: deve ser o nome da aplicação e um e-mail técnico',
    ],
    [{ MELHORENVIO_API_URL: 'sandbox.melhorenvio.com.br' }, 'MELHORENVIO_API_URL: deve ser uma URL'],
    [{ FISCAL_PROVIDER: 'bling' }, "FISCAL_PROVIDER: deve ser 'nenhum' ou 'focusnfe'"],
    [{ FISCAL_PROVIDER: 'focusnfe' }, 'FOCUSNFE_TOKEN: obrigatório com FISCAL_PROVIDER=focusnfe'],
    [{ FOCUSNFE_API_URL: 'https://api.focusnfe.com.br/v2' }, 'FOCUSNFE_API_URL: sem o /v2 no fim'],
  ])('a bad value (%o) stops the start with a clear message and no stack trace', (env, expected) => {
    const result = bootWith(env)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Configuração inválida:')
    expect(result.stderr).toContain(expected)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})

describe('live mode (STORE_MODE=live)', () => {
  const ready = { STORE_MODE: 'live', PUBLIC_URL: 'https://loja.example', SECRETS_KEY: 'k'.repeat(32), PAYMENT_PROVIDER: 'sandbox' }

  it('a start without its settings names each missing piece, in Portuguese', () => {
    const result = bootWith({ STORE_MODE: 'live' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Configuração inválida:')
    expect(result.stderr).toContain('PUBLIC_URL: obrigatório com STORE_MODE=live')
    expect(result.stderr).toContain('SECRETS_KEY: obrigatório com STORE_MODE=live')
    expect(result.stderr).toContain('PAYMENT_PROVIDER: obrigatório com STORE_MODE=live')
    expect(result.stderr).toContain('Colocar a loja no ar')
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it.each([
    [{ ...ready, PUBLIC_URL: 'http://loja.example' }, 'PUBLIC_URL: com STORE_MODE=live deve ser só a origem https'],
    [{ ...ready, PUBLIC_URL: 'https://loja.example/loja/' }, 'PUBLIC_URL: com STORE_MODE=live deve ser só a origem https'],
    [{ ...ready, SECRETS_KEY: '' }, 'SECRETS_KEY: obrigatório com STORE_MODE=live'],
    [{ ...ready, PAYMENT_PROVIDER: '' }, 'PAYMENT_PROVIDER: obrigatório com STORE_MODE=live'],
    // Not a URL at all: its own pt-BR line, not a TypeError from the live check.
    [{ ...ready, PUBLIC_URL: 'www.minhaloja.com.br' }, 'PUBLIC_URL: deve ser um endereço http:// ou https://'],
    [
      {
        ...ready,
        SHIPPING_PROVIDER: 'melhorenvio',
        MELHORENVIO_TOKEN: 't'.repeat(40),
        MELHORENVIO_USER_AGENT: 'Loja (ti@loja.example)',
        MELHORENVIO_API_URL: 'melhorenvio',
      },
      'MELHORENVIO_API_URL: deve ser uma URL',
    ],
    [{ ...ready, FISCAL_PROVIDER: 'focusnfe', FOCUSNFE_TOKEN: 'f'.repeat(32), FOCUSNFE_API_URL: 'focusnfe' }, 'FOCUSNFE_API_URL: deve ser uma URL'],
  ])('a live start with %o is refused in one readable message', (env, expected) => {
    const result = bootWith(env)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Configuração inválida:')
    expect(result.stderr).toContain(expected)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })

  it('starts with an https origin, a key and the provider named; the sandbox only when asked for', () => {
    const env = loadEnv(ready)
    expect(env.STORE_MODE).toBe('live')
    expect(env.PAYMENT_PROVIDER).toBe('sandbox')
    expect(loadEnv({ ...ready, PUBLIC_URL: 'https://loja.example/' }).PUBLIC_URL).toBe('https://loja.example/')
  })

  it("quotes real carrier prices: Melhor Envio's sandbox is refused", () => {
    const me = { ...ready, SHIPPING_PROVIDER: 'melhorenvio', MELHORENVIO_TOKEN: 't'.repeat(40), MELHORENVIO_USER_AGENT: 'Minha Loja (ti@minhaloja.com.br)' }
    expect(loadEnv(me).SHIPPING_PROVIDER).toBe('melhorenvio')
    const result = bootWith({ ...me, MELHORENVIO_API_URL: 'https://sandbox.melhorenvio.com.br' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('MELHORENVIO_API_URL: com STORE_MODE=live use a API de produção')
  })

  it("issues invoices with fiscal value: Focus NFe's homologação is refused", () => {
    const focus = { ...ready, FISCAL_PROVIDER: 'focusnfe', FOCUSNFE_TOKEN: 'f'.repeat(32) }
    expect(loadEnv(focus).FISCAL_PROVIDER).toBe('focusnfe')
    const result = bootWith({ ...focus, FOCUSNFE_API_URL: 'https://homologacao.focusnfe.com.br' })
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('FOCUSNFE_API_URL: com STORE_MODE=live use a API de produção')
  })

  it('the demo takes only test credentials of Mercado Pago: real money is for live mode', () => {
    const mp = {
      PAYMENT_PROVIDER: 'mercadopago',
      PUBLIC_URL: 'https://loja.example',
      MERCADOPAGO_ACCESS_TOKEN: 'APP_USR-1234567890-abc',
      MERCADOPAGO_PUBLIC_KEY: 'APP_USR-abcdefgh-1',
      MERCADOPAGO_WEBHOOK_SECRET: 'a'.repeat(32),
    }
    const result = bootWith(mp)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('MERCADOPAGO_ACCESS_TOKEN: credencial de produção (APP_USR-…) só com STORE_MODE=live')
    expect(loadEnv({ ...mp, STORE_MODE: 'live', SECRETS_KEY: 'k'.repeat(32) }).PAYMENT_PROVIDER).toBe('mercadopago')
    expect(loadEnv({ ...mp, MERCADOPAGO_ACCESS_TOKEN: 'TEST-1234567890-abc' }).PAYMENT_PROVIDER).toBe('mercadopago')
  })
})
