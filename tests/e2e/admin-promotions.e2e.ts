import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { demoCart } from './shopper'
import { staffLogin } from './staff'

/**
 * The back office's coupons at 1280×800, one flow: the demo owner creates a coupon in
 * /admin/promocoes (typed in lower case, stored upper case) and finds it in the list; a shopper
 * applies it in the cart ("Cupom de desconto", "Aplicar") and sees its discount line; the owner
 * ends it and the shopper's cart shows it as not applied.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('back office coupons (1280×800)', () => {
  it('the owner creates a coupon, a shopper uses it in the cart, the owner ends it', async () => {
    const staff = await openPage(browser, DESKTOP)
    const { page } = staff
    await staffLogin(page)
    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Promoções' }).click()
    await page.getByRole('heading', { name: 'Promoções', level: 1 }).waitFor()
    await page.getByRole('link', { name: 'Novo cupom' }).click()
    await hydrated(page, 'form[aria-label="Dados do cupom"]')
    const code = `E2E${Date.now().toString(36).toUpperCase()}`
    await page.getByLabel('Código', { exact: true }).fill(` ${code.toLowerCase()} `)
    await page.getByLabel('Percentual (%)').fill('150')
    await page.getByRole('button', { name: 'Criar cupom' }).click()
    // Refused beside the field, nothing created.
    await expect.poll(() => page.getByText('O percentual vai de 1 a 100 (número inteiro).').first().isVisible()).toBe(true)
    await page.getByLabel('Percentual (%)').fill('10')
    await page.getByRole('button', { name: 'Criar cupom' }).click()
    await page.waitForURL(/\/admin\/promocoes\/cupons\/\d+$/)
    await page.getByRole('heading', { name: `Cupom ${code}`, level: 1 }).waitFor()

    await page.goto(`/admin/promocoes?q=${code}`)
    const row = page.getByRole('row', { name: new RegExp(code) })
    await expect.poll(() => row.textContent()).toMatch(/10 %.*0\/∞/)

    // A shopper applies it in the cart and sees the discount line.
    const shopper = await openPage(browser, DESKTOP)
    await demoCart(shopper.context.request)
    await shopper.page.goto('/compras/carrinho')
    await hydrated(shopper.page, 'form:has(#cupom)')
    await shopper.page.getByLabel('Cupom de desconto').fill(code.toLowerCase())
    await shopper.page.getByRole('button', { name: 'Aplicar' }).click()
    const applied = shopper.page.getByTestId('cupom')
    await expect.poll(() => applied.textContent()).toMatch(new RegExp(`Cupom ${code} aplicado \\(− R\\$\\s?\\d`))
    await expect.poll(() => shopper.page.getByText(`Cupom ${code}`, { exact: true }).first().isVisible()).toBe(true)

    // The owner ends it: the cart keeps it, not applied, with why.
    await row.getByRole('link', { name: code }).click()
    await page.getByRole('button', { name: 'Encerrar cupom' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Encerrar cupom' }).click()
    await expect.poll(() => page.getByText(`Cupom ${code} encerrado`).first().isVisible()).toBe(true)
    await shopper.page.reload()
    await expect.poll(() => shopper.page.getByTestId('cupom').textContent()).toMatch(new RegExp(`Cupom ${code} não aplicado`))

    // The refused 150 % is the one 422 the browser reports.
    expect(staff.errors.filter((e) => !/status of 422/.test(e))).toEqual([])
    expect(shopper.errors).toEqual([])
    await staff.context.close()
    await shopper.context.close()
  })
})
