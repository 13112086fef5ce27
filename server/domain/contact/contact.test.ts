import { and, eq } from 'drizzle-orm'
import { readdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { messageListQuerySchema } from '../../../contract/admin/after-sale'
import { CONTACT } from '../../../contract/messages/contact'
import { testEnv } from '../../../tests/support/app'
import { createShopper } from '../../../tests/support/checkout'
import { createTestDatabase, testDbKind } from '../../../tests/support/db'
import type { Database, Db } from '../../db/client'
import { auditLog, contactMessages } from '../../db/schema'
import { storeProfile } from '../../store-profile'
import { closeMessage, listMessagesForStaff, messageForStaff, replyToMessage } from './admin'
import { contactSender, sendContactMessage, type ContactDeps } from './messages'
import { drained, runJobs } from '../../../tests/support/jobs'
import type { Jobs } from '../../../server/jobs/runner'

let database: Database
let db: Db
let deps: ContactDeps
// Its own outbox: other test files read theirs.
const env = { ...testEnv, dataDir: `${testEnv.dataDir}-contact-${process.pid}` }
const actor = { kind: 'staff' as const, staffId: 7, name: 'Bruna (loja)', ip: null }

let jobs: Jobs
beforeAll(async () => {
  database = await createTestDatabase()
  jobs = await runJobs(database, env)
  db = database.db
  deps = { db, env, store: storeProfile, log: pino({ level: 'silent' }) }
})
afterAll(async () => {
  await jobs?.stop()
  await database?.close()
})

const outboxTo = (email: string) => {
  const dir = path.join(env.dataDir, 'outbox')
  return readdirSync(dir)
    .map((f) => readFileSync(path.join(dir, f), 'utf8'))
    .filter((m) => m.includes(`To: ${email}`))
}
const message = (over: Record<string, unknown> = {}) => ({
  nome: 'Rita Souza',
  email: 'rita@example.com',
  pedido: '',
  assunto: 'Entrega',
  mensagem: 'Quando chega?',
  altcha: '',
  ...over,
})

describe(`Fale conosco (${testDbKind})`, () => {
  it('a visitor needs the captcha; a logged-in customer writes without one, as themselves', async () => {
    const visitor = { customerId: null, ip: '203.0.113.10' }
    expect(await sendContactMessage(deps, visitor, message())).toMatchObject({ code: CONTACT.captchaMissing.code })
    expect(await sendContactMessage(deps, visitor, message({ altcha: 'bm90LWEtY2FwdGNoYQ==' }))).toMatchObject({ code: CONTACT.captchaRefused.code })
    const shopper = await createShopper(db, 'contato1')
    expect(await contactSender(db, shopper.customerId)).toEqual({ nome: 'contato1 Teste', email: 'contato1@example.com' })
    expect(await contactSender(db, null)).toBeNull()
    expect(await sendContactMessage(deps, { customerId: shopper.customerId, ip: '203.0.113.10' }, message())).toMatchObject({ estado: 'sucesso' })
    expect(await db.select().from(contactMessages).where(eq(contactMessages.customerId, shopper.customerId))).toMatchObject([
      { status: 'nova', subject: 'Entrega' },
    ])
  })

  it('words made only of control characters are no message; five per e-mail an hour', async () => {
    const shopper = await createShopper(db, 'contato2')
    const from = { customerId: shopper.customerId, ip: '203.0.113.11' }
    const before = (await db.select().from(contactMessages)).length
    for (const [over, code] of [
      [{ mensagem: '\u0007\u001b' }, CONTACT.messageEmpty.code],
      [{ assunto: '\u0007' }, CONTACT.subjectEmpty.code],
      [{ nome: '\u001b' }, CONTACT.nameEmpty.code],
    ] as const) {
      expect(await sendContactMessage(deps, from, message({ email: 'lote@example.com', ...over }))).toMatchObject({ code })
    }
    expect((await db.select().from(contactMessages)).length).toBe(before)
    // The refused ones above counted too (the ration is taken before the text is read).
    for (let i = 0; i < 2; i++) expect(await sendContactMessage(deps, from, message({ email: 'lote@example.com' }))).toMatchObject({ estado: 'sucesso' })
    expect(await sendContactMessage(deps, from, message({ email: 'lote@example.com' }))).toMatchObject({ code: CONTACT.tooMany.code, category: 'rate_limited' })
    expect((await db.select().from(contactMessages)).length).toBe(before + 2)
  })
})

describe(`Mensagens for staff (${testDbKind})`, () => {
  it('replies by e-mail to the sender (respondida), once for the same answer; closes; refuses a reply to a closed one', async () => {
    const [row] = await db
      .insert(contactMessages)
      .values({ name: 'Paula Lima', email: 'paula@example.com', subject: 'Prazo', message: 'Quando chega?' })
      .returning()
    const id = row!.id
    expect(await replyToMessage(deps, { id, reply: '   ', actor })).toMatchObject({ code: CONTACT.replyEmpty.code })
    expect(await replyToMessage(deps, { id, reply: 'x'.repeat(4001), actor })).toMatchObject({ code: CONTACT.replyTooLong.code })
    expect(await replyToMessage(deps, { id: 2_000_000_000, reply: 'Oi', actor })).toMatchObject({ code: CONTACT.notFound.code })
    expect(await replyToMessage(deps, { id, reply: 'Chega amanhã.\nObrigado!', actor })).toMatchObject({
      status: 'respondida',
      reply: 'Chega amanhã.\nObrigado!',
    })
    expect(await replyToMessage(deps, { id, reply: 'Chega amanhã.\nObrigado!', actor })).toMatchObject({ status: 'respondida' })
    await drained(database)
    const sent = outboxTo('paula@example.com')
    expect(sent).toHaveLength(1)
    expect(sent[0]).toContain('Subject: Re: Prazo')
    expect(await closeMessage(db, { id, actor })).toMatchObject({ status: 'encerrada' })
    expect(await closeMessage(db, { id, actor })).toMatchObject({ code: CONTACT.alreadyClosed.code })
    expect(await replyToMessage(deps, { id, reply: 'De novo', actor })).toMatchObject({ code: CONTACT.closed.code })
    const audited = await db
      .select({ action: auditLog.action, before: auditLog.before, after: auditLog.after, actorId: auditLog.actorId })
      .from(auditLog)
      .where(and(eq(auditLog.entity, 'contact_message'), eq(auditLog.entityId, String(id))))
      .orderBy(auditLog.id)
    expect(audited).toEqual([
      {
        action: 'mensagem.responder',
        actorId: 7,
        before: { status: 'nova', resposta: null },
        after: { status: 'respondida', resposta: 'Chega amanhã.\nObrigado!' },
      },
      {
        action: 'mensagem.encerrar',
        actorId: 7,
        before: { status: 'respondida', resposta: 'Chega amanhã.\nObrigado!' },
        after: { status: 'encerrada', resposta: 'Chega amanhã.\nObrigado!' },
      },
    ])
  })

  it('Mensagens: new ones first, newest first, a keyset page at a time both ways', async () => {
    const inserted = await db
      .insert(contactMessages)
      .values(
        Array.from({ length: 7 }, (_, i) => ({ name: `Cliente ${i}`, email: `pagina${i}@example.com`, subject: `Assunto ${i}`, message: `Mensagem ${i}` })),
      )
      .returning({ id: contactMessages.id })
    const ids = inserted.map((r) => r.id).reverse()
    const page = (query: Record<string, string>) => listMessagesForStaff(db, messageListQuerySchema.parse({ situacao: 'nova', por: '5', ...query }))
    const first = await page({})
    expect(first.rows.map((r) => r.id)).toEqual(ids.slice(0, 5))
    expect(first.prev).toBeNull()
    const second = await page({ apos: first.next! })
    expect(second.rows.map((r) => r.id).slice(0, 2)).toEqual(ids.slice(5))
    const back = await page({ antes: second.prev! })
    expect(back.rows.map((r) => r.id)).toEqual(ids.slice(0, 5))
    expect(first.counts.nova).toBeGreaterThanOrEqual(7)
    expect(await messageForStaff(db, ids[0]!)).toMatchObject({ subject: 'Assunto 6', status: 'nova' })
    expect(await messageForStaff(db, 2_000_000_000)).toBeNull()
  })
})
