import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { DEMO } from './shopper'

/**
 * The product editor's stock (issue 19): the demo owner sets a product's stock to 0 on its editor,
 * and the store's product page says 'ESGOTADO'.
 *
 * EDITOR: until the product editor (/admin/produtos/{id}) is on this branch the sections are mounted
 * alone on a temporary page; once it is, this becomes `/admin/produtos/${id}`.
 */
const EDITOR = (id: number) => `/admin/produtos/${id}`

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function staffLogin(page: Page, email: string): Promise<void> {
  await page.goto('/admin/entrar')
  await hydrated(page, 'form')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(DEMO.senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname), { waitUntil: 'commit' })
}

describe('product stock in the back office (1280×800)', () => {
  it('the owner sets a product to 0 on its editor; the product page shows ESGOTADO', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page, 'dono.demo@example.com')
    // A product of the demo catalog sold from its own stock, with some in stock.
    let found: { id: number; link: string; stock: number } | null = null
    for (let id = 1; id <= 60 && !found; id++) {
      const body = (await (await page.request.get(`/admin/api/produtos/${id}/estoque`)).json()) as { byOption?: boolean; stock?: number; link?: string }
      if (body.byOption === false && (body.stock ?? 0) > 0 && body.link) found = { id, link: body.link, stock: body.stock! }
    }
    expect(found).not.toBeNull()
    const { id, link, stock } = found!

    const { page: shopper } = await openPage(browser, DESKTOP)
    await shopper.goto(`/produto/${link}`)
    await shopper.getByRole('heading', { level: 1 }).waitFor()
    expect(await shopper.getByText('Esgotado', { exact: true }).count()).toBe(0)

    await page.goto(EDITOR(id))
    const row = page.getByTestId('stock-row-p')
    await expect.poll(() => row.getByTestId('stock-count').innerText()).toBe(stock.toLocaleString('pt-BR'))
    await hydrated(page, '#estoque-novo-p')
    await page.getByLabel('Novo total').fill('0')
    await page.getByRole('button', { name: 'Ajustar' }).click()
    await page.getByText('Estoque ajustado para 0 unidades.').waitFor()
    await expect.poll(() => row.getByTestId('stock-count').innerText()).toBe('0')
    await page.getByTestId('stock-ledger').getByText('Ajuste').first().waitFor()

    // The store follows at once (the database announces the change; decision 0033).
    await expect
      .poll(
        async () => {
          await shopper.reload()
          return shopper.getByText('Esgotado', { exact: true }).first().innerText({ timeout: 2_000 }).catch(() => '')
        },
        { timeout: 10_000 },
      )
      .toBe('ESGOTADO')
    expect(errors).toEqual([])
  })
})
