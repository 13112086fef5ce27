import type { APIRequestContext, Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startThrowawayStore, type StoreProcess } from '../../scripts/lib/store-process'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { post, registerCustomer } from './shopper'
import { staffLogin } from './staff'

/**
 * Promotions from the back office to the refund, at 1280×800 (docs/decisions/0127-promotions.md):
 * the demo's automatic promotion on its kept listing and product page ("de … por …" with its
 * name); the Dono creates a coupon in /admin/promocoes; a new customer applies it in the cart to two
 * units of a promoted product and one unpromoted, pays by card (sandbox), sees the discounts on the
 * order's page; staff ship and deliver it; the customer asks to return one promoted unit; the Dono
 * approves, receives and refunds it, and the refund is what that unit cost the customer (its list
 * price less the promotion and its line's coupon share) plus the shipping paid — not a share of the
 * order's discount spread over the list prices.
 */
let browser: Browser
// A store of its own: its new customer's registration is not one more on the run's store, whose
// per-address limit (10 an hour) the other files' registrations already come close to.
let store: StoreProcess
beforeAll(async () => {
  store = await startThrowawayStore({ prefix: 'vitrine-e2e-promocoes-', args: ['--no-build'], env: { CAPTCHA_COST: '100', CAPTCHA_MAX_COUNTER: '200' } })
  browser = await launchBrowser()
}, 180_000)
afterAll(async () => {
  await browser?.close()
  await store?.stop()
})

type Card = { hash: string; link_real: string; titulo: string; valor: number; qtd: number; vari_pdt: unknown[]; promocao?: { nome: string; valor: number } }

/** Text with its spaces (the currency's no-break one too) made plain. */
const spaced = (text: string | null) => (text ?? '').replace(/\s+/g, ' ').trim()
const brl = (cents: number) => `R$ ${(cents / 100).toLocaleString('pt-BR', { minimumFractionDigits: 2, maximumFractionDigits: 2 })}`
const cents = (reais: number) => Math.round(reais * 100)

/** A promoted card and an unpromoted one (no variations, stock for a few), with the promoted one's listing. */
async function pickProducts(request: APIRequestContext): Promise<{ ndi: string; promoted: Card; plain: Card }> {
  const menu = (await (await request.get('/_next/api/DataMenu/')).json()) as { Categorias: Array<{ ndi: string; subcategorias?: Array<{ ndi: string }> }> }
  let found: { ndi: string; promoted: Card } | null = null
  let plain: Card | null = null
  for (const ndi of menu.Categorias.flatMap((c) => [c.ndi, ...(c.subcategorias ?? []).map((s) => s.ndi)])) {
    const { data } = (await (await request.get(`/_next/api/itens-categoria?id=${ndi}`)).json()) as { data: Card[] }
    const buyable = data.filter((c) => c.qtd > 3 && c.vari_pdt.length === 0)
    found ??= ((p) => (p ? { ndi, promoted: p } : null))(buyable.find((c) => c.promocao))
    plain ??= buyable.find((c) => !c.promocao) ?? null
    if (found && plain) return { ...found, plain }
  }
  throw new Error('a demonstração não tem um produto em promoção e outro fora dela')
}

/** Checkout's radios are saved first and checked when the server answers: click, then wait for the check. */
async function choose(radio: Locator) {
  await radio.click()
  await expect.poll(() => radio.isChecked()).toBe(true)
}

/** Presses an action of a back-office page and confirms its dialog (after filling it). */
async function confirmAction(page: Page, button: string | RegExp, confirm: string, fill?: (dialog: ReturnType<Page['getByRole']>) => Promise<void>) {
  await page.getByRole('main').getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await fill?.(dialog)
  await dialog.getByRole('button', { name: confirm, exact: true }).click()
  await dialog.waitFor({ state: 'hidden' })
}

