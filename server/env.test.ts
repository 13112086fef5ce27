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
  })

  it.each([
    [{ PORT: 'abc' }, 'PORT'],
    [{ PORT: '70000' }, 'PORT'],
    [{ DATABASE_URL: 'mysql://x' }, 'DATABASE_URL: deve começar com postgres://'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL'],
  ])('a bad value (%o) stops the start with a clear message and no stack trace', (env, expected) => {
    const result = bootWith(env)
    expect(result.status).toBe(1)
    expect(result.stderr).toContain('Configuração inválida:')
    expect(result.stderr).toContain(expected)
    expect(result.stderr).not.toMatch(/\n\s+at /)
  })
})
