import type { APIRequestContext, Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { checkoutDemoCart, loginDemo } from './shopper'

/**
 * The order page (/compras/pedido/{code}) at both widths. The checkout pages come later: the
 * shopper's checkout is filled through the same calls those pages make, then the page is driven.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** The demo customer's order, its checkout filled through the calls the checkout pages make. */
async function placeDemoOrder(request: APIRequestContext, metodo: 'pix' | 'boleto'): Promise<string> {
  await loginDemo(request)
  return checkoutDemoCart(request, metodo)
}

describe.each([
  ['desktop', DESKTOP, 'pix'],
  ['phone', PHONE, 'boleto'],
] as const)('order page at %s', (_name, viewport, metodo) => {
  it(`shows the ${metodo} instructions, then the sandbox payment through the webhook path`, async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    const code = await placeDemoOrder(context.request, metodo)
    const res = await page.goto(`/compras/pedido/${code}`)
    expect(res?.headers()['cache-control']).toMatch(/private, no-store/)
    await expect.poll(() => page.getByTestId('pedido-codigo').textContent()).toBe(code)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Aguardando pagamento')
    if (metodo === 'pix') {
      await page.getByRole('img', { name: 'QR Code do Pix' }).locator('svg').waitFor()
      expect(await page.getByLabel('Pix Copia e Cola').inputValue()).toMatch(/^000201.*br\.gov\.bcb\.pix/i)
      await expect.poll(() => page.getByTestId('pix-contagem').textContent()).toMatch(/^(29|30):\d\d$/)
    } else {
      expect(await page.getByTestId('linha-digitavel').textContent()).toMatch(/^\d{47}$/)
      await page.getByRole('img', { name: 'Código de barras do boleto' }).locator('svg').waitFor()
      await page.getByRole('link', { name: 'Imprimir boleto' }).waitFor()
    }
    await hydrated(page, 'button')
    await page.getByRole('button', { name: 'Simular pagamento' }).click()
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Pago')
    await expect.poll(() => page.getByRole('button', { name: 'Simular pagamento' }).count()).toBe(0)
    // Another shopper (no session) does not see it.
    const stranger = await openPage(browser, viewport)
    await stranger.page.goto(`/compras/pedido/${code}`)
    await expect.poll(() => new URL(stranger.page.url()).pathname).not.toBe(`/compras/pedido/${code}`)
    await stranger.context.close()
    expect(errors).toEqual([])
    await context.close()
  })
})