describe('promotions end to end (1280×800)', () => {
  it('a kept listing and product page show the demo promotion "de … por …" with its name', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP, store.base)
    const { ndi, promoted } = await pickProducts(context.request)
    const promo = promoted.promocao!
    // Twice: the second answer is the micro-cache's copy, and shows it the same.
    for (let visit = 0; visit < 2; visit++) {
      const res = await page.goto(`/categoria/${ndi}`)
      if (visit === 1) expect(res?.headers()['x-cache']).toBe('HIT')
      const card = page.getByTestId('product-card').filter({ has: page.locator(`a[href="/produto/${promoted.link_real}"]`) })
      expect(spaced(await card.getByTestId('card-promotion').textContent())).toBe(promo.nome)
      expect(spaced(await card.getByTestId('card-compare-at').textContent())).toBe(brl(cents(promoted.valor)))
      expect(spaced(await card.getByTestId('card-price').textContent())).toBe(brl(cents(promo.valor)))
      expect(await card.getByText(/^De /).count()).toBe(1)
    }
    for (let visit = 0; visit < 2; visit++) {
      const res = await page.goto(`/produto/${promoted.link_real}`)
      if (visit === 1) expect(res?.headers()['x-cache']).toBe('HIT')
      const block = page.getByTestId('price-block').first()
      expect(spaced(await block.getByTestId('promotion-name').textContent())).toBe(promo.nome)
      expect(spaced(await block.getByTestId('compare-at-price').textContent())).toBe(brl(cents(promoted.valor)))
      expect(spaced(await block.getByTestId('unit-price').textContent())).toBe(brl(cents(promo.valor)))
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('a coupon made by the Dono, used from the cart to a paid order, and one returned unit refunded at what it cost', async () => {
    // The Dono creates a 10 % coupon.
    const staff = await openPage(browser, DESKTOP, store.base)
    await staffLogin(staff.page)
    const admin = staff.page
    await admin.goto('/admin/promocoes/cupons/novo')
    await hydrated(admin, 'form[aria-label="Dados do cupom"]')
    const code = `DEV${Date.now().toString(36).toUpperCase()}`
    await admin.getByLabel('Código', { exact: true }).fill(code)
    await admin.getByLabel('Percentual (%)').fill('10')
    await admin.getByRole('button', { name: 'Criar cupom' }).click()
    await admin.waitForURL(/\/admin\/promocoes\/cupons\/\d+$/)

    // A new customer: two promoted units and one unpromoted, the coupon applied in the cart page.
    const shopper = await openPage(browser, DESKTOP, store.base)
    const { page, context } = shopper
    const customer = await registerCustomer(context.request, 'Cupom')
    const { promoted, plain } = await pickProducts(context.request)
    expect((await post(context.request, '/_next/api/carrinho/add/', { id: promoted.hash, qtd: 2 })).status).toBe(200)
    expect((await post(context.request, '/_next/api/carrinho/add/', { id: plain.hash, qtd: 1 })).status).toBe(200)
    await page.goto('/compras/carrinho')
    await hydrated(page, 'form:has(#cupom)')
    await page.getByLabel('Cupom de desconto').fill(` ${code.toLowerCase()} `)
    await page.getByRole('button', { name: 'Aplicar' }).click()
    await expect.poll(async () => spaced(await page.getByTestId('cupom').textContent())).toMatch(new RegExp(`Cupom ${code} aplicado`))
    // Each discount as its own line: the promotion's and the coupon's.
    await page.getByText(promoted.promocao!.nome, { exact: false }).first().waitFor()
    await page.getByText(`Cupom ${code}`, { exact: true }).first().waitFor()

    // What the promoted line costs: its list price less the promotion per unit, then the coupon's 10 % of that line.
    const unit = cents(promoted.valor)
    const afterPromotion = 2 * (unit - Math.round(unit / 10))
    expect(afterPromotion).toBe(2 * cents(promoted.promocao!.valor))
    const linePaid = afterPromotion - Math.round(afterPromotion / 10)

    // Identification and address by the calls; then, in the checkout page, the shipping, the card and the order.
    const request = context.request
    expect(
      (await post(request, '/_next/api/checkout/step/1/', { nome: 'Cupom Compradora', email: customer.email, cpf: customer.cpf, celular: '(11) 9 8765-4321' }))
        .status,
    ).toBe(200)
    expect(
      (
        await post(request, '/_next/api/checkout/step/2/', {
          cep: '01310-200',
          logradouro: 'Avenida Paulista',
          numero: '1000',
          bairro: 'Bela Vista',
          destinatario: 'Cupom Compradora',
          complemento: '',
        })
      ).status,
    ).toBe(200)
    await page.goto('/compras/finalizar')
    await hydrated(page, '#nome')
    // A first purchase: nothing to prefill the identification from.
    await page.getByLabel('Nome completo').fill('Cupom Compradora')
    await page.locator('#email').fill(customer.email)
    await page.getByLabel('CPF').fill(customer.cpf)
    await page.getByLabel('Celular / WhatsApp').fill('11987654321')
    await page.getByRole('button', { name: 'Continuar' }).click()
    await page.getByTestId('endereco-entrega').waitFor()
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await choose(page.getByRole('radio', { name: /Padrão/ }))
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    await choose(page.getByRole('radio', { name: /^Cartão/ }))
    await page.getByLabel('Número do cartão').fill('4111111111111111')
    await page.getByLabel('Nome impresso no cartão').fill('Cupom Compradora')
    await page.getByLabel('Validade (MM/AA)').fill('1230')
    await page.getByLabel('CVV').fill('123')
    await page.getByRole('button', { name: 'Próximo passo' }).click()
    const summary = page.getByRole('region', { name: 'Resumo da compra' })
    await summary.getByText(`Cupom ${code}`, { exact: false }).first().waitFor()
    const resumo = (await (await request.get('/_next/api/checkout/resumo/')).json()) as { frete: number; cupom?: { codigo: string; aplicado: boolean } }
    expect(resumo.cupom).toMatchObject({ codigo: code, aplicado: true })
    await summary.getByRole('button', { name: 'Finalizar compra' }).click()
    await expect.poll(() => new URL(page.url()).pathname, { timeout: 20_000 }).toMatch(/^\/compras\/pedido\/VT-\d{4}-\d{6}$/)
    const order = new URL(page.url()).pathname.split('/').pop()!
    await expect.poll(() => page.getByTestId('pedido-situacao').textContent()).toBe('Pago')
    // The order's page: the promotion's and the coupon's discounts.
    await page.getByText(promoted.promocao!.nome, { exact: false }).first().waitFor()
    await page.getByText(`Cupom ${code}`, { exact: false }).first().waitFor()

    // Staff ship and deliver it.
    await admin.goto(`/admin/pedidos/${order}`)
    await admin.getByRole('heading', { name: `Pedido ${order}` }).waitFor()
    await hydrated(admin, 'main button')
    await confirmAction(admin, 'Marcar como em separação', 'Confirmar')
    await admin.getByText('Pedido marcado como em separação.').waitFor()
    await confirmAction(admin, 'Marcar como enviado', 'Confirmar', async (dialog) => {
      await dialog.getByLabel('Transportadora').selectOption('correios')
      await dialog.getByLabel('Código de rastreio').fill('QE123456785BR')
    })
    await admin.getByText('Pedido marcado como enviado.').waitFor()
    await admin.getByRole('main').getByRole('button', { name: 'Marcar como entregue' }).waitFor()
    await confirmAction(admin, 'Marcar como entregue', 'Confirmar')
    // The third toast of one dialog's fetcher may not show: the timeline says it.
    await admin.getByRole('region', { name: 'Linha do tempo' }).getByText('Enviado → Entregue').waitFor()

    // The customer returns one of the two promoted units.
    await page.reload()
    await hydrated(page, 'section[aria-labelledby="desistir"] button')
    await page.getByRole('button', { name: 'Desistir da compra' }).click()
    const form = page.locator('section[aria-labelledby="desistir"]')
    await form.getByRole('checkbox', { name: promoted.titulo }).check()
    await form.getByLabel('Quantidade').selectOption('1')
    await page.getByLabel('Motivo').selectOption('arrependimento')
    await page.getByRole('button', { name: 'Pedir devolução' }).click()
    await expect.poll(() => page.getByTestId('devolucao-situacao').textContent()).toMatch(/Devolução solicitada/)

    // The Dono approves, receives and refunds it: one unit at what it cost, plus the shipping paid.
    await admin.goto('/admin/devolucoes?situacao=solicitada')
    await admin
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: order })
      .getByRole('link', { name: /^#\d+$/ })
      .click()
    await hydrated(admin, 'main button')
    await confirmAction(admin, 'Aprovar devolução', 'Aprovar')
    await admin.getByText('Devolução aprovada.').first().waitFor()
    await confirmAction(admin, 'Marcar como recebida', 'Marcar como recebida')
    await admin
      .getByText(/^Devolução recebida/)
      .first()
      .waitFor()
    const expected = Math.round(linePaid / 2) + cents(resumo.frete)
    const refund = admin.getByRole('main').getByRole('button', { name: /^Reembolsar R\$/ })
    expect(spaced(await refund.textContent())).toBe(`Reembolsar ${brl(expected)}`)
    await confirmAction(admin, /^Reembolsar R\$/, 'Reembolsar')
    await admin
      .getByText(/^Reembolso de R\$.* feito pelo meio de pagamento\.$/)
      .first()
      .waitFor()

    // The return's page records the refund of that amount.
    await expect
      .poll(async () => spaced(await admin.getByRole('region', { name: 'Reembolso', exact: true }).getByRole('listitem').last().textContent()))
      .toMatch(new RegExp(`feito ?${brl(expected).replace(/[.$]/g, '\\$&')}$`))
    expect(staff.errors).toEqual([])
    expect(shopper.errors).toEqual([])
    await staff.context.close()
    await context.close()
  }, 120_000)
})
