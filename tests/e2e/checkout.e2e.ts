import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { demoCart, loginDemo } from './shopper'

/** Both checkout entries driven as a shopper does, at both widths, up to the order page. */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first()
/** Radios here are saved first and checked when the server answers: click, then wait for the check. */
async function choose(radio: Locator) {
  await radio.click()
  await expect.poll(() => radio.isChecked()).toBe(true)
}
const summary = (page: Page) => page.getByRole('region', { name: 'Resumo da compra' })
const place = (page: Page) => summary(page).getByRole('button', { name: 'Finalizar compra' })
const at = (page: Page, path: RegExp) => expect.poll(() => new URL(page.url()).pathname).toMatch(path)

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('checkout at %s', (_name, viewport) => {
  it('three steps: identification with its checks, delivery by CEP, Pix, the order', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await loginDemo(context.request)
    const titulo = await demoCart(context.request)
    await page.goto('/checkout')
    await hydrated(page, '#nome')
    await page.getByText(/^Resumo \(\d+ ite(m|ns)\)$/).click()
    await page.getByText(titulo).first().waitFor()
    // Prefilled from the demo's last order; the checks run on blur and clear on typing.
    expect(await page.getByLabel('Nome completo').inputValue()).toBe('Cliente Demo')
    await page.getByLabel('Nome completo').fill('Cliente')
    await page.locator('#email').focus()
    await page.getByText('Digite o seu nome completo', { exact: true }).first().waitFor()
    await page.getByLabel('CPF').fill('11111111111')
    await page.getByLabel('Celular / WhatsApp').focus()
    await page.getByText('Campo inválido.').waitFor()
    await page.getByRole('button', { name: 'Continuar' }).click()
    await toast(page, 'Digite o seu nome completo').waitFor()
    await page.getByLabel('Nome completo').fill('Cliente Demo')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await toast(page, 'Campo de CPF inválido!').waitFor()
    await page.getByLabel('CPF').fill('39053344705')
    expect(await page.getByLabel('CPF').inputValue()).toBe('390.533.447-05')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await at(page, /^\/checkout\/address\/?$/)

    await hydrated(page, '#cep')
    await page.getByLabel('CEP').pressSequentially('20040020')
    expect(await page.getByLabel('CEP').inputValue()).toBe('200.40-020')
    await expect.poll(() => page.getByTestId('cep-cidade').textContent()).toBe('Rio de Janeiro')
    await page.getByLabel('Número').fill('12a')
    await page.getByLabel('Destinatário').fill('Cliente Demo')
    await page.getByRole('button', { name: 'Salvar' }).click()
    await page.getByText('Campo invalido!').waitFor()
    await page.getByLabel('Número').fill('12')
    await page.getByRole('button', { name: 'Salvar' }).click()
    const novo = page.getByRole('listitem').filter({ hasText: 'CEP 20040-020' }).last()
    await novo.waitFor()
    await novo.getByRole('button', { name: 'Entregar aqui' }).click()
    await at(page, /^\/checkout\/pagamento\/?$/)

    await choose(page.getByRole('radio', { name: /Padrão/ }))
    await choose(page.getByRole('radio', { name: /^Pix/ }))
    await expect.poll(() => place(page).isEnabled()).toBe(true)
    await summary(page)
      .getByText(/CNPJ 11\.222\.333\/0001-81/)
      .waitFor()
    await summary(page)
      .getByText(/7 dias/)
      .waitFor()
    await place(page).click()
    await at(page, /^\/compras\/pedido\/VT-\d{4}-\d{6}$/)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Aguardando pagamento')
    // Minha Conta lists it, linking to its page.
    const code = new URL(page.url()).pathname.split('/').pop()!
    await page.goto('/cliente/conta/')
    await page.getByRole('region', { name: 'Meus pedidos' }).getByRole('link', { name: code }).click()
    await at(page, new RegExp(`^/compras/pedido/${code}$`))
    expect(errors).toEqual([])
    await context.close()
  })

  it('five steps: the method check, a pickup station, a declined card then an approved one', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await loginDemo(context.request)
    await demoCart(context.request)
    await page.goto('/compras/finalizar')
    await hydrated(page, '#nome')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await page.getByTestId('endereco-entrega').waitFor()
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await page.getByRole('radio', { name: /Padrão/ }).waitFor()
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await toast(page, 'Selecione um método de envio!').waitFor()
    // The radio opens the station picker; it is checked once a station is saved.
    await page.getByRole('radio', { name: /Retirar em uma estação/ }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('radio', { name: /Estação Sé/ }).check()
    await dialog.getByRole('button', { name: 'Salvar e continuar' }).click()
    await dialog.getByRole('button', { name: 'Salvar', exact: true }).click()
    await expect.poll(() => dialog.count()).toBe(0)
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await choose(page.getByRole('radio', { name: /^Cartão/ }))
    await page.getByLabel('Número do cartão').fill('4000000000000002')
    await page.getByLabel('Nome impresso no cartão').fill('Cliente Demo')
    await page.getByLabel('Validade (MM/AA)').fill('1230')
    await page.getByLabel('CVV').fill('123')
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await page.getByText(/Retirada: Estação Sé/).waitFor()
    await place(page).click()
    await toast(page, 'Pagamento recusado pelo emissor do cartão. Tente outro cartão.').waitFor()
    await page.getByRole('button', { name: 'Forma de pagamento', exact: true }).click()
    await page.getByLabel('Número do cartão').fill('4111111111111111')
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await place(page).click()
    await at(page, /^\/compras\/pedido\/VT-\d{4}-\d{6}$/)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Pago')
    expect(errors.filter((e) => !/status of 402/.test(e))).toEqual([])
    await context.close()
  })
})
