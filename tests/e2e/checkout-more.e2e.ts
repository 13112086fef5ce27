import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { DEMO, demoCart, loginDemo, post, registerCustomer } from './shopper'

/**
 * The checkout flows checkout.e2e.ts leaves out: the phone buy-now by a visitor (log in from the
 * prompt, back to /checkout, the three steps, the order in Minha Conta); the five-step checkout's
 * 'sedrc' and 'EsEdrc' prompts and the way on from each; a boleto purchase with its printable page;
 * and a cart line another customer bought out, which every checkout entry sends back to the cart.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const WIDTHS = [
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const

/** Radios here are saved first and checked when the server answers: click, then wait for the check. */
async function choose(radio: Locator) {
  await radio.click()
  await expect.poll(() => radio.isChecked()).toBe(true)
}
const summary = (page: Page) => page.getByRole('region', { name: 'Resumo da compra' })
const place = (page: Page) => summary(page).getByRole('button', { name: 'Finalizar compra' })
const at = (page: Page, path: RegExp) => expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(path)
const ORDER_PAGE = /^\/compras\/pedido\/VT-\d{4}-\d{6}$/
const codeOf = (page: Page) => new URL(page.url()).pathname.split('/').pop()!

/** A product without variations with stock to spare, as the home's 'RECENTES' lists it. */
async function plainProduct(page: Page): Promise<{ link_real: string; titulo: string }> {
  const recentes = (await (await page.context().request.get('/_next/api/inicio?bloco=recentes')).json()) as Array<{
    link_real: string
    titulo: string
    qtd: number
    vari_pdt: unknown[]
  }>
  const product = recentes.find((p) => p.qtd > 2 && p.vari_pdt.length === 0)
  expect(product).toBeDefined()
  return product!
}

/**
 * Identification (/checkout or the five steps' first step), every field typed. The demo's own data
 * for the demo: its last order prefills the other e2e files' checkouts.
 */
async function identify(page: Page, email: string, nome = 'Cliente Demo') {
  await hydrated(page, '#nome')
  await page.getByLabel('Nome completo').fill(nome)
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByLabel('CPF').fill('39053344705')
  await page.getByLabel('Celular / WhatsApp').fill('11987654321')
  await page.getByRole('button', { name: 'Continuar' }).click()
}

/** The five steps from 'Informações de entrega' on: 'Padrão', the method, the summary, the order page. */
async function fiveStepsToOrder(page: Page, method: RegExp) {
  await page.getByTestId('endereco-entrega').waitFor()
  await page.getByRole('button', { name: 'Próximo passo' }).click()
  await choose(page.getByRole('radio', { name: /Padrão/ }))
  await page.getByRole('button', { name: 'Próximo passo' }).click()
  await choose(page.getByRole('radio', { name: method }))
  await page.getByRole('button', { name: 'Próximo passo' }).click()
  await expect.poll(() => place(page).isEnabled()).toBe(true)
  await place(page).click()
  await at(page, ORDER_PAGE)
}

