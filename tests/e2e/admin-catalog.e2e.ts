import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { DEMO } from './shopper'

/**
 * The back office's products at 1280×800 (issue 19): the demo owner creates a product in the
 * editor, sees it on the storefront's product page, changes its price and sees the new price there
 * within a second (the database's notifications drop the cached page).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function ownerLogin(page: Page): Promise<void> {
  await page.goto('/admin/entrar')
  await hydrated(page, 'form')
  await page.getByLabel('E-mail').fill('dono.demo@example.com')
  await page.getByLabel('Senha').fill(DEMO.senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname), { waitUntil: 'commit' })
}

describe('back office products (1280×800)', () => {
  it('the owner creates a product, sees it in the store, changes its price and sees it within a second', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await ownerLogin(page)
    await page.goto('/admin/produtos/novo')
    await hydrated(page, 'form[aria-label="Dados do produto"]')
    const title = `Caixa de Som E2E ${Date.now().toString(36)}`
    await page.getByLabel('Título', { exact: true }).fill(title)
    // The link follows the title.
    const link = await page.getByLabel('Link', { exact: true }).inputValue()
    expect(link).toMatch(/^caixa-de-som-e2e-/)
    await page.getByLabel('Código (SKU)').fill(`E2E-${Date.now().toString(36)}`)
    await page.getByLabel('Categoria', { exact: true }).selectOption({ index: 1 })
    await page.getByLabel('Preço (R$)').fill('299,90')
    await page.getByLabel('Preço "de" (R$, opcional)').fill('349,90')
    await expect.poll(() => page.getByTestId('pix-preview').textContent()).toMatch(/R\$\s*\d/)
    await page.getByLabel('Estoque inicial').fill('5')
    await page.getByRole('button', { name: 'Criar produto' }).click()
    await page.waitForURL(/\/admin\/produtos\/\d+$/)
    await page.getByRole('button', { name: 'Salvar alterações' }).waitFor()

    const store = await openPage(browser, DESKTOP)
    await store.page.goto(`/produto/${link}`)
    await expect.poll(() => store.page.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    expect(await store.page.getByTestId('unit-price').getAttribute('data-valor')).toBe('299.9')
    expect(await store.page.getByTestId('compare-at-price').textContent()).toMatch(/349,90/)

    await hydrated(page, 'form[aria-label="Dados do produto"]')
    await page.getByLabel('Preço (R$)').fill('279,90')
    await page.getByRole('button', { name: 'Salvar alterações' }).click()
    await page.getByText('Produto salvo.').waitFor()
    const saved = Date.now()
    // The product page shows the new price at once (a fresh load each try; the cached page is
    // dropped by the database's notification). The time is printed, not asserted: this machine is
    // shared (the bench measures it).
    let price: string | null = null
    while (Date.now() - saved < 10_000) {
      const res = await store.page.request.get(`/produto/${link}`)
      price = /data-testid="unit-price" data-valor="([\d.]+)"/.exec(await res.text())?.[1] ?? null
      if (price === '279.9') break
      await new Promise((r) => setTimeout(r, 100))
    }
    expect(price).toBe('279.9')
    console.log(`novo preço na página do produto ${Date.now() - saved} ms depois de salvar`)
    await store.page.reload()
    expect(await store.page.getByTestId('unit-price').getAttribute('data-valor')).toBe('279.9')
    expect(errors).toEqual([])
    await store.context.close()
    await page.context().close()
  }, 120_000)
})
