import type { AddressInfo } from 'node:net'
import { eq } from 'drizzle-orm'
import pino from 'pino'
import { SMTPServer, type SMTPServerSession } from 'smtp-server'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import { testEnv } from '../../tests/support/app'
import { createTestDatabase, testDbKind } from '../../tests/support/db'
import { drained, runJobs } from '../../tests/support/jobs'
import type { Database } from '../db/client'
import { sentMail } from '../db/schema'
import { storeProfile } from '../store-profile'
import { enqueueMail, type MailJob } from './mail'
import { deliverMail, type Jobs } from './runner'

/**
 * The e-mail job over SMTP (SMTP_URL), against a real SMTP server on loopback (nodemailer's own
 * `smtp-server`): what the server accepted, under which Message-ID, and what a refusal or a retry
 * leaves behind (docs/decisions/0125-durable-jobs.md).
 */
type Received = { from: string; to: string[]; raw: string }
const received: Received[] = []
/** What the server answers the next RCPT TO with, once: a permanent or a temporary refusal. */
let refuseNext: { code: number; message: string } | null = null

const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onRcptTo(address, _session, callback) {
    const refusal = refuseNext
    refuseNext = null
    if (refusal) return callback(Object.assign(new Error(refusal.message), { responseCode: refusal.code }))
    callback()
  },
  onData(stream, session: SMTPServerSession, callback) {
    const chunks: Buffer[] = []
    stream.on('data', (c: Buffer) => chunks.push(c))
    stream.on('end', () => {
      received.push({
        from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
        to: session.envelope.rcptTo.map((r) => r.address),
        raw: Buffer.concat(chunks).toString('utf8'),
      })
      callback()
    })
  },
})

let database: Database
let jobs: Jobs
let env: typeof testEnv
const log = pino({ level: 'silent' })
const mail = (to: string) => ({ to, subject: `Pedido confirmado — ${to}`, text: 'Olá, seu pedido foi recebido.', html: '<p>Olá, seu pedido foi recebido.</p>' })
const to = (address: string) => received.filter((m) => m.to.includes(address))
const messageId = (raw: string) => /^Message-ID: (.+)$/im.exec(raw)?.[1].trim()

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const { port } = server.server.address() as AddressInfo
  env = { ...testEnv, dataDir: `${testEnv.dataDir}-smtp-${process.pid}`, SMTP_URL: `smtp://127.0.0.1:${port}` }
  database = await createTestDatabase()
  jobs = await runJobs(database, env)
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
  await new Promise<void>((resolve) => server.close(() => resolve()))
})
beforeEach(() => {
  refuseNext = null
})

describe(`the e-mail job over SMTP (${testDbKind})`, () => {
  it('a committed e-mail reaches the SMTP server once, under its key as Message-ID; a rolled-back one never', async () => {
    await database.db
      .transaction(async (tx) => {
        await enqueueMail(tx, { mail: mail('desfeito@example.com') })
        throw new Error('rollback')
      })
      .catch(() => {})
    await database.db.transaction((tx) => enqueueMail(tx, { mail: mail('ana@example.com') }))
    await drained(database)

    expect(to('desfeito@example.com')).toHaveLength(0)
    const [got, ...more] = to('ana@example.com')
    expect(more).toHaveLength(0)
    expect(got.from).toBe(storeProfile.email)
    expect(got.raw).toMatch(/^Subject: .+$/m)
    expect(got.raw).toContain('seu pedido foi recebido')
    const [row] = await database.db.select().from(sentMail).where(eq(sentMail.to, 'ana@example.com'))
    expect(messageId(got.raw)).toBe(`<${row.key}@${storeProfile.email.split('@')[1]}>`)
  })

  it('a delivered job run again sends nothing more over SMTP', async () => {
    const job: MailJob = { key: 'smtp-repetido-1', mail: mail('bia@example.com') }
    const deps = { database, env, store: storeProfile, log }
    await deliverMail(deps, job)
    await deliverMail(deps, job)
    await Promise.all([deliverMail(deps, job), deliverMail(deps, job)])
    expect(to('bia@example.com')).toHaveLength(1)
    expect(await database.db.select().from(sentMail).where(eq(sentMail.key, job.key))).toHaveLength(1)
  })

  it('a refusal by the server fails the job and records nothing; the retry delivers one copy', async () => {
    const deps = { database, env, store: storeProfile, log }
    for (const refusal of [
      { code: 451, message: 'Tente mais tarde' },
      { code: 550, message: 'Caixa indisponível' },
    ]) {
      const address = `recusa-${refusal.code}@example.com`
      const job: MailJob = { key: `smtp-recusa-${refusal.code}`, mail: mail(address) }
      refuseNext = refusal
      await expect(deliverMail(deps, job)).rejects.toThrow(String(refusal.code))
      expect(to(address)).toHaveLength(0)
      expect(await database.db.select().from(sentMail).where(eq(sentMail.key, job.key))).toHaveLength(0)

      await deliverMail(deps, job)
      expect(to(address)).toHaveLength(1)
      expect(await database.db.select().from(sentMail).where(eq(sentMail.key, job.key))).toHaveLength(1)
    }
  })

  it('a send whose record was lost goes again under the same Message-ID, so the mailbox keeps one', async () => {
    // The one window SMTP leaves: the server took the message, the process died before sent_mail.
    const job: MailJob = { key: 'smtp-janela-1', mail: mail('caio@example.com') }
    const deps = { database, env, store: storeProfile, log }
    await deliverMail(deps, job)
    await database.db.delete(sentMail).where(eq(sentMail.key, job.key))
    await deliverMail(deps, job)
    const copies = to('caio@example.com')
    expect(copies).toHaveLength(2)
    expect(new Set(copies.map((c) => messageId(c.raw)))).toEqual(new Set([`<smtp-janela-1@${storeProfile.email.split('@')[1]}>`]))
  })
})
