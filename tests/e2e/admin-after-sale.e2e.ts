import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { DEMO } from './shopper'

/**
 * The back office's after-sale at 1280×800, on the demo data (server/seed/after-sale.ts): the demo
 * owner approves a pending review and finds it on the product page, then answers a 'Fale conosco'
 * message, whose reply lands in the outbox. Few page loads: the lists, one product page, one message.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function ownerLogin(page: Page): Promise<void> {
  await page.goto('/admin/entrar')
  await hydrated(page, 'form')
  await page.getByLabel('E-mail').fill('dono.demo@example.com')
  await page.getByLabel('Senha').fill(DEMO.senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname), { waitUntil: 'commit' })
  await page.getByRole('heading', { name: 'Painel', level: 1, exact: true }).waitFor()
}

function outboxMail(match: (text: string) => boolean): string | null {
  const dir = path.join(inject('dataDir'), 'outbox')
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const text = readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, '')
    if (match(text)) return text
  }
  return null
}

describe('back office after-sale (1280×800)', () => {
  it('the owner approves a pending review (it shows on the product page) and answers a message by e-mail', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await ownerLogin(page)

    // The Painel's "Precisa de ação" leads to the pending reviews.
    await page.getByRole('link', { name: /Avaliações pendentes/ }).click()
    await page.waitForURL(/\/admin\/avaliacoes\?situacao=pendente/)
    const card = page.getByRole('listitem').filter({ has: page.getByRole('button', { name: 'Aprovar' }) }).first()
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
    const to = (await page.getByLabel(/Responder/).evaluate((el) => el.closest('form')!.querySelector('label')!.textContent ?? '')).replace(/^.* para /, '').trim()
    await page.getByLabel(/Responder/).fill('Olá! Seu pedido chega até sexta-feira.\nAtenciosamente, Vitrine.')
    await page.getByRole('button', { name: 'Enviar resposta' }).click()
    await page.getByText('Resposta enviada por e-mail.').waitFor()
    await page.getByText('Respondida', { exact: true }).first().waitFor()
    // The subject may be encoded (accents): the recipient and the text identify the e-mail.
    await expect.poll(() => outboxMail((t) => t.includes(`To: ${to}`) && t.includes('sexta-feira'))).not.toBeNull()
    expect(errors).toEqual([])
    await context.close()
  }, 90_000)
})
