// Outgoing webhooks (Standard Webhooks) end to end: a receiver on loopback verifies every message
// with the `standardwebhooks` package, is down for a while, and still gets every recorded event,
// exactly as recorded and in order per resource; an endpoint failing for days is disabled and the
// Dono e-mailed. The jobs run in this process (the queue's `webhooks` worker).
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import { and, eq, inArray, sql } from 'drizzle-orm'
import pino from 'pino'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database, Db } from '../../server/db/client'
import { auditLog, integrationEvents, products, webhookDeliveries, webhookEndpoints } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { deliverDue, messageBody, RETRY_SECONDS } from '../../server/domain/integrations/deliver'
import { createApiKey } from '../../server/domain/integrations/keys'
import { dropExpiredWebhookSecrets, resendDelivery } from '../../server/domain/integrations/webhooks'
import { webhookSignature } from '../../server/domain/integrations/sign'
import { isRefusal } from '../../server/domain/refusal'
import type { Env } from '../../server/env'
import type { Jobs } from '../../server/jobs/runner'
import { storeProfile } from '../../server/store-profile'
import { createStaffMember } from '../support/admin'
import { createTestApp, testEnv } from '../support/app'
import { FIXTURE } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createTestDatabase } from '../support/db'
import { queuedMails, runJobs } from '../support/jobs'

let database: Database
let db: Db
let fx: CatalogFixture
let jobs: Jobs
const env: Env = { ...testEnv, WEBHOOKS_ALLOW_PRIVATE: 'true', dataDir: `${testEnv.dataDir}-api-v1-webhooks-${process.pid}` }
const deps = () => ({ db, env, store: storeProfile, log: pino({ level: 'silent' }) })

/** A receiver: answers 503 while `down`, verifies each message with the endpoint's secret, keeps what it accepted. */
type Receiver = {
  server: Server
  url: string
  down: boolean
  secret: string
  got: Array<{ id: string; body: string; headers: Record<string, string> }>
  refused: number
}
async function receiver(): Promise<Receiver> {
  const r: Receiver = { server: createServer(), url: '', down: true, secret: '', got: [], refused: 0 }
  r.server.on('request', (req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      const body = Buffer.concat(chunks).toString('utf8')
      if (r.down) {
        r.refused++
        res.writeHead(503).end('fora do ar')
        return
      }
      try {
        new Webhook(r.secret).verify(body, req.headers as Record<string, string>)
      } catch {
        res.writeHead(400).end('assinatura inválida')
        return
      }
      r.got.push({ id: String(req.headers['webhook-id']), body, headers: req.headers as Record<string, string> })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok))
  r.url = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/webhooks`
  return r
}

/** Waits for `check` (a condition on the database, not a timing assertion), up to `ms`. */
async function until(check: () => Promise<boolean>, ms = 20_000): Promise<void> {
  const end = Date.now() + ms
  while (!(await check())) {
    if (Date.now() > end) throw new Error('condição não alcançada a tempo')
    await new Promise((r) => setTimeout(r, 50))
  }
}

const receivers: Receiver[] = []
beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  jobs = await runJobs(database, env)
  fx = await insertCatalogFixture(db)
}, 60_000)
afterAll(async () => {
  await jobs?.stop()
  for (const r of receivers) r.server.close()
  await database?.close()
})

async function api() {
  const made = await createApiKey(db, { name: 'Hub', scopes: ['webhooks:gerenciar', 'estoque:escrever', 'produtos:escrever'], actor: { kind: 'cli' } })
  if (isRefusal(made)) throw made
  const { app } = createTestApp(db, env)
  return (method: string, path: string, json?: unknown, headers: Record<string, string> = {}) =>
    app.request(`http://localhost/api/v1${path}`, {
      method,
      headers: { authorization: `Bearer ${made.chave}`, 'content-type': 'application/json', ...headers },
      body: json === undefined ? undefined : JSON.stringify(json),
    })
}

