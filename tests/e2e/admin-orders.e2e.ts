import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest'
import { CSV_COLUMNS } from '../../server/domain/order/csv'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { checkoutDemoCart, loginDemo, post } from './shopper'
import { staffLogin } from './staff'

/**
 * The back office's orders at 1280×800: the demo owner ships an order the demo customer placed
 * (the customer sees the tracking code, the e-mail lands in the outbox), cancels a paid card order
 * with its refund, exports the list; an Atendimento is not offered the cancellation and is refused
 * when calling it directly. At 390×844, Operação goes from the menu to the list to an order and moves
 * it on, with nothing wider than the screen.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

/** Presses an action, confirms its dialog (after filling it) and waits for the result's toast. */
async function confirmAction(
  page: Page,
  button: string,
  fill: (dialog: ReturnType<Page['getByRole']>) => Promise<void> = async () => {},
  confirm = 'Confirmar',
) {
  await page.getByRole('button', { name: button }).click()
  const dialog = page.getByRole('dialog')
  await dialog.waitFor()
  await fill(dialog)
  await dialog.getByRole('button', { name: confirm }).click()
}

/** Opens the first order of the list on screen; its code. */
async function openFirstOrder(page: Page): Promise<string> {
  const first = page.getByRole('table').getByRole('link').first()
  const code = (await first.textContent())!
  await first.click()
  await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor()
  return code
}

function outboxMail(match: (text: string) => boolean): string | null {
  const dir = path.join(inject('dataDir'), 'outbox')
  for (const name of existsSync(dir) ? readdirSync(dir) : []) {
    const text = readFileSync(path.join(dir, name), 'utf8').replace(/=\r?\n/g, '')
    if (match(text)) return text
  }
  return null
}

describe('back office orders (1280×800)', () => {
  it('the owner ships a paid order: tracking on the customer page and in the e-mail', async () => {
    const shopper = await openPage(browser, DESKTOP)
    const request = shopper.context.request
    await loginDemo(request)
    const code = await checkoutDemoCart(request)
    expect((await post(request, '/_next/api/pagamentos/simular/', { pedido: code })).status).toBe(200)

    const { page, context, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page, 'dono.demo@example.com')
    await page.getByRole('link', { name: 'Pedidos', exact: true }).click()
    await page.getByLabel('Busca').fill(code)
    await page.getByRole('button', { name: 'Filtrar' }).click()
    await page.waitForURL(/q=VT-/)
    await page.getByRole('link', { name: code }).click()
    await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor()
    await hydrated(page, 'textarea')
    await confirmAction(page, 'Marcar como em separação')
    await page.getByText('Pedido marcado como em separação.').waitFor()
    await confirmAction(page, 'Marcar como enviado', async (dialog) => {
      await dialog.getByLabel('Transportadora').selectOption('correios')
      await dialog.getByLabel('Código de rastreio').fill('QE123456785BR')
    })
    await page.getByText('Pedido marcado como enviado.').waitFor()
    await page.getByRole('link', { name: 'QE123456785BR' }).waitFor()
    await page.getByText('Pedido enviado — Correios, rastreio QE123456785BR').waitFor()
    // A note on the timeline, with who wrote it.
    await page.getByLabel('Nota interna (o cliente não vê)').fill('Embalado com plástico bolha.')
    // Confirmed first: a note stays on the timeline for good.
    await confirmAction(
      page,
      'Adicionar nota',
      async (dialog) => {
        await dialog.getByText('Embalado com plástico bolha.').waitFor()
      },
      'Adicionar nota',
    )
    await page.getByText('Nota adicionada.').waitFor()
    await page.getByRole('region', { name: 'Linha do tempo' }).getByText('Embalado com plástico bolha.').waitFor()

    await shopper.page.goto(`/compras/pedido/${code}`)
    await expect.poll(() => shopper.page.getByTestId('pedido-situacao').textContent()).toBe('Enviado')
    await shopper.page.getByText('Código de rastreio: QE123456785BR').waitFor()
    expect(await shopper.page.getByText('Embalado com plástico bolha.').count()).toBe(0)
    // Quoted-printable: '=' travels as '=3D'.
    await expect
      .poll(() => outboxMail((t) => t.includes(`Pedido ${code} enviado`))?.replace(/=3D/g, '='), { timeout: 10_000 })
      .toContain('rastreamento.correios.com.br/app/index.php?objetos=QE123456785BR')
    expect(errors).toEqual([])
    await context.close()
    await shopper.context.close()
  })

  it('the owner cancels a paid card order and it is refunded; the list exports as CSV', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page, 'dono.demo@example.com')
    await page.goto('/admin/pedidos?situacao=pago&metodo=cartao')
    const code = await openFirstOrder(page)
    await hydrated(page, 'textarea')
    await confirmAction(
      page,
      'Cancelar pedido',
      async (dialog) => {
        await dialog.getByLabel('Motivo').fill('Cliente pediu por telefone')
      },
      'Cancelar pedido',
    )
    await page.getByText('Pedido cancelado.').waitFor()
    await page.getByRole('heading', { name: `Pedido ${code}` }).waitFor()
    await expect.poll(() => page.getByText('Cancelado', { exact: true }).count()).toBeGreaterThan(0)
    await page.getByText('Estornado', { exact: true }).waitFor()
    await expect.poll(() => page.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(0)

    await page.goto('/admin/pedidos?metodo=boleto')
    await hydrated(page, 'form')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('link', { name: 'Exportar CSV' }).click()])
    const file = readFileSync((await download.path())!)
    expect([...file.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const lines = file.subarray(3).toString('utf8').trimEnd().split('\r\n')
    expect(lines[0].split(';')).toEqual([...CSV_COLUMNS])
    expect(lines.length).toBeGreaterThan(1)
    expect(lines.slice(1).every((l) => l.split(';')[6] === 'Boleto')).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('an Atendimento is not offered the cancellation, and the server refuses it', async () => {
    const { page, context, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page, 'atendimento.demo@example.com')
    await page.goto('/admin/pedidos?situacao=pago')
    const code = await openFirstOrder(page)
    expect(await page.getByRole('button', { name: 'Cancelar pedido' }).count()).toBe(0)
    expect(await page.getByRole('button', { name: /Marcar como/ }).count()).toBe(0)
    const refused = await context.request.post(`/admin/api/pedidos/${code}/cancelar`, {
      data: { esperado: 'pago', motivo: 'tentativa' },
      headers: { origin: new URL(page.url()).origin },
    })
    expect(refused.status()).toBe(403)
    await page.reload()
    await page.getByText('Pago', { exact: true }).first().waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('back office orders (390×844)', () => {
  it('Operação finds a paid order through the menu and moves it on, nothing wider than the phone', async () => {
    const { page, context, errors } = await openPage(browser, PHONE)
    await staffLogin(page, 'operacao.demo@example.com')
    const fits = () => page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)
    await page.getByRole('button', { name: 'Menu' }).click()
    await page.getByRole('link', { name: 'Pedidos', exact: true }).click()
    await page.getByRole('heading', { name: 'Pedidos', level: 1 }).waitFor()
    expect(await fits()).toBe(true)
    await page.goto('/admin/pedidos?situacao=pago&ordem=antigos')
    await openFirstOrder(page)
    await hydrated(page, 'textarea')
    expect(await fits()).toBe(true)
    await confirmAction(page, 'Marcar como em separação')
    await page.getByText('Pedido marcado como em separação.').waitFor()
    await page.getByRole('button', { name: 'Marcar como enviado' }).waitFor()
    expect(errors).toEqual([])
    await context.close()
  })
})
