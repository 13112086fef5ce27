import { mkdtempSync, readFileSync, rmSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import pino from 'pino'
import { afterAll, describe, expect, it } from 'vitest'
import { storeProfile } from '../../store-profile'
import { outboxDir, sendMail } from './mailer'
import { marketingMail } from './templates'

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-mailer-'))
afterAll(() => rmSync(dataDir, { recursive: true, force: true }))

describe('a marketing e-mail', () => {
  it('carries its way out in the text and as a List-Unsubscribe header, up to the delivered message', async () => {
    const out = 'https://loja.example/newsletter/sair/abc123abc123abc123'
    const mail = marketingMail(storeProfile, 'ana@example.com', 'Ofertas', ['Olá!'], undefined, out)
    expect(mail.text).toContain(out)
    expect(
      await sendMail({ env: { dataDir, SMTP_URL: undefined, MAIL_FROM: undefined }, store: storeProfile, log: pino({ level: 'silent' }) }, mail, 'k-1'),
    ).toBe(true)
    const eml = readFileSync(path.join(outboxDir(dataDir), 'k-1.eml'), 'utf8')
    expect(eml).toMatch(new RegExp(`^List-Unsubscribe: <${out}>$`, 'm'))
  })
})
