import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, DESKTOP, hydrated, launchBrowser, openPage, PHONE } from './browser'
import { staffLogin } from './staff'

/**
 * Integrações at 1280×800: the demo owner creates an API key with one scope, copies it from the
 * once-only box, the key reads /api/v1/pedidos and the call shows in the key's log; revoked on the
 * page, it is refused at once and its log stays. The page
 * opens at 390×844 too.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const pedidos = (key: string) => fetch(`${baseURL()}/api/v1/pedidos`, { headers: { authorization: `Bearer ${key}` } })

describe('back office Integrações', () => {
  it('the owner creates a key shown once, it calls the API, and revoking it refuses it at once', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page)
    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Integrações' }).click()
    await page.getByRole('heading', { name: 'Integrações', level: 1 }).waitFor()
    await hydrated(page, 'form')
    const name = `ERP e2e ${Date.now().toString(36)}`
    await page.getByLabel('Nome').fill(name)
    await page.getByRole('checkbox', { name: /pedidos:ler/ }).check()
    await page.getByRole('button', { name: 'Criar chave' }).click()
    const shown = page.getByTestId('chave-nova')
    await shown.waitFor()
    const key = (await shown.textContent())!.trim()
    expect(key).toMatch(/^vt_[A-Za-z0-9_-]{43}$/)
    const called = await pedidos(key)
    expect(called.status).toBe(200)
    const requestId = called.headers.get('x-request-id')!

    // The call is in the key's log (written off the request path within about a second).
    const row = page.getByRole('table', { name: 'Chaves de API' }).getByRole('row', { name: new RegExp(name) })
    await row.getByRole('link', { name: 'Ver chamadas' }).click()
    await page.waitForURL(/chave=\d+/)
    const call = page.getByRole('table', { name: 'Chamadas da API' }).getByRole('row', { name: new RegExp(requestId) })
    await expect
      .poll(
        async () => {
          await page.reload()
          return call.count()
        },
        { timeout: 10_000 },
      )
      .toBe(1)
    await expect.poll(() => call.getByText('GET /pedidos', { exact: true }).isVisible()).toBe(true)
    expect(await call.getByText('HTTP 200').isVisible()).toBe(true)
    await hydrated(page, 'form')

    await row.getByRole('button', { name: 'Revogar' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click()
    await expect.poll(() => row.getByText(/Revogada em/).isVisible()).toBe(true)
    expect((await pedidos(key)).status).toBe(401)
    // A revoked key's history stays.
    expect(await call.isVisible()).toBe(true)
    expect(errors).toEqual([])

    const phone = await openPage(browser, PHONE)
    await staffLogin(phone.page)
    await phone.page.goto('/admin/integracoes')
    await phone.page.getByRole('heading', { name: 'Integrações', level: 1 }).waitFor()
    await phone.page.getByRole('button', { name: 'Criar chave' }).waitFor()
  })
})
