// One lean flow with PAYMENT_PROVIDER=mercadopago: a second store on loopback speaking to the fake
// Mercado Pago (tests/support/fake-mercadopago.ts); the shopper pays by card, the card turned into a
// token in the browser straight at the fake — the store's server never sees the number or the CVV.
import { spawn, type ChildProcess } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import os from 'node:os'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FAKE_MP, startFakeMercadoPago, type FakeMercadoPago } from '../support/fake-mercadopago'
import { DESKTOP, hydrated, launchBrowser } from './browser'
import { demoCart, loginDemo } from './shopper'

let browser: Browser
let fake: FakeMercadoPago
let store: ChildProcess
let baseURL = ''
const dataDir = mkdtempSync(path.join(os.tmpdir(), 'vitrine-e2e-mp-'))

const freePort = () =>
  new Promise<number>((resolve) => {
    const srv = createServer().listen(0, '127.0.0.1', () => {
      const port = (srv.address() as { port: number }).port
      srv.close(() => resolve(port))
    })
  })

beforeAll(async () => {
  fake = await startFakeMercadoPago()
  const port = await freePort()
  baseURL = `http://127.0.0.1:${port}`
  store = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      DATABASE_URL: '',
      LOG_LEVEL: 'warn',
      NODE_ENV: 'production',
      PUBLIC_URL: baseURL,
      PAYMENT_PROVIDER: 'mercadopago',
      MERCADOPAGO_ACCESS_TOKEN: FAKE_MP.accessToken,
      MERCADOPAGO_PUBLIC_KEY: FAKE_MP.publicKey,
      MERCADOPAGO_WEBHOOK_SECRET: FAKE_MP.webhookSecret,
      MERCADOPAGO_API_URL: fake.url,
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  const deadline = Date.now() + 150_000
  for (;;) {
    if (store.exitCode !== null) throw new Error(`store exited with ${store.exitCode}`)
    if (
      await fetch(`${baseURL}/healthz`)
        .then((r) => r.ok)
        .catch(() => false)
    )
      break
    if (Date.now() > deadline) throw new Error('store did not become ready in time')
    await new Promise((r) => setTimeout(r, 300))
  }
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  store?.kill('SIGTERM')
  if (store && store.exitCode === null) await new Promise((r) => store.once('exit', r))
  await fake?.close()
  rmSync(dataDir, { recursive: true, force: true })
})

/** With SCREENSHOT_DIR set, a full-page PNG at this step (for people to look at, not asserted). */
async function shot(page: Page, name: string) {
  if (process.env.SCREENSHOT_DIR) await page.screenshot({ path: path.join(process.env.SCREENSHOT_DIR, `${name}.png`), fullPage: true })
}

describe('Mercado Pago in the browser', () => {
  it('a card paid through the provider with the token made in the browser', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL, locale: 'pt-BR' })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    // Every request the page makes to the store: none may carry the card number or the CVV.
    const toStore: string[] = []
    page.on('request', (r) => {
      if (r.url().startsWith(baseURL)) toStore.push(`${r.url()} ${r.postData() ?? ''}`)
    })
    await loginDemo(context.request)
    await demoCart(context.request)
    await page.goto('/checkout')
    await hydrated(page, '#nome')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/(address|pagamento)\/?$/)
    if (/address/.test(page.url())) {
      await hydrated(page, '#cep')
      await page.getByLabel('CEP').pressSequentially('20040020')
      await expect.poll(() => page.getByTestId('cep-cidade').textContent()).toBe('Rio de Janeiro')
      await page.getByLabel('Número').fill('12')
      await page.getByLabel('Destinatário').fill('Cliente Demo')
      await page.getByRole('button', { name: 'Salvar' }).click()
      await page.getByRole('listitem').filter({ hasText: 'CEP 20040-020' }).last().getByRole('button', { name: 'Entregar aqui' }).click()
    }
    await expect.poll(() => new URL(page.url()).pathname).toMatch(/^\/checkout\/pagamento\/?$/)
    for (const name of [/Padrão/, /^Cartão/]) {
      const radio = page.getByRole('radio', { name })
      await radio.click()
      await expect.poll(() => radio.isChecked()).toBe(true)
    }
    await page.getByLabel('Número do cartão').fill('5555555555554444')
    // Mercado Pago's test cards: the holder's name chooses the result (APRO: approved).
    await page.getByLabel('Nome impresso no cartão').fill('APRO')
    await page.getByLabel('Validade (MM/AA)').fill('1130')
    await page.getByLabel('CVV').fill('123')
    const place = page.getByRole('region', { name: 'Resumo da compra' }).getByRole('button', { name: 'Finalizar compra' })
    await expect.poll(() => place.isEnabled()).toBe(true)
    await place.click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(/^\/compras\/pedido\/VT-\d{4}-\d{6}$/)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Pago')

    // The token came from the browser's own call to the provider; the charge used it.
    const tokenCall = fake.received.find((r) => r.path.startsWith('/v1/card_tokens'))
    expect(tokenCall?.body).toMatchObject({ card_number: '5555555555554444', security_code: '123', cardholder: { name: 'APRO' } })
    const charge = fake.received.find((r) => r.path === '/v1/payments' && r.method === 'POST')
    expect(charge?.body).toMatchObject({ payment_method_id: 'master', installments: 1 })
    expect(typeof (charge?.body as { token?: unknown }).token).toBe('string')
    expect(toStore.join('\n')).not.toContain('5555555555554444')
    expect(toStore.some((r) => r.includes('"token"'))).toBe(true)
    await shot(page, 'mp-cartao-pago')

    // A boleto next (the checkout is complete; only the method changes): its page links Mercado Pago's printable boleto.
    await demoCart(context.request)
    expect((await context.request.post('/_next/api/checkout/pagamento/', { data: { metodo: 'boleto' } })).status()).toBe(200)
    const placed = (await (await context.request.post('/_next/api/checkout/finalizar/', { data: {} })).json()) as { pedido?: string }
    expect(placed.pedido).toMatch(/^VT-/)
    await page.goto(`/compras/pedido/${placed.pedido}`)
    const print = page.getByRole('link', { name: 'Imprimir boleto' })
    expect(await print.getAttribute('href')).toMatch(/^https:\/\/www\.mercadopago\.com\.br\/payments\/\d+\/ticket/)
    expect(await page.getByTestId('linha-digitavel').textContent()).toMatch(/^237\d/)
    await shot(page, 'mp-boleto')
    await context.close()
  }, 90_000)
})
