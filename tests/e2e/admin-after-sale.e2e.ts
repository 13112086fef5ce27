import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { DEMO, loginDemo } from './shopper'
import { staffLogin } from './staff'

/**
 * The back office's after-sale, on the demo data (server/seed/after-sale.ts). At 1280×800 the demo
 * owner approves a pending review and finds it on the product page and, with its stars, on the
 * product's card in a search; answers a 'Fale conosco' message, whose reply lands in the outbox;
 * takes a requested return through approval, receipt (its item back in stock: the product editor's
 * ledger says so) and the refund, which the order's page shows. Operação refuses the demo customer's
 * return with a reason, which the customer then reads on the order. At 390×844 Operação finds an approved
 * return through the menu, receives it and refunds it, nothing wider than the phone.
 * Few page loads: the lists, one product page, one search, one message, one return, one editor.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

function outboxMail(match: (text: string) => boolean): string | null {
  const dir = path.join(inject('dataDir'), 'outbox')
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const text = readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, '')
    if (match(text)) return text
  }
  return null
}

const overlap = (a: { x: number; y: number; width: number; height: number }, b: typeof a) =>
  a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height

/**
 * Presses an action of the page, then the confirm button of its dialog (after filling it); waits for
 * the toast, checks it does not cover the page header with its actions (the back office shows
 * toasts bottom-right), and dismisses it.
 */
async function confirmAction(page: Page, button: string | RegExp, confirm: string, toast: string | RegExp, fill?: (dialog: Locator) => Promise<void>) {
  await page.getByRole('main').getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await fill?.(dialog)
  await dialog.getByRole('button', { name: confirm, exact: true }).click()
  const shown = page.locator('.Toastify').getByText(toast).first()
  await shown.waitFor()
  await dialog.waitFor({ state: 'hidden' })
  // Where it rests once it has slid in (it enters from beyond the right edge).
  const card = page.locator('.Toastify__toast').first()
  await card.evaluate((el) => Promise.all(el.getAnimations().map((a) => a.finished)))
  const box = (await card.boundingBox())!
  expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width)
  // Not over the page's header: its title, its status and its next action stay readable and clickable.
  expect(overlap((await page.getByRole('main').locator('header').first().boundingBox())!, box), 'toast over the page header').toBe(false)
  if (process.env.SHOTS) await page.screenshot({ path: `${process.env.SHOTS}/devolucao-toast-${page.viewportSize()!.width}.png` })
  // Dismissed (a click on it closes it), as a person would.
  await shown.dispatchEvent('click')
}

/** Text with its spaces (the currency's no-break one too) made plain. */
const spaced = (text: string) => text.replace(/\s+/g, ' ').trim()
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

const fits = (page: Page) => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)

/**
 * On a return's page (/admin/devolucoes/{id}), from `from` to refunded: approve (when asked),
 * receive with every item back in stock, refund what the page says. Returns the order's code, the
 * first item's returned units and the amount refunded (as the page writes it).
 */
async function returnToRefund(page: Page, from: 'solicitada' | 'aprovada'): Promise<{ code: string; units: number; amount: string }> {
  await hydrated(page, 'main button')
  const code = (await page.getByRole('main').getByRole('link', { name: /^VT-/ }).first().textContent())!.trim()
  const items = page.getByRole('region', { name: 'Itens devolvidos' }).getByRole('row')
  const units = Number(
    (await items
      .nth(1)
      .getByText(/^\d+ de \d+$/)
      .textContent())!.split(' ')[0],
  )
  if (from === 'solicitada') await confirmAction(page, 'Aprovar devolução', 'Aprovar', 'Devolução aprovada.')
  await confirmAction(page, 'Marcar como recebida', 'Marcar como recebida', /^Devolução recebida: os itens marcados voltaram ao estoque/, async (dialog) => {
    // Every item is resellable unless unticked.
    for (const box of await dialog.getByRole('checkbox').all()) expect(await box.isChecked()).toBe(true)
  })
  await items.nth(1).getByText('voltou ao estoque').waitFor()
  const refund = page.getByRole('main').getByRole('button', { name: /^Reembolsar R\$/ })
  const amount = spaced((await refund.textContent())!.replace('Reembolsar', ''))
  await confirmAction(page, /^Reembolsar R\$/, 'Reembolsar', /^Reembolso de R\$.* feito pelo meio de pagamento\.$/)
  expect(spaced((await page.getByRole('region', { name: 'Reembolso', exact: true }).getByRole('listitem').last().textContent())!)).toMatch(
    new RegExp(`feito ?${escape(amount)}$`),
  )
  await page.getByRole('list', { name: 'Etapas da devolução' }).locator('[aria-current="step"]').getByText('Reembolsada').waitFor()
  await expect
    .poll(() =>
      page
        .getByRole('main')
        .getByRole('button', { name: /^Reembolsar/ })
        .count(),
    )
    .toBe(0)
  return { code, units, amount }
}