describe('phone buy-now by a visitor', () => {
  it('logs in from the prompt, comes back to /checkout, delivers and pays by Pix; Minha Conta lists the order', async () => {
    const { page, context, errors } = await openPage(browser, PHONE)
    const product = await plainProduct(page)
    await page.goto(`/produto/${product.link_real}`)
    await hydrated(page, '#comprar')
    // The bar with the buy-now shows once the main COMPRAR is off screen.
    await page.evaluate(() => window.scrollTo(0, document.getElementById('comprar')!.getBoundingClientRect().bottom + window.scrollY + 40))
    const bar = page.getByTestId('mobile-buy-bar')
    await expect.poll(() => bar.getAttribute('aria-hidden')).toBe('false')
    await bar.getByRole('button', { name: 'COMPRAR AGORA' }).click()
    await at(page, /^\/checkout\/?$/)

    // A visitor: the cart's summary and the login prompt ('auth'), no identification form.
    await page.getByText(/^Resumo \(1 item\)$/).click()
    await page.getByText(product.titulo).first().waitFor()
    const prompt = page.getByRole('alert').filter({ hasText: 'Entre na sua conta para continuar a compra.' })
    await prompt.waitFor()
    expect(await page.locator('#nome').count()).toBe(0)
    await hydrated(page, 'main [role="alert"] a')
    await prompt.getByRole('link', { name: 'Entrar' }).click()
    await at(page, /^\/authorization\/login\/step\/1\/[A-Za-z0-9]{32}$/)
    await hydrated(page, '#email')
    await page.getByLabel('E-mail', { exact: true }).fill(DEMO.email)
    await page.getByRole('button', { name: 'Continuar' }).click()
    await at(page, /^\/authorization\/login\/step\/2\//)
    await page.getByLabel('Senha').fill(DEMO.senha)
    await page.getByRole('button', { name: 'Entrar' }).click()

    // Back at /checkout, logged in, the visitor's cart now the customer's.
    await at(page, /^\/checkout\/?$/)
    await page.getByText(/^Resumo \(\d+ ite(m|ns)\)$/).click()
    await page.getByText(product.titulo).first().waitFor()
    await identify(page, DEMO.email)
    await at(page, /^\/checkout\/address\/?$/)
    // The demo's saved addresses are listed; choosing one goes on to payment.
    await hydrated(page, 'main li button')
    await page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Entregar aqui' }) })
      .first()
      .getByRole('button', { name: 'Entregar aqui' })
      .click()
    await at(page, /^\/checkout\/pagamento\/?$/)
    await choose(page.getByRole('radio', { name: /Padrão/ }))
    await choose(page.getByRole('radio', { name: /^Pix/ }))
    await expect.poll(() => place(page).isEnabled()).toBe(true)
    await place(page).click()
    await at(page, ORDER_PAGE)
    const code = codeOf(page)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Aguardando pagamento')
    await page.getByRole('img', { name: 'QR Code do Pix' }).locator('svg').waitFor()
    expect(await page.getByText(product.titulo).count()).toBeGreaterThan(0)

    // Minha Conta (Perfil in the phone bar) lists it, linking to its page.
    await hydrated(page, 'nav a')
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Perfil' }).click()
    await at(page, /^\/cliente\/conta\/$/)
    await page.getByRole('region', { name: 'Meus pedidos' }).getByRole('link', { name: code }).click()
    await at(page, new RegExp(`^/compras/pedido/${code}$`))
    expect(errors).toEqual([])
    await context.close()
  })
})

describe.each(WIDTHS)('five-step prompts at %s', (name, viewport) => {
  it("'sedrc': a customer without an address is asked for one, adds it by CEP and goes on to the order", async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    const { email } = await registerCustomer(context.request, 'Sem')
    await demoCart(context.request)
    await page.goto('/compras/finalizar')
    await identify(page, email, 'Sem Compradora')
    // Step 'Informações de entrega': dados-compra answered 'sedrc'.
    const prompt = page.getByRole('alert').filter({ hasText: 'Cadastre um endereço de entrega para continuar.' })
    await prompt.waitFor()
    const link = prompt.getByRole('link', { name: 'Cadastrar endereço' })
    expect(await link.getAttribute('href')).toBe('/endereco/cep/')
    // The prompt's link is the way on: no 'Próximo passo' beside it.
    expect(await page.getByRole('button', { name: 'Próximo passo' }).count()).toBe(0)
    await link.click()

    await at(page, /^\/endereco\/cep\/?$/)
    await hydrated(page, '#cep')
    await page.getByLabel('CEP').pressSequentially('01001000')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await at(page, /^\/endereco\/adicionar\/[A-Za-z0-9_-]+$/)
    await hydrated(page, '#nome')
    await page.getByLabel('Nome', { exact: true }).fill('Sem')
    await page.getByLabel('Sobrenome').fill('Compradora')
    await page.getByLabel('Telefone').pressSequentially('11987654321')
    await page.getByLabel('Numero').pressSequentially('45')
    await page.getByLabel('Complemento').fill('Apto 3')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await page.getByRole('heading', { name: 'Endereço salvo' }).waitFor()

    // Back to the checkout: the new address is the delivery address, and the purchase goes through.
    await page.goto('/compras/finalizar')
    await hydrated(page, '#nome')
    await page.getByRole('button', { name: 'Informações de entrega', exact: true }).click()
    await expect.poll(() => page.getByTestId('endereco-entrega').textContent()).toContain('Praça da Sé, 45 – Apto 3')
    expect(await page.getByRole('alert').filter({ hasText: 'Cadastre um endereço' }).count()).toBe(0)
    await fiveStepsToOrder(page, /^Pix/)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Aguardando pagamento')
    // The checkout's call answers 409 while there is no address; the browser logs that, nothing else.
    expect(
      errors.filter((e) => !/status of 409/.test(e)),
      name,
    ).toEqual([])
    await context.close()
  })

  it("'EsEdrc': asked to choose a delivery address, the shopper chooses one at /endereco?show=true and goes on", async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await loginDemo(context.request)
    await demoCart(context.request)
    // The address book always keeps a principal address, so no shopper's action leaves addresses
    // with none to deliver to (tests/api/checkout.test.ts reaches that state through the database).
    // Here the server's answer for that state is given to the page once, as dados-compra sends it.
    await page.route(
      '**/_next/api/dados-compra/',
      (route) => route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ estado: 'erro', msg: 'EsEdrc' }) }),
      { times: 1 },
    )
    await page.goto('/compras/finalizar')
    await hydrated(page, '#nome')
    await page.getByRole('button', { name: 'Continuar' }).click()
    const prompt = page.getByRole('alert').filter({ hasText: 'Selecione o endereço de entrega.' })
    await prompt.waitFor()
    const link = prompt.getByRole('link', { name: 'Escolher endereço' })
    expect(await link.getAttribute('href')).toBe('/endereco?show=true')
    expect(await page.getByRole('button', { name: 'Próximo passo' }).count()).toBe(0)
    await link.click()

    await at(page, /^\/endereco\/?$/)
    expect(new URL(page.url()).search).toBe('?show=true')
    await page.getByRole('heading', { name: 'Escolha o endereço de entrega' }).waitFor()
    await hydrated(page, '#conteudo li button')
    const demo = page.getByRole('listitem', { name: /Endereço de Cliente Demo/ }).first()
    await demo.getByRole('button', { name: 'Entregar neste endereço' }).click()
    // Chosen: back to the five steps, where dados-compra now answers with that address.
    await at(page, /^\/compras\/finalizar\/?$/)
    await hydrated(page, '#nome')
    await page.getByRole('button', { name: 'Informações de entrega', exact: true }).click()
    await expect.poll(() => page.getByTestId('endereco-entrega').textContent()).toMatch(/CEP \d{5}-\d{3}/)
    expect(await page.getByRole('alert').filter({ hasText: 'Selecione o endereço de entrega.' }).count()).toBe(0)
    await fiveStepsToOrder(page, /^Pix/)
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([])
    await context.close()
  })
})

