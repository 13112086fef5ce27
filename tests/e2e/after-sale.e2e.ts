import type { APIRequestContext, Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { checkoutDemoCart, DEMO, loginDemo } from './shopper'

/**
 * After the sale, the shopper's side: the demo order (delivered 3 days ago by the seed)
 * shows its timeline, takes a review and a withdrawal; a new unpaid order is cancelled from its
 * page; 'Atendimento' opens its panel and sends a 'Fale conosco' message naming the order.
 * SHOTS=dir saves screenshots of each screen.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const shots = process.env.SHOTS
async function shot(page: Page, name: string) {
  if (shots) await page.screenshot({ path: `${shots}/${name}.png`, fullPage: true })
}

/** The seed's demo order: VT-{year it was placed, 8 days ago}-000123. */
const demoOrder = () => `VT-${new Date(Date.now() - 8 * 86_400_000).getUTCFullYear()}-000123`

const placeUnpaidOrder = (request: APIRequestContext) => checkoutDemoCart(request)

describe('after the sale', () => {
  it('desktop: timeline with tracking, a review, a withdrawal, and Fale conosco from the order page', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await loginDemo(context.request)
    const code = demoOrder()
    await page.goto(`/compras/pedido/${code}`)
    const timeline = page.getByTestId('timeline')
    await expect.poll(() => timeline.textContent()).toMatch(/Pedido realizado.*Pagamento aprovado.*Em separação.*Enviado.*Entregue/)
    expect(await page.getByRole('link', { name: 'AA123456789BR' }).getAttribute('href')).toBe(
      'https://rastreamento.correios.com.br/app/index.php?objetos=AA123456789BR',
    )
    await page.getByRole('heading', { name: 'Dados da nota fiscal' }).waitFor()
    await shot(page, 'pedido-desktop')

    await hydrated(page, 'section[aria-labelledby="avaliar"] button')
    await page.getByRole('button', { name: 'Avaliar produto' }).first().click()
    await page.getByRole('radio', { name: '4 estrelas' }).first().check({ force: true })
    await page.getByLabel('Título').fill('Gostei bastante')
    await page.getByLabel('Sua avaliação').fill('Bom produto. <b>sem html</b> https://exemplo.com')
    await page.getByRole('button', { name: 'Enviar avaliação' }).click()
    await page.getByText('Avaliação enviada!', { exact: false }).waitFor()

    await page.getByRole('button', { name: 'Desistir da compra' }).click()
    await page.getByRole('button', { name: 'Pedir devolução' }).click()
    await page.getByText('Escolha ao menos um item para devolver.').waitFor()
    await page.locator('section[aria-labelledby="desistir"] input[type="checkbox"]').first().check()
    await page.getByLabel('Motivo').selectOption('arrependimento')
    await page.getByRole('button', { name: 'Pedir devolução' }).click()
    await expect.poll(() => page.getByTestId('devolucao-situacao').textContent()).toMatch(/Devolução solicitada/)
    await shot(page, 'pedido-apos-devolucao-desktop')

    await page.getByRole('button', { name: 'Atendimento' }).click()
    const panel = page.getByRole('dialog', { name: 'Atendimento' })
    await panel.waitFor()
    expect(decodeURIComponent((await panel.getByRole('link', { name: /WhatsApp/ }).getAttribute('href')) ?? '')).toContain(`pedido ${code}`)
    expect(await panel.getByLabel('Pedido (opcional)').inputValue()).toBe(code)
    await shot(page, 'atendimento-desktop')
    await panel.getByLabel('Nome').fill('Cliente Demo')
    await panel.getByLabel('E-mail').fill(DEMO.email)
    await panel.getByLabel('Assunto').fill('Devolução')
    await panel.getByLabel('Mensagem').fill('Como embalo o produto?')
    await panel.getByRole('button', { name: 'Enviar mensagem' }).click()
    await panel.getByText('Mensagem enviada!', { exact: false }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })

  it('phone: cancels an unpaid order with a confirmation; Atendimento from the header', async () => {
    const { page, context, errors } = await openPage(browser, PHONE)
    await loginDemo(context.request)
    const code = await placeUnpaidOrder(context.request)
    await page.goto(`/compras/pedido/${code}`)
    await hydrated(page, 'section[aria-labelledby="cancelar"] button')
    await page.locator('section[aria-labelledby="cancelar"]').getByRole('button', { name: 'Cancelar pedido' }).click()
    await shot(page, 'cancelar-confirmacao-phone')
    await page.getByRole('button', { name: 'Sim, cancelar pedido' }).click()
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Cancelado')
    await page.getByText('Pedido cancelado', { exact: true }).first().waitFor()
    expect(await page.locator('section[aria-labelledby="cancelar"]').count()).toBe(0)
    await shot(page, 'pedido-cancelado-phone')
    expect(errors).toEqual([])

    await page.goto('/')
    await hydrated(page, 'header button[aria-label="Atendimento"]')
    await page.getByRole('button', { name: 'Atendimento' }).click()
    const panel = page.getByRole('dialog', { name: 'Atendimento' })
    await panel.getByText('Fale conosco').waitFor()
    expect(await panel.getByRole('link', { name: 'Trocas e devoluções' }).getAttribute('href')).toBe('/sobre/trocas-e-devolucoes/')
    await shot(page, 'atendimento-phone')
    expect(errors).toEqual([])
    await context.close()
  })
})
