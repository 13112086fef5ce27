import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { staffLogin } from './staff'

/**
 * Categorias and Marcas at 1280×800, through their pages' actions: the demo owner creates a
 * subcategory, renames it with a new link (the toast names the old one), hides and shows it; then
 * creates a brand, is refused a taken link (the form keeps what was typed), and hides the brand.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true }).first().waitFor()

describe('categories and brands (1280×800)', () => {
  it('the owner creates, renames, hides and shows a category and a brand', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page)

    await page.goto('/admin/categorias')
    await hydrated(page, '#nc-titulo')
    await page.locator('#nc-titulo').fill('Drones E2E')
    await page.locator('#nc-pai').selectOption({ index: 1 })
    await page.getByRole('button', { name: 'Criar' }).click()
    await toast(page, 'Categoria “Drones E2E” criada.')
    const tree = page.getByRole('list', { name: 'Árvore de categorias' })
    await tree.getByText('/categoria/drones-e2e').waitFor()

    await tree.getByRole('button', { name: 'Editar Drones E2E' }).click()
    const form = page.getByRole('form', { name: 'Editar Drones E2E' })
    await form.getByLabel('Nome').fill('Drones Novos E2E')
    await form.getByLabel('Link').fill('drones-e2e-novo')
    await form.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Categoria salva. O link antigo /categoria/drones-e2e leva ao novo.')
    await tree.getByText('/categoria/drones-e2e-novo').waitFor()

    await tree.getByRole('button', { name: 'Ocultar Drones Novos E2E' }).click()
    await toast(page, '“Drones Novos E2E” foi ocultada da loja.')
    await tree.getByRole('button', { name: 'Mostrar Drones Novos E2E' }).click()
    await toast(page, '“Drones Novos E2E” voltou a aparecer na loja.')

    await page.goto('/admin/marcas')
    await hydrated(page, '#nm-titulo')
    await page.locator('#nm-titulo').fill('Marca E2E')
    await page.getByRole('button', { name: 'Criar' }).click()
    await toast(page, 'Marca “Marca E2E” criada.')
    await page.locator('#nm-titulo').fill('Outra Marca E2E')
    await page.locator('#nm-link').fill('marca-e2e')
    await page.getByRole('button', { name: 'Criar' }).click()
    await toast(page, 'Este link já é de outra marca: escolha outro.')
    expect(await page.locator('#nm-titulo').inputValue()).toBe('Outra Marca E2E')
    const brands = page.getByRole('list', { name: 'Marcas' })
    await brands.getByRole('button', { name: 'Ocultar Marca E2E' }).click()
    await toast(page, '“Marca E2E” foi ocultada da loja.')
    await brands.getByRole('button', { name: 'Mostrar Marca E2E' }).waitFor()
    // The refused link answers 409: the one error the browser logs.
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([])
  })
})