describe('back office after-sale (1280×800)', () => {
  it('the owner approves a pending review (on the product page, stars on its card) and answers a message by e-mail', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page)

    // The Painel's "Precisa de ação" leads to the pending reviews.
    await page.getByRole('link', { name: /Avaliações pendentes/ }).click()
    await page.waitForURL(/\/admin\/avaliacoes\?situacao=pendente/)
    const card = page
      .getByRole('listitem')
      .filter({ has: page.getByRole('button', { name: 'Aprovar' }) })
      .first()
    await hydrated(page, 'main button')
    const title = (await card.getByRole('heading', { level: 2 }).textContent())!.trim()
    const productPath = new URL((await card.getByRole('link').first().getAttribute('href'))!, 'http://x').pathname
    await card.getByRole('button', { name: 'Aprovar' }).click()
    await page.getByText('Avaliação aprovada: já aparece na página do produto.').waitFor()

    // The product page drops its cached answer when the database announces the review.
    const shopper = await context.newPage()
    await expect
      .poll(
        async () => {
          await shopper.goto(productPath)
          return shopper.getByText(title, { exact: true }).count()
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toBeGreaterThan(0)
    // With its stars on the product's card: a search for its name finds it, rated as on its page.
    const name = (await shopper.getByRole('heading', { level: 1 }).textContent())!.trim()
    const average = spaced(
      (await shopper
        .getByText(/^Nota média .* de 5,/)
        .first()
        .textContent())!,
    ).replace(/^Nota média (.*) de 5,.*$/, '$1')
    const rating = shopper
      .getByTestId('product-card')
      .filter({ has: shopper.locator(`a[href="${productPath}"]`) })
      .getByTestId('card-rating')
    await expect
      .poll(
        async () => {
          await shopper.goto(`/busca/${encodeURIComponent(name)}`)
          return (await rating.count()) ? spaced((await rating.first().textContent())!) : ''
        },
        { timeout: 20_000, interval: 1_000 },
      )
      .toMatch(new RegExp(`^Nota ${escape(average)} de 5, \\(\\d+\\)$`))
    expect(await rating.first().locator('svg').count()).toBeGreaterThan(0)
    await shopper.close()

    // Mensagens: open a new one, answer it.
    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Mensagens' }).click()
    await page.getByRole('heading', { name: 'Mensagens', level: 1 }).waitFor()
    await page.getByRole('link', { name: /Novas/ }).click()
    await page.waitForURL(/situacao=nova/)
    const first = page.getByRole('table').getByRole('link').first()
    const subject = (await first.locator('span').first().textContent())!.trim()
    await first.click()
    await page.getByRole('heading', { name: subject, level: 1 }).waitFor()
    await hydrated(page, 'form textarea')
    const to = (await page.getByLabel(/Responder/).evaluate((el) => el.closest('form')!.querySelector('label')!.textContent ?? ''))
      .replace(/^.* para /, '')
      .trim()
    await page.getByLabel(/Responder/).fill('Olá! Seu pedido chega até sexta-feira.\nAtenciosamente, Vitrine.')
    await page.getByRole('button', { name: 'Enviar resposta' }).click()
    await page.getByText('Resposta enviada por e-mail.').waitFor()
    await page.getByText('Respondida', { exact: true }).first().waitFor()
    // The subject may be encoded (accents): the recipient and the text identify the e-mail.
    await expect.poll(() => outboxMail((t) => t.includes(`To: ${to}`) && t.includes('sexta-feira'))).not.toBeNull()
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)

  it('the owner takes a requested return to its refund: the item back in stock, the refund on the order', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page)
    await page.getByRole('link', { name: /Devoluções em aberto/ }).click()
    await page.waitForURL(/\/admin\/devolucoes\?situacao=abertas/)
    await page.getByRole('link', { name: /^Solicitadas/ }).click()
    await page.waitForURL(/situacao=solicitada/)
    // The row's status, not the tab's URL, says the list on screen is the new one. The oldest
    // request is the seed's: after-sale.e2e.ts may have added a newer one, on the demo customer's
    // order, which the seed made without a payment row (nothing to refund).
    const first = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'Solicitada' })
      .getByRole('link', { name: /^#\d+$/ })
      .last()
    const id = (await first.textContent())!.trim()
    await first.click()
    await page.getByRole('heading', { name: `Devolução ${id}`, level: 1 }).waitFor()
    const { code, units, amount } = await returnToRefund(page, 'solicitada')

    // The product's editor: its stock ledger has the return, linked to the order.
    await page.getByRole('region', { name: 'Itens devolvidos' }).getByRole('link').first().click()
    await page.waitForURL(/\/admin\/produtos\/\d+/)
    const entry = page
      .getByTestId('stock-ledger')
      .getByRole('row')
      .filter({ hasText: 'Devolução' })
      .filter({ has: page.getByRole('link', { name: `Pedido ${code}` }) })
      .first()
    await entry.waitFor()
    const [before, after] = spaced((await entry.getByRole('cell').nth(2).textContent())!)
      .match(/^(\d+) → (\d+)/)!
      .slice(1)
      .map(Number)
    expect(after - before).toBe(units)
    expect((await page.getByTestId('stock-section').getByTestId('stock-count').allInnerTexts()).map((t) => Number(t.replace(/\D/g, '')))).toContain(after)

    // The order's page: the refund done, in its timeline.
    await entry.getByRole('link', { name: `Pedido ${code}` }).click()
    await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor()
    const timeline = page.getByRole('region', { name: 'Linha do tempo' })
    await expect.poll(async () => spaced((await timeline.textContent()) ?? '')).toContain(`Reembolso de ${amount} feito pelo meio de pagamento`)
    expect(spaced((await timeline.textContent())!)).toContain('Devolução reembolsada')
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})

/** The seed's demo order: VT-{year it was placed, 8 days ago}-000123 (delivered 3 days ago). */
const demoOrder = () => `VT-${new Date(Date.now() - 8 * 86_400_000).getUTCFullYear()}-000123`

describe('back office after-sale (1280×800): refusing a return', () => {
  it('Operação refuses the demo customer’s return with a reason; the customer reads it and may ask again', async () => {
    const code = demoOrder()
    // The customer asks (unless after-sale.e2e.ts already did, on this same order).
    const shopper = await openPage(browser, DESKTOP)
    await loginDemo(shopper.context.request)
    await shopper.page.goto(`/compras/pedido/${code}`)
    const section = shopper.page.locator('section[aria-labelledby="desistir"]')
    await hydrated(shopper.page, 'section[aria-labelledby="desistir"] p')
    if (await section.getByRole('button', { name: 'Desistir da compra' }).count()) {
      await section.getByRole('button', { name: 'Desistir da compra' }).click()
      await section.getByRole('checkbox').first().check()
      await section.getByLabel('Motivo').selectOption('nao_atendeu')
      await section.getByRole('button', { name: 'Pedir devolução' }).click()
    }
    await expect.poll(() => shopper.page.getByTestId('devolucao-situacao').textContent()).toMatch(/^Devolução solicitada/)

    // Operação: no banner above the page (the owner's asks for two-step verification), so the header
    // sits at the top, where the store's toasts would be.
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page, 'operacao.demo@example.com')
    await page.goto('/admin/devolucoes?situacao=solicitada')
    await page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: code })
      .getByRole('link', { name: /^#\d+$/ })
      .first()
      .click()
    await page.getByRole('heading', { name: /^Devolução #\d+$/, level: 1 }).waitFor()
    await hydrated(page, 'main button')
    const words = 'A caixa original não veio <b>junto</b>.'
    await confirmAction(page, 'Recusar', 'Recusar devolução', 'Devolução recusada: o cliente foi avisado por e-mail.', async (dialog) => {
      await dialog.getByLabel('Motivo da recusa').selectOption({ label: 'Outro' })
      // 'Outro' needs the words: the form does not go without them.
      await dialog.getByRole('button', { name: 'Recusar devolução' }).click()
      expect(await dialog.getByLabel('Explicação ao cliente').evaluate((el: HTMLTextAreaElement) => el.validity.valueMissing)).toBe(true)
      await dialog.getByLabel('Explicação ao cliente').fill(words)
    })
    await page.getByRole('main').getByText('Recusada', { exact: true }).first().waitFor()
    const reason = page.getByRole('region', { name: 'Motivo' })
    await reason.getByRole('heading', { name: 'Motivo da recusa' }).waitFor()
    await reason.getByText('Outro', { exact: true }).waitFor()
    await reason.getByText(words, { exact: true }).waitFor()
    expect(
      await page
        .getByRole('main')
        .getByRole('button', { name: /^(Aprovar devolução|Recusar)$/ })
        .count(),
    ).toBe(0)
    await expect.poll(() => outboxMail((t) => t.includes(`To: ${DEMO.email}`) && t.includes(`pedido ${code}`) && t.includes('caixa original'))).not.toBeNull()
    expect(errors).toEqual([])
    await context.close()

    // The customer's order: the refusal and its reason (as text), and the form offered again.
    await shopper.page.reload()
    const refused = shopper.page.getByTestId('devolucao-recusa')
    await refused.getByText('Devolução recusada').waitFor()
    await refused.getByText(/^Motivo: Outro/).waitFor()
    await refused.getByText(words, { exact: true }).waitFor()
    expect(await section.getByText(/^Você ainda pode pedir a devolução de novo até \d{2}\/\d{2}\/\d{4}/).count()).toBe(1)
    expect(await section.getByRole('button', { name: 'Desistir da compra' }).count()).toBe(1)
    if (process.env.SHOTS) await shopper.page.screenshot({ path: `${process.env.SHOTS}/pedido-recusa-1280.png`, fullPage: true })
    expect(shopper.errors).toEqual([])
    await shopper.context.close()
  }, 90_000)
})

describe('back office after-sale (390×844)', () => {
  it('Operação receives an approved return and refunds it from the phone, nothing wider than the screen', async () => {
    const { page, context, errors } = await openPage(browser, PHONE)
    await staffLogin(page, 'operacao.demo@example.com')
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('link', { name: 'Devoluções', exact: true }).click()
    await page.getByRole('heading', { name: 'Devoluções', level: 1 }).waitFor()
    expect(await fits(page)).toBe(true)
    await page.getByRole('link', { name: /^Aprovadas/ }).click()
    await page.waitForURL(/situacao=aprovada/)
    // The row's status, not the tab's URL, says the list on screen is the new one.
    const first = page
      .getByRole('table')
      .getByRole('row')
      .filter({ hasText: 'Aprovada' })
      .getByRole('link', { name: /^#\d+$/ })
      .first()
    const id = (await first.textContent())!.trim()
    await first.click()
    await page.getByRole('heading', { name: `Devolução ${id}`, level: 1 }).waitFor()
    expect(await fits(page)).toBe(true)
    await returnToRefund(page, 'aprovada')
    expect(await fits(page)).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})
