import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { baseURL, DESKTOP, hydrated, launchBrowser, openPage, PHONE } from './browser'
import { staffLogin } from './staff'

/**
 * Integrações at 1280×800: the demo owner creates an API key with one scope, copies it from the
 * once-only box, the key reads /api/v1/pedidos; revoked on the page, it is refused at once. The page
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
    expect((await pedidos(key)).status).toBe(200)

    const row = page.getByRole('row', { name: new RegExp(name) })
    await row.getByRole('button', { name: 'Revogar' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Revogar' }).click()
    await expect.poll(() => row.getByText(/Revogada em/).isVisible()).toBe(true)
    expect((await pedidos(key)).status).toBe(401)
    expect(errors).toEqual([])

    const phone = await openPage(browser, PHONE)
    await staffLogin(phone.page)
    await phone.page.goto('/admin/integracoes')
    await phone.page.getByRole('heading', { name: 'Integrações', level: 1 }).waitFor()
    await phone.page.getByRole('button', { name: 'Criar chave' }).waitFor()
  })
})
