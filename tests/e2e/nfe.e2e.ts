// NF-e with FISCAL_PROVIDER=focusnfe: a second store on loopback speaking to the fake Focus NFe
// (tests/support/fake-focusnfe.ts). The demo customer pays; Focus NFe's hook (its Authorization
// header) tells the store the note moved, the store asks for it and keeps the key and the files; the
// customer sees "Nota fiscal" and opens the DANFE, so does staff; staff cancel the order within 24 h
// and the invoice is cancelled at the provider (DELETE with the justification).
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { formatAccessKey } from '../../contract/fiscal'
import { startThrowawayStore, type StoreProcess } from '../../scripts/lib/store-process'
import { FAKE_FOCUS, startFakeFocusNfe, type FakeFocusNfe } from '../support/fake-focusnfe'
import { DESKTOP, hydrated, launchBrowser } from './browser'
import { checkoutDemoCart, loginDemo, post } from './shopper'
import { staffLogin } from './staff'

const HOOK_SECRET = 'segredo-do-gatilho-da-focus-e2e'
let browser: Browser
let fake: FakeFocusNfe
let store: StoreProcess

beforeAll(async () => {
  fake = await startFakeFocusNfe()
  store = await startThrowawayStore({
    prefix: 'vitrine-e2e-nfe-',
    args: ['--no-build'],
    env: {
      FISCAL_PROVIDER: 'focusnfe',
      FOCUSNFE_TOKEN: FAKE_FOCUS.token,
      FOCUSNFE_API_URL: fake.url,
      FOCUSNFE_WEBHOOK_SECRET: HOOK_SECRET,
      LOG_LEVEL: 'warn',
    },
  })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await fake?.close()
})

/** Focus NFe's hook for `ref`, as its gatilho calls it, until `done` holds (the store then asks the API itself). */
async function hookUntil(ref: string, done: () => Promise<boolean>) {
  await expect
    .poll(
      async () => {
        if (await done()) return true
        await fetch(`${store.base}/_next/api/nota-fiscal/webhook/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: HOOK_SECRET },
          body: JSON.stringify({ ref, status: 'autorizado' }),
        })
        return false
      },
      { timeout: 60_000, interval: 1_500 },
    )
    .toBe(true)
}

describe('NF-e through Focus NFe', () => {
  it('a paid order gets its NF-e, the customer and staff open the DANFE, cancelling within 24 h cancels the note', async () => {
    const shopper = await browser.newContext({ viewport: DESKTOP, baseURL: store.base, locale: 'pt-BR' })
    shopper.setDefaultTimeout(15_000)
    const request = shopper.request
    await loginDemo(request)
    const code = await checkoutDemoCart(request)
    expect(code).toMatch(/^VT-/)
    expect((await post(request, '/_next/api/pagamentos/simular/', { pedido: code })).status).toBe(200)

    // The payment's transaction queued the note; the job sends it once, as the documentation says.
    const ref = `pedido-${code.toLowerCase()}`
    await expect.poll(() => fake.notes.has(ref), { timeout: 30_000 }).toBe(true)
    expect(fake.received.filter((r) => r.method === 'POST' && r.path === `/v2/nfe?ref=${ref}`)).toHaveLength(1)
    const page = await shopper.newPage()
    const customerInvoice = () => page.getByRole('region', { name: 'Nota fiscal', exact: true })
    await hookUntil(ref, async () => {
      await page.goto(`/compras/pedido/${code}`)
      return (await page.getByRole('link', { name: 'Ver DANFE' }).count()) > 0
    })
    const key = fake.notes.get(ref)!.key!
    await expect.poll(() => customerInvoice().textContent()).toContain(formatAccessKey(key))
    const danfeHref = await page.getByRole('link', { name: 'Ver DANFE' }).getAttribute('href')
    const danfe = await request.get(danfeHref!)
    expect(danfe.status()).toBe(200)
    expect(danfe.headers()['content-type']).toBe('application/pdf')
    expect((await danfe.body()).toString()).toContain(`DANFE ${key}`)
    // Another visitor gets nothing.
    expect((await fetch(`${store.base}${danfeHref}`, { redirect: 'manual' })).status).not.toBe(200)

    // Staff: the panel shows the note; the DANFE opens; the cancellation within 24 h cancels it.
    const staff = await browser.newContext({ viewport: DESKTOP, baseURL: store.base, locale: 'pt-BR' })
    staff.setDefaultTimeout(15_000)
    const admin = await staff.newPage()
    await staffLogin(admin, 'dono.demo@example.com')
    await admin.goto(`/admin/pedidos/${code}`)
    const card = admin.getByRole('region', { name: 'Nota fiscal', exact: true })
    await expect.poll(() => card.textContent()).toContain('Emitida')
    expect(await card.getByLabel('Chave de acesso').textContent()).toBe(formatAccessKey(key))
    const staffDanfe = await staff.request.get(`/admin/pedidos/${code}/nota-fiscal/danfe`)
    expect(staffDanfe.status()).toBe(200)
    expect(staffDanfe.headers()['content-type']).toBe('application/pdf')
    await hydrated(admin, 'textarea')
    await admin.getByRole('button', { name: 'Cancelar pedido' }).click()
    const dialog = admin.getByRole('dialog')
    await dialog.getByLabel('Motivo').fill('Cliente desistiu antes do envio')
    await dialog.getByRole('button', { name: 'Cancelar pedido' }).click()
    await admin.getByText('Pedido cancelado.').waitFor()
    await expect.poll(() => fake.received.some((r) => r.method === 'DELETE' && r.path === `/v2/nfe/${ref}`), { timeout: 30_000 }).toBe(true)
    const del = fake.received.find((r) => r.method === 'DELETE')!
    expect(String(del.body!.justificativa)).toContain('Cliente desistiu antes do envio')
    expect(fake.notes.get(ref)!.status).toBe('cancelado')
    await expect
      .poll(
        async () => {
          await admin.reload()
          return card.textContent()
        },
        { timeout: 30_000, interval: 1_000 },
      )
      .toContain('Cancelada')
    // The customer's page says so too, and no longer offers the DANFE of a cancelled note.
    await page.goto(`/compras/pedido/${code}`)
    await expect.poll(() => customerInvoice().textContent()).toContain('cancelada')
    expect(await page.getByRole('link', { name: 'Ver DANFE' }).count()).toBe(0)
    await staff.close()
    await shopper.close()
  })
})