describe.each(WIDTHS)('boleto at %s', (name, viewport) => {
  it('pays by boleto, sees the linha digitável and opens its printable page, only for the owner', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await loginDemo(context.request)
    await demoCart(context.request)
    if (name === 'desktop') {
      await page.goto('/compras/finalizar')
      await hydrated(page, '#nome')
      await page.getByRole('button', { name: 'Continuar' }).click()
      await fiveStepsToOrder(page, /^Boleto/)
    } else {
      await page.goto('/checkout')
      await identify(page, DEMO.email)
      await at(page, /^\/checkout\/address\/?$/)
      await hydrated(page, 'main li button')
      await page.getByRole('button', { name: 'Entregar aqui' }).first().click()
      await at(page, /^\/checkout\/pagamento\/?$/)
      await choose(page.getByRole('radio', { name: /Padrão/ }))
      await choose(page.getByRole('radio', { name: /^Boleto/ }))
      await expect.poll(() => place(page).isEnabled()).toBe(true)
      await place(page).click()
      await at(page, ORDER_PAGE)
    }
    const code = codeOf(page)
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Aguardando pagamento')
    const linha = (await page.getByTestId('linha-digitavel').textContent())!
    expect(linha).toMatch(/^001\d{44}$/)
    const total = (await page.getByTestId('pedido-total').textContent())!
    expect(await page.getByText(/Vencimento: \d{2}\/\d{2}\/\d{4}/).count()).toBe(1)

    // The printable page: the same slip, its barcode drawn, the store as beneficiary, the buyer as payer.
    await hydrated(page, 'main a[href$="/boleto"]')
    await page.getByRole('link', { name: 'Imprimir boleto' }).click()
    await at(page, new RegExp(`^/compras/pedido/${code}/boleto$`))
    const ficha = page.getByRole('region', { name: 'Ficha de compensação' })
    await ficha.waitFor()
    expect(await page.title()).toContain(`Boleto do pedido ${code}`)
    const shown = (await page.getByTestId('boleto-linha').textContent())!
    expect(shown).toMatch(/^\d{5}\.\d{5} \d{5}\.\d{6} \d{5}\.\d{6} \d \d{14}$/)
    expect(shown.replace(/\D/g, '')).toBe(linha)
    expect((await page.getByTestId('boleto-valor').textContent())!.replace(/\s/g, ' ')).toBe(total.replace(/\s/g, ' '))
    expect(await page.getByTestId('boleto-vencimento').textContent()).toMatch(/^\d{2}\/\d{2}\/\d{4}$/)
    expect(await page.getByTestId('boleto-nosso-numero').textContent()).toBe(`1234567${code.replace(/\D/g, '')}`)
    expect(await ficha.textContent()).toContain('Vitrine Comércio de Eletrônicos Ltda. · CNPJ 11.222.333/0001-81')
    expect(await ficha.textContent()).toMatch(/Pagador.*CPF \d{3}\.\d{3}\.\d{3}-\d{2}/)
    expect(await ficha.textContent()).toContain('001-9')
    // The bars: the 44-digit barcode behind the linha (bank and currency, then factor and amount), 4 + 22×10 + 3 elements.
    const barras = page.getByRole('img', { name: 'Código de barras do boleto' })
    const digits = (await barras.getAttribute('data-barras'))!
    expect(digits).toMatch(/^\d{44}$/)
    expect(digits.slice(0, 4) + digits.slice(4, 19)).toBe(linha.slice(0, 4) + linha.slice(32))
    expect(await barras.locator('svg g rect').count()).toBe((4 + 220 + 3 + 1) / 2)
    const box = (await barras.locator('svg').boundingBox())!
    expect(box.width).toBeGreaterThan(300)
    expect(box.width).toBeLessThanOrEqual(viewport.width)
    // 'Imprimir' asks the browser to print.
    await hydrated(page, 'main button')
    await page.evaluate(() => {
      window.print = () => document.body.setAttribute('data-printed', 'sim')
    })
    await page.getByRole('button', { name: 'Imprimir' }).click()
    await expect.poll(() => page.locator('body').getAttribute('data-printed')).toBe('sim')
    await page.getByRole('link', { name: '← Voltar ao pedido' }).click()
    await at(page, new RegExp(`^/compras/pedido/${code}$`))

    // A visitor is sent to log in (and back); another customer finds no boleto.
    const visitor = await openPage(browser, viewport)
    await visitor.page.goto(`/compras/pedido/${code}/boleto`)
    await at(visitor.page, /^\/authorization\/login\/step\/1\//)
    await visitor.context.close()
    if (name === 'desktop') {
      const other = await openPage(browser, viewport)
      await registerCustomer(other.context.request, 'Outra')
      const res = await other.page.goto(`/compras/pedido/${code}/boleto`)
      expect(res?.status()).toBe(404)
      expect(res?.headers()['cache-control']).toMatch(/private, no-store/)
      await other.page.getByRole('heading', { name: 'Boleto não encontrado' }).waitFor()
      await other.context.close()
    }
    expect(errors).toEqual([])
    await context.close()
  })
})

