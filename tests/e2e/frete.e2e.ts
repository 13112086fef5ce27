// The product page's "Calcular frete" with SHIPPING_PROVIDER=melhorenvio: a second store on loopback
// speaking to the fake Melhor Envio (tests/support/fake-melhorenvio.ts), answering in 100 ms. The
// shopper types a CEP and sees each service's price and delivery, for the quantity chosen; with the
// carrier down, the store's table answers, marked "estimativa".
import type { Browser } from 'playwright-core'
import { maskCep } from '../../contract/masks'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startThrowawayStore, type StoreProcess } from '../../scripts/lib/store-process'
import { FAKE_ME, startFakeMelhorEnvio, type FakeMelhorEnvio } from '../support/fake-melhorenvio'
import { DESKTOP, hydrated, launchBrowser } from './browser'
import { checkoutDemoCart, loginDemo, post } from './shopper'
import { staffLogin } from './staff'

let browser: Browser
let fake: FakeMelhorEnvio
let store: StoreProcess

beforeAll(async () => {
  fake = await startFakeMelhorEnvio()
  fake.slow(100)
  store = await startThrowawayStore({
    prefix: 'vitrine-e2e-frete-',
    args: ['--no-build'],
    env: {
      SHIPPING_PROVIDER: 'melhorenvio',
      MELHORENVIO_TOKEN: FAKE_ME.token,
      MELHORENVIO_USER_AGENT: FAKE_ME.userAgent,
      MELHORENVIO_API_URL: fake.url,
      MELHORENVIO_WEBHOOK_SECRET: FAKE_ME.webhookSecret,
      LOG_LEVEL: 'warn',
    },
  })
  browser = await launchBrowser()
}, 180_000)

afterAll(async () => {
  await browser?.close()
  await store?.stop()
  await fake?.close()
})

describe('Calcular frete on the product page', () => {
  it("shows each carrier's price and delivery for the CEP and quantity, and the table as an estimate when the carrier is down", async () => {
    const context = await browser.newContext({ viewport: DESKTOP, baseURL: store.base, locale: 'pt-BR' })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    const search = (await (await fetch(`${store.base}/_next/api/pesquisa?p=capa`)).json()) as Array<{ data: Array<{ link_real: string; qtd: number }> }>
    const product = search[0].data.find((p) => p.qtd > 3)!
    await page.goto(`/produto/${product.link_real}`)
    const cep = page.locator('input[autocomplete="postal-code"]:visible')
    await hydrated(page, 'main button')
    const box = page.locator('section', { has: page.getByRole('heading', { name: 'Calcular frete' }) })
    // The box's code loads at the first touch (~/lib/deferred whenTouched): typing starts on the
    // server's markup and goes on in the live field, which keeps the focus and what was typed.
    await cep.click()
    await cep.pressSequentially('01')
    await hydrated(page, 'input[autocomplete="postal-code"]')
    await cep.pressSequentially('001000')
    expect(await cep.inputValue()).toBe(maskCep('01001000'))
    await box.getByRole('button', { name: 'CALCULAR' }).click()
    const options = box.getByTestId('opcao-frete')
    await expect.poll(() => options.count()).toBe(3)
    const lines = await options.allTextContents()
    expect(lines.join('|')).toMatch(/PAC · Correios · até \d+ dias úteis/)
    expect(lines.join('|')).toMatch(/SEDEX · Correios/)
    expect(lines.join('|')).toMatch(/Jadlog \.Package · Jadlog/)
    for (const line of lines) expect(line).toMatch(/R\$\s\d+,\d{2}$/)
    await expect.poll(() => box.getByRole('status').textContent()).toMatch(/^Entrega em São Paulo\/SP/)
    const asked = fake.received.at(-1)!
    expect(asked.body).toMatchObject({ to: { postal_code: '01001000' }, products: [expect.objectContaining({ quantity: 1 })] })

    // Three of them: the carrier is asked for three.
    await page.getByRole('button', { name: 'Aumentar quantidade' }).first().click()
    await page.getByRole('button', { name: 'Aumentar quantidade' }).first().click()
    await box.getByRole('button', { name: 'CALCULAR' }).click()
    await expect.poll(() => fake.received.at(-1)!.body).toMatchObject({ products: [expect.objectContaining({ quantity: 3 })] })

    // The carrier down: the store's table answers, and says it is an estimate.
    fake.fail('500')
    await cep.fill('')
    await cep.pressSequentially('20040020')
    await box.getByRole('button', { name: 'CALCULAR' }).click()
    await expect.poll(() => box.getByRole('status').textContent()).toMatch(/Rio de Janeiro\/RJ\s*estimativa/)
    expect(await options.allTextContents()).toEqual([expect.stringMatching(/^Padrão/), expect.stringMatching(/^Expressa/)])
    await context.close()
  })
})

