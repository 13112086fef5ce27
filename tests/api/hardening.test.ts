import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Database } from '../../server/db/client'
import { createTestApp, testEnv } from '../support/app'
import { completeCheckout, createShopper, fillCart, installTestSandbox, type Shopper } from '../support/checkout'
import { FIXTURE, publicHashes } from '../support/cart-fixtures'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { orders } from '../../server/db/schema'
import { sql } from 'drizzle-orm'
import { createTestDatabase, testDbKind } from '../support/db'

/**
 * Defects found by attacking the running store, one test each, and the headers a shop sends: each
 * test failed before its fix.
 */
let database: Database

let fx: CatalogFixture
let hashes: Record<string, string>
beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
  ;({ hashes } = await publicHashes(database.db))
  installTestSandbox(database.db)
})
afterAll(() => database?.close())

type Init = RequestInit & { json?: unknown }
/** A request as it arrives on a socket from `peer` (the proxy or the client itself). */
function fromPeer(env: Partial<typeof testEnv>, peer: string) {
  const { app } = createTestApp(database.db, env)
  return (path: string, init: Init = {}) => {
    const headers = new Headers(init.headers)
    let body = init.body
    if (init.json !== undefined) {
      headers.set('content-type', 'application/json')
      body = JSON.stringify(init.json)
    }
    return app.request(`http://loja.test${path}`, { ...init, headers, body }, { incoming: { socket: { remoteAddress: peer } } })
  }
}

describe(`per-IP limits and forwarded headers (${testDbKind})`, () => {
  // recuperar: 10 e-mails an hour per IP (limits.ts recuperacaoIp).
  const recover = (send: ReturnType<typeof fromPeer>, forwardedFor: string, n: number) =>
    send('/_auth/recuperar/', { method: 'POST', json: { email: `ninguem${n}@example.com` }, headers: { 'x-forwarded-for': forwardedFor } })

  it('TRUST_PROXY=true: rotating the client-written left part of X-Forwarded-For does not escape the per-IP limit', async () => {
    const send = fromPeer({ TRUST_PROXY: 'true' }, '10.9.0.1')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await recover(send, `203.0.113.${i}, 198.51.100.7`, i)).status)
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true)
    expect(statuses[10]).toBe(429)
  })

  it('TRUST_PROXY=2 (two hops) and a CIDR list read the address the nearest trusted proxy saw', async () => {
    const hops = fromPeer({ TRUST_PROXY: '2' }, '10.9.0.1')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await recover(hops, `203.0.113.${i}, 198.51.100.8, 10.9.0.2`, i)).status)
    expect(statuses[10]).toBe(429)
    const listed = fromPeer({ TRUST_PROXY: '10.9.0.0/16, 192.0.2.1' }, '::ffff:10.9.0.1')
    const more: number[] = []
    for (let i = 0; i < 11; i++) more.push((await recover(listed, `203.0.113.${i}, 198.51.100.9, 192.0.2.1`, i)).status)
    expect(more[10]).toBe(429)
  })

  it('without TRUST_PROXY, X-Forwarded-For is ignored: the socket is the client', async () => {
    const send = fromPeer({ TRUST_PROXY: 'false' }, '198.51.100.10')
    const statuses: number[] = []
    for (let i = 0; i < 11; i++) statuses.push((await recover(send, `203.0.113.${i}`, i)).status)
    expect(statuses[10]).toBe(429)
  })

  it('cross-site check: Origin null is refused; X-Forwarded-Host counts only behind a trusted proxy', async () => {
    const direct = fromPeer({ TRUST_PROXY: 'false' }, '198.51.100.11')
    const post = (send: ReturnType<typeof fromPeer>, headers: Record<string, string>) =>
      send('/_next/api/newsletter/', { method: 'POST', json: { email: 'csrf@example.com' }, headers })
    expect((await post(direct, { origin: 'null' })).status).toBe(403)
    expect((await post(direct, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).status).toBe(403)
    expect((await post(direct, { origin: 'http://loja.test', 'sec-fetch-site': 'cross-site' })).status).toBe(403)
    expect((await post(direct, { origin: 'http://loja.test' })).status).toBe(200)
    const proxied = fromPeer({ TRUST_PROXY: '10.9.0.0/16' }, '10.9.0.1')
    expect((await post(proxied, { origin: 'https://loja.example', 'x-forwarded-host': 'loja.example' })).status).toBe(200)
    const spoofed = fromPeer({ TRUST_PROXY: '10.9.0.0/16' }, '198.51.100.12')
    expect((await post(spoofed, { origin: 'https://evil.example', 'x-forwarded-host': 'evil.example' })).status).toBe(403)
  })

  it('HSTS and a Secure session cookie whenever the request is https (directly or via a trusted proxy)', async () => {
    const proxied = fromPeer({ TRUST_PROXY: 'true' }, '10.9.0.1')
    const viaProxy = await proxied('/_auth/permission/', { method: 'POST', json: {}, headers: { 'x-forwarded-proto': 'https' } })
    expect(viaProxy.headers.get('strict-transport-security')).toMatch(/max-age=\d{7,}/)
    expect(viaProxy.headers.get('set-cookie')).toMatch(/; Secure/)
    const { app } = createTestApp(database.db, { TRUST_PROXY: 'false' })
    const direct = await app.request('https://loja.test/_auth/permission/', { method: 'POST', body: '{}', headers: { 'content-type': 'application/json' } })
    expect(direct.headers.get('strict-transport-security')).toMatch(/max-age=/)
    expect(direct.headers.get('set-cookie')).toMatch(/; Secure/)
    // Plain http, or a client claiming https without a trusted proxy: neither.
    const spoofed = fromPeer({ TRUST_PROXY: 'false' }, '198.51.100.13')
    const plain = await spoofed('/_auth/permission/', { method: 'POST', json: {}, headers: { 'x-forwarded-proto': 'https' } })
    expect(plain.headers.get('strict-transport-security')).toBeNull()
    expect(plain.headers.get('set-cookie')).not.toMatch(/Secure/)
  })
})