type Card = { hash: string; titulo: string; qtd: number; vari_pdt: Array<{ data: unknown[] }> }

/** A product without variations of which only one or two are left (department first pages), a different one per `nth`. */
async function lastPieces(page: Page, nth: number): Promise<Card> {
  const get = async <T>(path: string) => (await (await page.context().request.get(path)).json()) as T
  const menu = await get<{ Categorias: Array<{ ndi: string }> }>('/_next/api/DataMenu/')
  const pages = await Promise.all(menu.Categorias.map((c) => get<{ data: Card[] }>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}`)))
  const found = pages.flatMap((p) => p.data).filter((c) => c.qtd >= 1 && c.qtd <= 2 && c.vari_pdt.every((v) => v.data.length === 0))
  expect(found.length).toBeGreaterThan(nth)
  return found[found.length - 1 - nth]
}

describe.each(WIDTHS)('a cart line bought out meanwhile at %s', (name, viewport) => {
  it('every checkout entry sends the shopper back to the cart, which says what to fix', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await registerCustomer(context.request, 'Atrasada')
    const product = await lastPieces(page, name === 'phone' ? 1 : 0)
    expect((await post(context.request, '/_next/api/carrinho/add/', { id: product.hash, qtd: 1 })).status).toBe(200)
    await page.goto('/compras/finalizar')
    await hydrated(page, '#nome')

    // Another customer buys every piece left.
    const other = await openPage(browser, viewport)
    const { cpf } = await registerCustomer(other.context.request, 'Rapida')
    const calls: Array<[string, unknown]> = [
      ['carrinho/add/', { id: product.hash, qtd: product.qtd }],
      ['checkout/step/1/', { nome: 'Rapida Compradora', email: 'rapida@example.com', cpf, celular: '(11) 9 8765-4321' }],
      ['checkout/step/2/', { cep: '01001000', logradouro: 'Praça da Sé', numero: '1', bairro: 'Sé', destinatario: 'Rapida Compradora' }],
      ['checkout/envio/', { opcao: 0 }],
      ['checkout/pagamento/', { metodo: 'pix' }],
      ['checkout/finalizar/', {}],
    ]
    for (const [path, body] of calls) expect((await post(other.context.request, `/_next/api/${path}`, body)).status, path).toBe(200)
    await other.context.close()

    // Each entry lands on the cart page, where the line says what is wrong and checkout waits.
    for (const entry of ['/compras/finalizar', '/checkout', '/checkout/address', '/checkout/pagamento']) {
      await page.goto(entry)
      await at(page, /^\/compras\/carrinho\/?$/)
      const line = page.getByTestId('carrinho-item').filter({ hasText: product.titulo })
      expect(await line.getByTestId('item-aviso').textContent(), entry).toBe('Produto indisponível. Remova-o do carrinho para continuar.')
      expect(await page.getByRole('button', { name: 'Finalizar compra' }).isDisabled(), entry).toBe(true)
    }
    // dados-compra answered 'sedrc' (409) on the first visit, this customer having no address; nothing else.
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([])
    await context.close()
  })
})
