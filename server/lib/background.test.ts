import { mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterEach, describe, expect, it } from 'vitest'
import { sendLater, type AccountDeps } from '../domain/account/deps'
import { outboxDir } from '../integrations/mail/mailer'
import { backgroundSettled, inBackground } from './background'
import { every } from './every'

const folders: string[] = []
afterEach(() => {
  for (const f of folders.splice(0)) rmSync(f, { recursive: true, force: true })
})

describe('background work', () => {
  it('backgroundSettled waits for what runs, what it starts meanwhile, and failures alike', async () => {
    const order: string[] = []
    let open!: () => void
    inBackground(new Promise<void>((resolve) => (open = resolve)).then(() => void order.push('primeiro')))
    inBackground(Promise.reject(new Error('falhou'))).catch(() => order.push('falha vista'))
    const settled = backgroundSettled().then(() => order.push('terminado'))
    await new Promise((r) => setTimeout(r, 5))
    expect(order).toEqual(['falha vista'])
    // Begun while the shutdown waits: waited for too.
    inBackground(new Promise<void>((resolve) => setTimeout(resolve, 10)).then(() => void order.push('depois')))
    open()
    await settled
    expect(order).toEqual(['falha vista', 'primeiro', 'depois', 'terminado'])
    await backgroundSettled()
  })

  it('an account e-mail sent later is in the outbox once the background work has settled', async () => {
    const dataDir = mkdtempSync(path.join(tmpdir(), 'vitrine-background-'))
    folders.push(dataDir)
    const deps = { env: { dataDir }, store: { nome: 'Vitrine', email: 'loja@vitrine.test' }, log: pino({ level: 'silent' }) } as unknown as AccountDeps
    void sendLater(deps, { to: 'cliente@example.com', subject: 'Olá', text: 'Olá', html: '<p>Olá</p>' })
    await backgroundSettled()
    expect(readdirSync(outboxDir(dataDir)).filter((f) => f.endsWith('.eml'))).toHaveLength(1)
  })

  it("a timer job's round under way when the job stops is waited for", async () => {
    let started = false
    let ended = false
    const stop = every(1, pino({ level: 'silent' }), 'falhou', async () => {
      started = true
      await new Promise((r) => setTimeout(r, 20))
      ended = true
    })
    while (!started) await new Promise((r) => setTimeout(r, 1))
    stop()
    await backgroundSettled()
    expect(ended).toBe(true)
  })
})
