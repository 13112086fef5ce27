// Integrações' webhooks at 1280×800 and 390×844, on a store of its own with WEBHOOKS_ALLOW_PRIVATE
// (the receiver listens on loopback): the Dono registers a webhook (the secret shown once), sends a
// test the receiver verifies with the `standardwebhooks` package, rotates the secret (both sign
// meanwhile), sees a stock change's delivery beside the webhook, and removes it.
import { createServer, type Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { Browser } from 'playwright-core'
import { Webhook } from 'standardwebhooks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startThrowawayStore, type StoreProcess } from '../../scripts/lib/store-process'
import { DESKTOP, hydrated, launchBrowser, PHONE } from './browser'
import { staffLogin } from './staff'

let browser: Browser
let store: StoreProcess
let server: Server
let receiverUrl = ''
const got: Array<{ body: string; headers: Record<string, string> }> = []

beforeAll(async () => {
  server = createServer((req, res) => {
    const chunks: Buffer[] = []
    req.on('data', (c: Buffer) => chunks.push(c))
    req.on('end', () => {
      got.push({ body: Buffer.concat(chunks).toString('utf8'), headers: req.headers as Record<string, string> })
      res.writeHead(204).end()
    })
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  receiverUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/vitrine`
  store = await startThrowawayStore({ prefix: 'vitrine-e2e-webhooks-', args: ['--no-build'], env: { WEBHOOKS_ALLOW_PRIVATE: 'true', LOG_LEVEL: 'warn' } })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
  server?.close()
})

const verifies = (secret: string, m: { body: string; headers: Record<string, string> }) => {
  try {
    new Webhook(secret).verify(m.body, m.headers)
    return true
  } catch {
    return false
  }
}

describe('back office Integrações: webhooks', () => {
  it('registers, tests, rotates the secret of, shows the deliveries of and removes a webhook', async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: store.base, locale: 'pt-BR' })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    const errors: string[] = []
    page.on('pageerror', (e) => errors.push(String(e)))
    await staffLogin(page)
    await page.goto('/admin/integracoes')
    await page.getByRole('heading', { name: 'Novo webhook' }).waitFor()
    await hydrated(page, '#webhook-url')

    // No event chosen: the page says why, and nothing is registered.
    await page.getByLabel('URL').fill(receiverUrl)
    await page.getByRole('button', { name: 'Cadastrar webhook' }).click()
    await page.getByRole('alert').getByText('Escolha ao menos um evento.').waitFor()
    expect(await page.getByRole('listitem', { name: `Webhook ${receiverUrl}` }).count()).toBe(0)

    await page.getByRole('checkbox', { name: /estoque\.alterado/ }).check()
    await page.getByRole('button', { name: 'Cadastrar webhook' }).click()
    const first = (await page.getByTestId('segredo-novo').textContent())!.trim()
    expect(first).toMatch(/^whsec_/)
    const card = page.getByRole('listitem', { name: `Webhook ${receiverUrl}` })
    await card.waitFor()

    await card.getByRole('button', { name: 'Enviar teste' }).click()
    await card.getByText(/Teste entregue: HTTP 204/).waitFor()
    expect(verifies(first, got[got.length - 1]!)).toBe(true)

    await card.getByRole('button', { name: 'Trocar segredo' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Trocar segredo' }).click()
    const second = (await page.getByTestId('segredo-rotacionado').textContent())!.trim()
    expect(second).toMatch(/^whsec_/)
    expect(second).not.toBe(first)
    await card.getByText(/o anterior também assina até/).waitFor()
    await card.getByRole('button', { name: 'Enviar teste' }).click()
    await expect.poll(() => got.length).toBe(2)
    const rotated = got[1]!
    expect(rotated.headers['webhook-signature']!.split(' ')).toHaveLength(2)
    expect([verifies(first, rotated), verifies(second, rotated)]).toEqual([true, true])

    // A stock change through the API reaches the receiver and shows beside the webhook.
    await page.getByLabel('Nome').fill('ERP estoque e2e')
    await page.getByRole('checkbox', { name: /produtos:ler/ }).check()
    await page.getByRole('checkbox', { name: /estoque:escrever/ }).check()
    await page.getByRole('button', { name: 'Criar chave' }).click()
    const key = (await page.getByTestId('chave-nova').textContent())!.trim()
    const api = (path: string, init: RequestInit = {}) =>
      fetch(`${store.base}/api/v1${path}`, { ...init, headers: { authorization: `Bearer ${key}`, 'content-type': 'application/json' } })
    const listed = (await (await api('/produtos?limite=50')).json()) as { dados: Array<{ sku: string; variacoes: unknown[] }> }
    const plain = listed.dados.find((p) => p.variacoes.length === 0)!
    expect((await api(`/produtos/${encodeURIComponent(plain.sku)}/estoque`, { method: 'PUT', body: JSON.stringify({ quantidade: 17 }) })).status).toBe(200)
    await expect.poll(() => got.some((m) => m.body.includes('"estoque.alterado"')), { timeout: 20_000 }).toBe(true)
    await expect
      .poll(
        async () => {
          await page.reload()
          return card.getByText(/Entregue · HTTP 204/).isVisible()
        },
        { timeout: 20_000 },
      )
      .toBe(true)
    if (process.env.E2E_SCREENSHOTS) await page.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/webhooks-desktop.png`, fullPage: true })

    const phone = await browser.newContext({ viewport: PHONE, baseURL: store.base, locale: 'pt-BR', isMobile: true, hasTouch: true })
    const small = await phone.newPage()
    await staffLogin(small)
    await small.goto('/admin/integracoes')
    await small
      .getByRole('listitem', { name: `Webhook ${receiverUrl}` })
      .getByRole('button', { name: 'Trocar segredo' })
      .waitFor()
    if (process.env.E2E_SCREENSHOTS) await small.screenshot({ path: `${process.env.E2E_SCREENSHOTS}/webhooks-phone.png`, fullPage: true })
    await phone.close()

    await hydrated(page, '#webhook-url')
    await card.getByRole('button', { name: 'Remover' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click()
    await expect.poll(() => card.count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})
