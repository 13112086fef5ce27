import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Viewport = typeof DESKTOP

const DEMO = { email: 'cliente.demo@example.com', senha: 'Demo@2026' }

/** Logs the demo customer in through the store's own two-step login (docs/requirements.md, "Screens and routes": Login), from the authorization screen the page is on. */
async function logInAsDemo(page: Page): Promise<void> {
  await page.waitForURL(/\/authorization\/login\/step\/1\//)
  await page.getByLabel('E-mail', { exact: true }).fill(DEMO.email)
  await page.getByLabel('E-mail', { exact: true }).press('Enter')
  await page.waitForURL(/\/authorization\/login\/step\/2\//)
  await page.getByLabel('Senha', { exact: true }).fill(DEMO.senha)
  await page.getByLabel('Senha', { exact: true }).press('Enter')
}

const toast = (page: Page, text: string) => page.locator('.Toastify__toast-container--top-right').getByText(text, { exact: true })

/** Clicks Enviar and waits for a new toast with the text a rule gives. */
async function sendExpecting(page: Page, text: string): Promise<void> {
  const before = await toast(page, text).count()
  await page.getByRole('button', { name: 'Enviar' }).click()
  await expect.poll(() => toast(page, text).count(), { timeout: 5_000 }).toBeGreaterThan(before)
}

/**
 * Holds the next call to `path` until `release()`; `held` settles once the browser has sent it, so
 * the screen can be looked at while the answer is on its way.
 */
function hold(page: Page, path: string): { held: Promise<void>; release: () => Promise<void> } {
  let go = () => {}
  let sent: Promise<void> = Promise.resolve()
  const held = new Promise<void>((intercepted) =>
    page.route(
      `**${path}`,
      (route) => {
        sent = new Promise<void>((resolve) => (go = resolve)).then(() => route.continue())
        intercepted()
      },
      { times: 1 },
    ),
  )
  return {
    held,
    release: async () => {
      await held
      go()
      await sent
    },
  }
}

describe.each([
  ['desktop', DESKTOP, '01001000', false],
  ['phone', PHONE, '13015000', true],
] as Array<[string, Viewport, string, boolean]>)('addresses at %s', (_name, viewport, cep, cityOnly) => {
  let context: BrowserContext
  let page: Page
  let errors: string[]

  beforeAll(async () => {
    ;({ context, page, errors } = await openPage(browser, viewport))
  })
  afterAll(() => context?.close())

  it('sends a visitor to the login flow, which brings them back', async () => {
    await page.goto('/endereco/cep/')
    expect(new URL(page.url()).pathname).toBe('/authorization/user/')
    await logInAsDemo(page)
    await page.waitForURL((url) => url.pathname === '/endereco/cep/')
  })

  it('CEP entry: bad format, unknown CEP, then on to the add screen', async () => {
    const res = await page.goto('/endereco/cep/')
    expect(res?.headers()['cache-control']).toBe('private, no-store')
    await hydrated(page, '#cep')
    const input = page.getByLabel('CEP')
    await input.pressSequentially('0131')
    expect(await input.inputValue()).toBe('01.31')
    await sendExpecting(page, 'Formato de cep inválido!')

    await input.fill('')
    await input.pressSequentially('00000001')
    expect(await input.inputValue()).toBe('00.000-001')
    await sendExpecting(page, 'Cep inexistente!')

    await input.fill('')
    await input.pressSequentially(cep)
    const lookup = hold(page, '/_next/api/consultar-cep/')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await toast(page, 'Buscando...').first().waitFor()
    await lookup.release()
    await toast(page, 'Busca concluída').first().waitFor()
    await page.waitForURL(/\/endereco\/adicionar\/[A-Za-z0-9_-]+$/)
  })

  it('add address: read-only place, masks, the toasts in order, Salvando..., saved', async () => {
    await hydrated(page, '#nome')
    expect(await page.getByLabel('Cep').getAttribute('readonly')).not.toBeNull()
    expect(await page.getByLabel('Cidade').inputValue()).toBe(cityOnly ? 'Campinas' : 'São Paulo')
    expect(await page.getByLabel('Rua').getAttribute('readonly')).toBe(cityOnly ? null : '')

    await sendExpecting(page, 'Preencha o campo de nome!')
    await page.getByLabel('Nome', { exact: true }).fill('  Maria ')
    await sendExpecting(page, 'Preencha o campo de sobrenome!')
    await page.getByLabel('Sobrenome').fill('Souza')
    await sendExpecting(page, 'Preencha o campo de telefone!')
    const telefone = page.getByLabel('Telefone')
    await telefone.pressSequentially('1198765')
    expect(await telefone.inputValue()).toBe('(11) 9 8765')
    await sendExpecting(page, 'Preencha corretamente o campo de telefone!')
    await telefone.fill('')
    await telefone.pressSequentially('11987654321')
    expect(await telefone.inputValue()).toBe('(11) 9 8765-4321')
    if (cityOnly) {
      await sendExpecting(page, 'Preencha o campo de bairro!')
      await page.getByLabel('Bairro').fill('Centro')
      await sendExpecting(page, 'Preencha o campo de rua!')
      await page.getByLabel('Rua').fill('Rua Barão de Jaguara')
    }
    await sendExpecting(page, 'Preencha o campo de numero!')
    await page.getByLabel('Numero').pressSequentially('12ab-3')
    expect(await page.getByLabel('Numero').inputValue()).toBe('123')
    await sendExpecting(page, 'Preencha o campo de complemento!')
    await page.getByLabel('Complemento').fill('Sala 4')

    // Hold the save a moment to see the button while it is sent.
    const save = hold(page, '/_next/api/salvar-endereco/')
    await page.getByRole('button', { name: 'Enviar' }).click()
    const saving = page.getByRole('button', { name: 'Salvando...' })
    await saving.waitFor()
    expect(await saving.isDisabled()).toBe(true)
    await save.release()
    await page.getByRole('heading', { name: 'Endereço salvo' }).waitFor()
    await page.getByRole('link', { name: 'Ir para o carrinho' }).click()
    await page.waitForURL((url) => url.pathname.replace(/\/$/, '') === '/compras/carrinho')
  })

  it('the address book lists it; principal moves, delete promotes', async () => {
    const res = await page.goto('/endereco/')
    expect(res?.headers()['cache-control']).toBe('private, no-store')
    const mine = page.getByRole('listitem', { name: /Endereço de Maria Souza/ })
    await hydrated(page, '#conteudo li button')
    expect(await mine.textContent()).toContain(cityOnly ? 'Rua Barão de Jaguara, 123 – Sala 4' : 'Praça da Sé, 123 – Sala 4')
    const demo = page.getByRole('listitem', { name: /Endereço de Cliente Demo, Avenida Paulista/ })
    expect(await demo.textContent()).toContain('Principal')

    await mine.getByRole('link', { name: 'Editar' }).click()
    await page.waitForURL(/\/endereco\/editar\//)
    await hydrated(page, '#complemento')
    expect(await page.getByLabel('Rua').getAttribute('readonly')).toBe('')
    await page.getByLabel('Complemento').fill('Sala 5')
    await page.getByRole('button', { name: 'Enviar' }).click()
    await toast(page, 'Endereço atualizado').waitFor()
    await page.waitForURL(/\/endereco\/$/)
    await expect.poll(() => mine.textContent()).toContain('123 – Sala 5')

    await mine.getByRole('button', { name: 'Usar como principal' }).click()
    await toast(page, 'Endereço principal atualizado').waitFor()
    expect(await page.locator('#conteudo li').first().getAttribute('aria-label')).toMatch(/Maria Souza/)
    expect(await mine.textContent()).toContain('Principal')

    page.once('dialog', (dialog) => void dialog.accept())
    await mine.getByRole('button', { name: 'Excluir' }).click()
    await toast(page, 'Endereço excluído').waitFor()
    await mine.waitFor({ state: 'detached' })
    expect(await demo.textContent()).toContain('Principal')
  })

  it('chooses the delivery address at /endereco?show=true; an unknown cod links back', async () => {
    await page.goto('/endereco?show=true')
    await page.getByRole('heading', { name: 'Escolha o endereço de entrega' }).waitFor()
    expect(await page.getByRole('link', { name: 'Adicionar endereço' }).getAttribute('href')).toBe('/endereco/cep/')
    await hydrated(page, '#conteudo li button')
    await page
      .getByRole('listitem', { name: /Endereço de Cliente Demo, Avenida Paulista/ })
      .getByRole('button', { name: 'Entregar neste endereço' })
      .click()
    await toast(page, 'Endereço de entrega escolhido').first().waitFor()
    await page.waitForURL((url) => !url.pathname.startsWith('/endereco'))

    await page.goto('/cliente/conta/')
    const section = page.getByRole('region', { name: 'Meus endereços' })
    await section.waitFor()
    expect(await section.textContent()).toContain('Avenida Paulista, 1000')
    expect(await section.getByRole('link', { name: 'Adicionar endereço' }).getAttribute('href')).toBe('/endereco/cep/')

    // The server sends 'Carregando....'; the browser asks busca-endereco and shows what it answers.
    const loading = await page.goto('/endereco/adicionar/nao-existe')
    expect(await loading?.text()).toContain('Carregando....')
    await page.getByRole('heading', { name: 'Consulta de CEP não encontrada' }).waitFor()
    expect(await page.getByRole('link', { name: 'Informar o CEP' }).getAttribute('href')).toBe('/endereco/cep/')
    expect(errors.filter((e) => !/status of 40[14]/.test(e))).toEqual([])
  })
})