describe('outgoing webhooks', () => {
  it('signs exactly as Standard Webhooks does: v1, base64 HMAC-SHA256 of id.timestamp.body with the whsec_ secret', () => {
    const secret = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw'
    const at = new Date(1_700_000_000_000)
    const body = '{"type":"pedido.criado"}'
    expect(webhookSignature(secret, 'msg_1', 1_700_000_000, body)).toBe(new Webhook(secret).sign('msg_1', at, body))
  })

  it('retries soon, then backs off to about a day', () => {
    expect(RETRY_SECONDS.slice(0, 4)).toEqual([5, 30, 120, 600])
    const total = RETRY_SECONDS.reduce((a, b) => a + b, 0)
    expect(total).toBeGreaterThan(20 * 3600)
    expect(total).toBeLessThan(48 * 3600)
  })

  it('delivers every event, verified and in order per resource, to a receiver that was down for a while', async () => {
    const r = await receiver()
    receivers.push(r)
    const call = await api()
    const made = await call('POST', '/webhooks', { url: r.url, eventos: ['estoque.alterado', 'produto.atualizado'] })
    expect(made.status).toBe(201)
    const hook = (await made.json()) as { id: number; segredo: string }
    r.secret = hook.segredo
    const [capa] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, fx.ids[FIXTURE.CAPA]))
    const [dell] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, fx.ids[FIXTURE.DELL]))
    for (const q of [30, 31, 32]) expect((await call('PUT', `/produtos/${capa.sku}/estoque`, { quantidade: q })).status).toBe(200)
    expect((await call('PATCH', `/produtos/${dell.sku}`, { preco: 3700 })).status).toBe(200)
    expect((await call('POST', `/produtos/${dell.sku}/estoque/ajustes`, { delta: 1, motivo: 'achado' }, { 'idempotency-key': 'wh-1' })).status).toBe(201)
    // Down: each resource's first delivery is tried by the queue and fails; the others wait behind it.
    const mine = sql`endpoint_id = ${hook.id}`
    await until(async () => (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE ${mine} AND attempts > 0`))[0].n >= 2)
    const waiting = await rows<{ resource: string; attempts: number }>(db, sql`SELECT resource, attempts FROM webhook_deliveries WHERE ${mine} ORDER BY id`)
    expect(waiting).toHaveLength(5)
    expect(r.got).toEqual([])
    expect(r.refused).toBeGreaterThanOrEqual(2)
    // Up again; the retries are due (brought forward rather than waited for).
    r.down = false
    await db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE ${mine} AND status = 'pendente'`)
    await deliverDue(deps())
    await until(
      async () => (await rows<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM webhook_deliveries WHERE ${mine} AND status <> 'entregue'`))[0].n === 0,
    )
    const events = await db
      .select()
      .from(integrationEvents)
      .where(inArray(integrationEvents.resource, [`produto:${fx.ids[FIXTURE.CAPA]}`, `produto:${fx.ids[FIXTURE.DELL]}`]))
      .orderBy(integrationEvents.id)
    const expected = events.filter((e) => e.type === 'estoque.alterado' || e.type === 'produto.atualizado')
    expect(expected).toHaveLength(5)
    // Each message once (by webhook-id), exactly the recorded body.
    const byId = new Map(r.got.map((m) => [m.id, m.body]))
    expect([...byId.keys()].sort()).toEqual(expected.map((e) => `msg_${e.id}`).sort())
    for (const e of expected) expect(byId.get(`msg_${e.id}`)).toBe(messageBody({ type: e.type, created_at: e.createdAt, data: e.data }))
    // In order per resource: the first arrival of each message follows the events' order.
    for (const resource of new Set(expected.map((e) => e.resource))) {
      const ids = expected.filter((e) => e.resource === resource).map((e) => `msg_${e.id}`)
      const arrived = [...new Set(r.got.map((m) => m.id))].filter((id) => ids.includes(id))
      expect(arrived).toEqual(ids)
    }
    expect(JSON.parse(byId.get(`msg_${expected[0].id}`)!)).toMatchObject({ type: 'estoque.alterado', data: { sku: capa.sku, depois: 30 } })
  })

  it('disables an endpoint failing for days and e-mails the Dono; "reenviar" sends again', async () => {
    const dono = await createStaffMember(db, 'dono')
    const r = await receiver()
    receivers.push(r)
    const call = await api()
    const hook = (await (await call('POST', '/webhooks', { url: r.url, eventos: ['estoque.alterado'] })).json()) as { id: number; segredo: string }
    r.secret = hook.segredo
    await db
      .update(webhookEndpoints)
      .set({ failingSince: sql`now() - interval '4 days'` })
      .where(eq(webhookEndpoints.id, hook.id))
    const [capa] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, fx.ids[FIXTURE.CAPA]))
    expect((await call('PUT', `/produtos/${capa.sku}/estoque`, { quantidade: 12 })).status).toBe(200)
    await until(async () => !(await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)))[0].active)
    const mails = await queuedMails(database, dono.email)
    expect(mails.map((m) => m.subject)).toContain('Webhook desativado por falhas')
    const [failed] = await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))
    expect(failed).toMatchObject({ status: 'pendente', attempts: 1, lastStatus: 503 })
    // The receiver is back; the Dono's "Reenviar" turns the endpoint on again and sends the event once more.
    r.down = false
    const resent = await resendDelivery(db, { id: failed.id, actor: { kind: 'staff', staffId: dono.id, name: dono.nome, ip: null } })
    expect(isRefusal(resent)).toBe(false)
    await db.execute(sql`UPDATE webhook_deliveries SET next_attempt_at = now() WHERE endpoint_id = ${hook.id} AND status = 'pendente'`)
    await deliverDue(deps())
    await until(async () => (await db.select().from(webhookDeliveries).where(eq(webhookDeliveries.endpointId, hook.id))).every((d) => d.status === 'entregue'))
    expect(new Set(r.got.map((m) => m.id))).toEqual(new Set([`msg_${failed.eventId}`]))
    expect((await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id)))[0]).toMatchObject({ active: true, failingSince: null })
  })
  it('rotates a secret: the new one shown once, both signing for 24 h, then the old one dropped; audited', async () => {
    const r = await receiver()
    receivers.push(r)
    r.down = false
    const call = await api()
    const hook = (await (await call('POST', '/webhooks', { url: r.url, eventos: ['estoque.alterado'] })).json()) as { id: number; segredo: string }
    const old = hook.segredo
    r.secret = old
    expect((await call('POST', '/webhooks/999999/rotacionar-segredo')).status).toBe(404)
    const res = await call('POST', `/webhooks/${hook.id}/rotacionar-segredo`)
    expect(res.status).toBe(200)
    const rotated = (await res.json()) as { id: number; segredo: string; segredo_anterior_valido_ate: string }
    expect(rotated.segredo).toMatch(/^whsec_/)
    expect(rotated.segredo).not.toBe(old)
    const grace = new Date(rotated.segredo_anterior_valido_ate).getTime() - Date.now()
    expect(grace).toBeGreaterThan(23 * 3600_000)
    expect(grace).toBeLessThanOrEqual(24 * 3600_000)
    // The secret is not in the list, nor in the audit line.
    const listed = (await (await call('GET', '/webhooks')).json()) as { dados: Array<Record<string, unknown>> }
    expect(JSON.stringify(listed)).not.toContain(rotated.segredo)
    const [audit] = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'integracoes.webhook.rotacionar_segredo'), eq(auditLog.entityId, String(hook.id))))
    expect(audit).toMatchObject({ actorKind: 'api' })
    expect(JSON.stringify(audit)).not.toContain(rotated.segredo)
    expect(JSON.stringify(audit)).not.toContain(old)

    // During the grace period a message carries two signatures: a receiver with either secret verifies it.
    const [capa] = await db.select({ sku: products.sku }).from(products).where(eq(products.id, fx.ids[FIXTURE.CAPA]))
    expect((await call('PUT', `/produtos/${capa.sku}/estoque`, { quantidade: 21 })).status).toBe(200)
    await until(async () => r.got.length > 0)
    const [message] = r.got
    expect(message!.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect(() => new Webhook(old).verify(message!.body, message!.headers)).not.toThrow()
    expect(() => new Webhook(rotated.segredo).verify(message!.body, message!.headers)).not.toThrow()

    // Past the grace period only the new secret signs: the receiver still on the old one refuses the test.
    await db
      .update(webhookEndpoints)
      .set({ previousSecretUntil: sql`now() - interval '1 second'` })
      .where(eq(webhookEndpoints.id, hook.id))
    const stale = (await (await call('POST', `/webhooks/${hook.id}/teste`)).json()) as { entregue: boolean; status: number }
    expect(stale).toMatchObject({ entregue: false, status: 400 })
    r.secret = rotated.segredo
    expect(await (await call('POST', `/webhooks/${hook.id}/teste`)).json()).toMatchObject({ entregue: true, status: 204 })
    const testMessage = r.got[r.got.length - 1]!
    expect(testMessage.headers['webhook-signature']!.split(' ')).toHaveLength(1)
    expect(() => new Webhook(old).verify(testMessage.body, testMessage.headers)).toThrow()
    await dropExpiredWebhookSecrets(db)
    const [row] = await db.select().from(webhookEndpoints).where(eq(webhookEndpoints.id, hook.id))
    expect(row).toMatchObject({ previousSecret: null, previousSecretUntil: null, secret: rotated.segredo })
  })
})