describe('a label from the back office, delivered through a signed webhook', () => {
  it('the demo customer buys with a carrier service, the owner buys the label, and the delivery shows on the customer’s order page', async () => {
    fake.reset()
    fake.slow(0)
    // The demo customer (seeded; no registration in a shared store) places the order with the first
    // carrier service, index 0 of 'Método de envio', and pays it.
    const shopper = await browser.newContext({ viewport: DESKTOP, baseURL: store.base, locale: 'pt-BR' })
    shopper.setDefaultTimeout(15_000)
    await loginDemo(shopper.request)
    const code = await checkoutDemoCart(shopper.request)
    expect((await post(shopper.request, '/_next/api/pagamentos/simular/', { pedido: code })).status).toBe(200)
    expect(fake.received.some((r) => r.body && 'products' in r.body && !('volumes' in r.body))).toBe(true)

    const context = await browser.newContext({ viewport: DESKTOP, baseURL: store.base, locale: 'pt-BR' })
    context.setDefaultTimeout(15_000)
    const page = await context.newPage()
    await staffLogin(page)
    await page.goto('/admin/frete')
    await page.getByRole('heading', { name: 'Frete', level: 1 }).waitFor()
    expect(await page.getByRole('main').textContent()).toMatch(/Melhor Envio \(cotação, etiquetas e rastreio\)/)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/frete-1280.png`, fullPage: true })
    await page.goto('/admin/pedidos?envio=etiqueta_a_comprar')
    await page.getByRole('button', { name: /Comprar etiquetas \(\d+\)/ }).waitFor()
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/pedidos-envio-1280.png` })
    await page.getByRole('table').getByRole('link', { name: code }).waitFor()
    await page.goto(`/admin/pedidos/${code}`)
    await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor()
    await hydrated(page, 'main button')
    const card = page.locator('section', { has: page.getByRole('heading', { name: 'Etiqueta de frete' }) })
    await card.getByRole('button', { name: 'Comprar etiqueta' }).click()
    const dialog = page.getByRole('dialog')
    await expect.poll(() => dialog.textContent()).toMatch(/Serviço (PAC|SEDEX), preço atual R\$\s[\d.]+,\d{2}; o cliente pagou R\$/)
    expect(await dialog.textContent()).toMatch(/Serviço PAC/)
    await dialog.getByRole('button', { name: 'Comprar' }).click()
    // The steps run as jobs in the store's process: the page shows the label once they are done.
    const print = card.getByRole('link', { name: 'Imprimir etiqueta' })
    await expect
      .poll(
        async () => {
          await page.reload()
          return print.count()
        },
        { timeout: 30_000, interval: 1000 },
      )
      .toBe(1)
    expect(await print.getAttribute('target')).toBe('_blank')
    expect(await print.getAttribute('href')).toMatch(/^https:\/\/melhorenvio\.com\.br\/imprimir\//)
    expect(await card.textContent()).toMatch(/Custo\s*R\$\s[\d.]+,\d{2} · o cliente pagou/)
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/etiqueta-1280.png`, fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/etiqueta-390.png`, fullPage: true })
    expect(fake.charges()).toBe(1)
    const [id] = [...fake.shipments.keys()]

    // Delivered: Melhor Envio's signed webhook; a forged one first changes nothing.
    const deliveredAt = new Date(Date.now() - 3600_000)
    deliveredAt.setSeconds(0, 0)
    fake.move(id, 'delivered', deliveredAt)
    const hook = fake.webhook(id, 'order.delivered')
    const send = (signature: string) =>
      fetch(`${store.base}/_next/api/frete/webhook/`, {
        method: 'POST',
        body: hook.body,
        headers: { 'content-type': 'application/json', 'x-me-signature': signature },
      })
    expect((await send('Zm9yamFkbw==')).status).toBe(401)
    expect((await send(hook.signature)).status).toBe(200)
    await page.reload()
    await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor()
    // The order's badge and the label's situation both say it, with the carrier's date.
    await card.getByText('Entregue', { exact: true }).waitFor()
    expect(await page.getByRole('main').textContent()).toMatch(/Entregue\s*feito em/)
    await context.close()

    // The customer's order page: the carrier, the code, its tracking link and the carrier's events.
    const tracking = fake.shipments.get(id)!.tracking!
    const mine = await shopper.newPage()
    await mine.goto(`/compras/pedido/${code}`)
    const timeline = mine.getByTestId('timeline')
    await timeline.waitFor()
    const link = timeline.getByRole('link', { name: tracking })
    expect(await link.getAttribute('href')).toContain(tracking)
    expect(await link.getAttribute('target')).toBe('_blank')
    const text = (await timeline.textContent())!
    expect(text).toContain('Rastreio (Correios)')
    expect(text).toMatch(/— Pacote postado na transportadora/)
    expect(text).toMatch(/Entregue/)
    expect(await mine.getByTestId('pedido-situacao').textContent()).toBe('Entregue')
    await mine.screenshot({ path: `${process.env.SCREENSHOT_DIR ?? '/tmp'}/pedido-rastreio-1280.png`, fullPage: true })
    await shopper.close()
  }, 120_000)
})