describe(`request bodies (${testDbKind})`, () => {
  /**
   * A chunked POST of `megabytes` sent to a real listening server in this process, one reused
   * 64 KB chunk at a time (the sender holds nothing): the status and the RSS growth it caused.
   */
  async function chunkedPost(path: string, megabytes: number): Promise<{ status: number; grewMb: number }> {
    const { serve } = await import('@hono/node-server')
    const http = await import('node:http')
    const { app } = createTestApp(database.db)
    const server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' })
    await new Promise((r) => server.once('listening', r))
    const port = (server.address() as { port: number }).port
    global.gc?.()
    const before = process.memoryUsage().rss
    let peak = before
    const sample = setInterval(() => (peak = Math.max(peak, process.memoryUsage().rss)), 20)
    const chunk = Buffer.alloc(64 * 1024, 0x61)
    try {
      const status = await new Promise<number>((resolve, reject) => {
        const req = http.request({
          host: '127.0.0.1',
          port,
          path,
          method: 'POST',
          headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
        })
        req.on('response', (res) => {
          res.resume()
          resolve(res.statusCode ?? 0)
        })
        req.on('error', reject)
        let left = (megabytes * 1024 * 1024) / chunk.length
        const pump = () => {
          while (left > 0) {
            left--
            if (!req.write(chunk)) return void req.once('drain', pump)
          }
          req.end()
        }
        req.write('{"email":"')
        pump()
      })
      return { status, grewMb: (peak - before) / 1024 / 1024 }
    } finally {
      clearInterval(sample)
      server.close()
      ;(server as unknown as { closeAllConnections(): void }).closeAllConnections()
    }
  }

  it('a chunked 64 MB POST is refused with 413 at the limit, and the process does not grow by it', async () => {
    const { status, grewMb } = await chunkedPost('/_next/api/newsletter/', 64)
    expect(status).toBe(413)
    expect(grewMb).toBeLessThan(24)
  }, 60_000)
})

describe(`text the database cannot keep, and one address rule (${testDbKind})`, () => {
  let ana: Shopper
  beforeAll(async () => {
    ana = await createShopper(database.db, `texto${testDbKind}`)
  })
  const callAs = async (shopper: Shopper, path: string, json: unknown) => {
    const { request } = createTestApp(database.db)
    const res = await request(`/_next/api/${path}`, { method: 'POST', json, headers: { cookie: `vt_sid=${shopper.token}` } })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const delivery = { cep: '20040020', logradouro: 'Rua da Assembleia', numero: '10', bairro: 'Centro', destinatario: 'Ana Souza', complemento: 'Sala 5' }

  it('a NUL or a lone surrogate in any text is a 422 at the contract layer, never a 500', async () => {
    for (const bad of ['Ana\u0000Souza', 'Ana \ud800Souza', 'Ana \udc00']) {
      expect((await callAs(ana, 'checkout/step/2/', { ...delivery, destinatario: bad })).status, JSON.stringify(bad)).toBe(422)
      expect((await callAs(ana, 'checkout/step/2/', { ...delivery, complemento: bad })).status).toBe(422)
    }
    // In a key, too, and in a call whose schema would not look at the field.
    expect((await callAs(ana, 'newsletter/', { email: 'nul\u0000@example.com' })).status).toBe(422)
    expect((await callAs(ana, 'checkout/step/2/', { ...delivery, ['x\u0000']: 1 })).status).toBe(422)
    // A well-formed pair (an emoji) is text like any other.
    expect((await callAs(ana, 'checkout/step/2/', { ...delivery, complemento: 'Sala 5 🙂' })).status).not.toBe(500)
  })

  it('a NUL in a URL is a 400', async () => {
    const { request } = createTestApp(database.db)
    expect((await request('/_next/api/busca/%00/')).status).toBe(400)
    expect((await request('/_next/api/pedidos/VT%00/', { headers: { cookie: `vt_sid=${ana.token}` } })).status).toBe(400)
  })

  it("checkout step 2 refuses what the address book's form refuses (markup in a name or a line)", async () => {
    const name = await callAs(ana, 'checkout/step/2/', { ...delivery, destinatario: '<script>alert(1)</script>' })
    expect(name.status).toBe(422)
    expect(name.body.msg).toBe('Preencha corretamente o campo de destinatário!')
    expect((await callAs(ana, 'checkout/step/2/', { ...delivery, complemento: 'Sala "5"; <b>' })).status).toBe(422)
    expect((await callAs(ana, 'checkout/step/2/', { ...delivery, bairro: '<i>Centro</i>' })).status).toBe(422)
    expect((await callAs(ana, 'checkout/step/2/', { ...delivery, logradouro: 'Rua <x>' })).status).toBe(422)
    expect((await callAs(ana, 'checkout/step/2/', delivery)).status).toBe(200)
  })
})

describe(`placing an order: the key is the cart's, not the session's (${testDbKind})`, () => {
  const callAs = async (shopper: Shopper, path: string, json?: unknown) => {
    const { request } = createTestApp(database.db)
    const headers = { cookie: `vt_sid=${shopper.token}` }
    const res = await request(`/_next/api/${path}`, json === undefined ? { headers } : { method: 'POST', json, headers })
    return { status: res.status, body: (await res.json()) as Record<string, unknown> }
  }
  const orderCount = async () => (await database.db.select({ n: sql<number>`count(*)::int` }).from(orders))[0].n

  it('a new cart after an order is a new order; a double click on one cart is still one order', async () => {
    const eva = await createShopper(database.db, `pedido${testDbKind}`)
    await fillCart(database.db, eva, fx.ids[FIXTURE.CAPA], 1)
    await completeCheckout(database.db, eva, 'pix')
    const first = await callAs(eva, 'checkout/finalizar/', {})
    expect(first.status).toBe(200)
    // The same cart again (a double click after the answer): the same order.
    expect((await callAs(eva, 'checkout/finalizar/', {})).body).toEqual(first.body)

    // Another product in the same session, its summary asked, then finalizar with that total.
    expect((await callAs(eva, 'carrinho/add/', { id: hashes[FIXTURE.CANON], qtd: 1 })).status).toBe(200)
    const resumo = await callAs(eva, 'checkout/resumo/')
    expect(resumo.status).toBe(200)
    const before = await orderCount()
    const clicks = await Promise.all([1, 2, 3].map(() => callAs(eva, 'checkout/finalizar/', { total: resumo.body.total })))
    expect(clicks.map((c) => c.status)).toEqual([200, 200, 200])
    const codes = new Set(clicks.map((c) => c.body.pedido))
    expect(codes.size).toBe(1)
    expect(codes.has(first.body.pedido)).toBe(false)
    expect(await orderCount()).toBe(before + 1)
    const cart = await callAs(eva, 'listar-carrinho/')
    expect(cart.body.itens).toEqual([])
  })
})

describe(`one customer, two devices, one cart (${testDbKind})`, () => {
  /** A device: its own cookie, kept like a browser's. */
  function device(token?: string) {
    const { app } = createTestApp(database.db)
    let cookie = token ? `vt_sid=${token}` : ''
    return {
      token: () => cookie.replace(/^vt_sid=/, ''),
      login: (t: string) => void (cookie = `vt_sid=${t}`),
      async call(path: string, json?: unknown) {
        const headers: Record<string, string> = cookie ? { cookie } : {}
        if (json !== undefined) headers['content-type'] = 'application/json'
        const res = await app.request(
          `http://localhost/_next/api/${path}`,
          json === undefined ? { headers } : { method: 'POST', headers, body: JSON.stringify(json) },
        )
        const set = res.headers.get('set-cookie')
        if (set) cookie = set.split(';')[0]
        return (await res.json()) as Record<string, unknown>
      },
      async titles() {
        const body = await this.call('listar-carrinho/')
        return ((body.itens ?? []) as { titulo: string; quantidade: number }[]).map((i) => `${i.titulo} × ${i.quantidade}`).sort()
      },
    }
  }

  it("logging in on a second device keeps the first device's cart: both show one cart, merged with the visitor's", async () => {
    const { startCustomerSession } = await import('../../server/domain/account/sessions')
    const { sha256 } = await import('../../server/lib/tokens')
    const owner = await createShopper(database.db, `aparelhos${testDbKind}`)
    const phone = device(owner.token)
    expect((await phone.call('carrinho/add/', { id: hashes[FIXTURE.CAPA], qtd: 1 })).estado).toBe('sucesso')
    // The laptop: a visitor with a cart of its own, then the same customer logs in there.
    const laptop = device()
    expect((await laptop.call('carrinho/add/', { id: hashes[FIXTURE.CANON], qtd: 1 })).estado).toBe('sucesso')
    const visitorSession = sha256(laptop.token())
    laptop.login((await startCustomerSession(database.db, visitorSession, owner.customerId)).token)

    const both = await phone.titles()
    expect(both).toHaveLength(2)
    expect(await laptop.titles()).toEqual(both)
    // A change on either device is the other's too.
    expect((await laptop.call('carrinho/add/', { id: hashes[FIXTURE.DELL], qtd: 1 })).estado).toBe('sucesso')
    expect(await phone.titles()).toHaveLength(3)
    expect(await laptop.titles()).toEqual(await phone.titles())
  })

  it('two devices logging in at once, each with a visitor cart: one customer cart with every line', async () => {
    const { startCustomerSession } = await import('../../server/domain/account/sessions')
    const { sha256 } = await import('../../server/lib/tokens')
    const owner = await createShopper(database.db, `corrida${testDbKind}`)
    const devices = [device(), device(), device()]
    const products = [FIXTURE.CAPA, FIXTURE.CANON, FIXTURE.DELL]
    for (const [i, d] of devices.entries()) expect((await d.call('carrinho/add/', { id: hashes[products[i]], qtd: 1 })).estado).toBe('sucesso')
    const sessions = await Promise.all(devices.map((d) => startCustomerSession(database.db, sha256(d.token()), owner.customerId)))
    for (const [i, d] of devices.entries()) d.login(sessions[i].token)
    const seen = await Promise.all(devices.map((d) => d.titles()))
    expect(seen[0]).toHaveLength(3)
    expect(seen[1]).toEqual(seen[0])
    expect(seen[2]).toEqual(seen[0])
  })
})

describe(`Content-Security-Policy and its reports (${testDbKind})`, () => {
  async function appWithPages() {
    const { createHttpApp } = await import('../../server/http/app')
    const { storeProfile } = await import('../../server/store-profile')
    const pino = (await import('pino')).default
    const logged: string[] = []
    const app = createHttpApp({
      db: database.db,
      env: { ...testEnv, TRUST_PROXY: 'false', CSP_EXTRA_SCRIPT_SRC: 'https://cdn.example' },
      store: storeProfile,
      log: pino({ level: 'warn' }, { write: (line: string) => void logged.push(line) }),
      isReady: () => true,
      microCache: false,
      // A page as React Router renders one: an inline script carrying the answer's nonce.
      pages: async (_request, ctx) => new Response(`<script nonce="${ctx.cspNonce}">1</script>`, { headers: { 'content-type': 'text/html' } }),
    })
    return { app, logged }
  }

  it("pages get a policy with this answer's nonce; other answers a policy that allows nothing", async () => {
    const { app } = await appWithPages()
    const page = await app.request('http://loja.test/')
    const policy = page.headers.get('content-security-policy') ?? ''
    const nonce = /'nonce-([^']+)'/.exec(policy)?.[1]
    expect(await page.text()).toBe(`<script nonce="${nonce}">1</script>`)
    expect(policy).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/cdn\.example;/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(page.headers.get('x-frame-options')).toBe('DENY')
    const json = await app.request('http://loja.test/_next/api/DataMenu/')
    expect(json.headers.get('content-security-policy')).toContain("default-src 'none'")
    // With Mercado Pago the browser tokenizes the card at its API: that origin joins connect-src.
    const { cspSources, pageCsp } = await import('../../server/http/csp')
    const mp = pageCsp('n', cspSources({ ...testEnv, PAYMENT_PROVIDER: 'mercadopago', MERCADOPAGO_API_URL: 'http://127.0.0.1:9999/x' }))
    expect(mp).toContain("connect-src 'self' http://127.0.0.1:9999;")
    expect(pageCsp('n', cspSources(testEnv))).toContain("connect-src 'self';")
  })

  it('violation reports are logged, bounded in size and rate-limited per client', async () => {
    const { app, logged } = await appWithPages()
    const report = { 'csp-report': { 'document-uri': 'http://loja.test/', 'violated-directive': 'script-src-elem', 'blocked-uri': 'inline' } }
    const send = (body: string, ip = '198.51.100.40') =>
      app.request(
        'http://loja.test/_csp/relatorio',
        { method: 'POST', body, headers: { 'content-type': 'application/csp-report' } },
        { incoming: { socket: { remoteAddress: ip } } },
      )
    expect((await send(JSON.stringify(report))).status).toBe(204)
    expect(logged.some((l) => l.includes('script-src-elem') && l.includes('CSP'))).toBe(true)
    expect((await send('x'.repeat(64 * 1024), '198.51.100.41')).status).toBe(413)
    for (let i = 0; i < 25; i++) await send(JSON.stringify(report), '198.51.100.42')
    expect(logged.filter((l) => l.includes('198.51.100.42'))).toHaveLength(20)
  })
})
