import { readFileSync } from 'node:fs'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { linkInOutbox } from './outbox'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const DEMO = { email: 'cliente.demo@example.com', senha: 'Demo@2026' }

/** The recovery link e-mailed to `to`, read from the store's outbox. */
const recoveryLink = (to: string) => linkInOutbox(to, '\\/cliente\\/nova-senha\\/[A-Za-z0-9_-]+', 'recovery e-mail')

/** Waits until the address matches (client-side navigations fire no load event to wait for). */
async function at(page: Page, path: RegExp) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(path)
}

const visibleText = (page: Page, text: string) => page.getByText(text, { exact: true }).filter({ visible: true }).first()

/** From any page to login step 1 the way a shopper goes: 'Minha Conta' (desktop) or Perfil (phone). */
async function openLogin(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Perfil' }).click()
  else await page.getByRole('link', { name: 'Minha Conta', exact: true }).click()
  await at(page, /^\/authorization\/login\/step\/1\/[A-Za-z0-9]{32}$/)
  await page.getByRole('heading', { name: 'Entrar na sua conta' }).waitFor()
}

async function stepOne(page: Page, email: string) {
  await page.getByLabel('E-mail', { exact: true }).fill(email)
  await page.getByRole('button', { name: 'Continuar' }).click()
}

async function login(page: Page, isPhone: boolean, email: string, senha: string) {
  await page.goto('/')
  await hydrated(page, 'header a')
  await openLogin(page, isPhone)
  await stepOne(page, email)
  await at(page, /^\/authorization\/login\/step\/2\//)
  await page.getByLabel('Senha').fill(senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await at(page, /^\/$/)
}

let seq = 0

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('accounts at %s', (name, viewport) => {
  const isPhone = name === 'phone'

  it('logs in with the two steps and their validation texts, then logs out', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    // Step 1 without navigation state goes back to the authorization screen (which starts over).
    const direct = await page.goto('/authorization/login/step/1/abc')
    expect(direct?.headers()['cache-control']).toBe('private, no-store')
    await at(page, /^\/authorization\/login\/step\/1\/[A-Za-z0-9]{32}$/)
    await page.goto('/')
    await hydrated(page, 'header a')
    await openLogin(page, isPhone)
    await page.getByRole('button', { name: 'Continuar' }).click()
    await visibleText(page, 'Preencha o campo email!').waitFor()
    await stepOne(page, 'nome sobrenome@example.com')
    await visibleText(page, 'Preencha o campo email!').waitFor()
    await stepOne(page, 'sem-arroba.com')
    await visibleText(page, 'Formato de email inválido!').waitFor()
    await stepOne(page, `ninguem-${name}@example.com`)
    await visibleText(page, 'Conta não localizada!').waitFor()
    await stepOne(page, DEMO.email)
    await at(page, /^\/authorization\/login\/step\/2\/[A-Za-z0-9_-]+$/)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await visibleText(page, 'Preencha o campo senha!').waitFor()
    await page.getByLabel('Senha').fill('Errada2026')
    await page.getByRole('button', { name: 'Entrar' }).click()
    await visibleText(page, 'Senha incorreta!').waitFor()
    await page.getByLabel('Senha').fill(DEMO.senha)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await at(page, /^\/$/)
    // Logged in: the same links now open Minha Conta.
    if (isPhone) await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('link', { name: 'Perfil' }).click()
    else await page.getByRole('link', { name: 'Minha Conta', exact: true }).click()
    await at(page, /^\/cliente\/conta\/$/)
    await page.getByRole('heading', { name: 'Minha Conta', level: 1 }).waitFor()
    const dados = page.locator('section', { has: page.getByRole('heading', { name: 'Meus dados' }) })
    expect(await dados.textContent()).toContain(DEMO.email)
    expect(await dados.textContent()).toMatch(/\d{3}\.\*{3}\.\*{3}-\d{2}/)
    await page.getByRole('button', { name: 'Sair da conta' }).click()
    await at(page, /^\/$/)
    await page.goto('/cliente/conta/')
    await at(page, /^\/authorization\/login\/step\/1\//)
    expect(errors).toEqual([])
    await context.close()
  })

  it('comes back to the page that asked for the login', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto('/authorization/user/?voltar=%2Fcompras%2Fcarrinho')
    await at(page, /^\/authorization\/login\/step\/1\/[A-Za-z0-9]{32}$/)
    await hydrated(page, '#email')
    await stepOne(page, DEMO.email)
    await at(page, /^\/authorization\/login\/step\/2\//)
    await page.getByLabel('Senha').fill(DEMO.senha)
    await page.getByRole('button', { name: 'Entrar' }).click()
    await at(page, /^\/compras\/carrinho$/)
    // Already logged in: the authorization screen sends the shopper straight on.
    await page.goto('/authorization/user/?voltar=%2F%2Fevil.example')
    await at(page, /^\/cliente\/conta\/$/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('registers solving the real captcha, edits Minha Conta, recovers the password by the e-mailed link, downloads and deletes', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    const email = `e2e-${name}-${Date.now()}-${++seq}@example.com`
    await page.goto('/cliente/cadastro/')
    await hydrated(page, '#nome')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await visibleText(page, 'Preencha o campo nome!').waitFor()
    await visibleText(page, 'Preencha o campo CPF ou CNPJ!').waitFor()
    await visibleText(page, 'Confirme que você não é um robô.').waitFor()
    await page.getByLabel('Nome', { exact: true }).fill('Joana')
    await page.getByLabel('Sobrenome').fill('Pereira')
    const documento = page.getByLabel('CPF ou CNPJ')
    await documento.pressSequentially('39053344705')
    expect(await documento.inputValue()).toBe('390.533.447-05')
    await page.getByLabel('Telefone').pressSequentially('11987654321')
    expect(await page.getByLabel('Telefone').inputValue()).toBe('(11) 9 8765-4321')
    await page.getByLabel('E-mail', { exact: true }).fill(email)
    await page.getByLabel('Senha', { exact: true }).fill('curta')
    await page.getByLabel('Confirmar senha').fill('outra')
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await visibleText(page, 'A senha precisa ter pelo menos 8 caracteres, com letras e números.').waitFor()
    await page.getByLabel('Senha', { exact: true }).fill('Cadeira7Janela')
    await page.getByLabel('Confirmar senha').fill('Cadeira7Janela')
    await page.getByRole('checkbox', { name: /Li e aceito/ }).check()
    // The captcha: the widget solves the store's proof-of-work challenge in the browser.
    await page.getByText('Eu não sou um robô').click()
    await page.waitForFunction(() => {
      const input = document.querySelector('altcha-widget input[name="altcha"]') as HTMLInputElement | null
      return Boolean(input?.value)
    })
    await page.getByRole('button', { name: 'Criar conta' }).click()
    await at(page, /^\/cliente\/conta\/$/)
    await page.getByText('Olá, Joana!').waitFor()

    // Edit the data.
    await page.getByRole('button', { name: 'Editar dados' }).click()
    await page.getByLabel('Sobrenome').fill('Pereira Lima')
    await page.getByRole('button', { name: 'Salvar dados' }).click()
    await visibleText(page, 'Dados atualizados.').waitFor()
    expect(await page.locator('section', { has: page.getByRole('heading', { name: 'Meus dados' }) }).textContent()).toContain('Joana Pereira Lima')
    expect(await page.getByRole('heading', { name: 'Meus pedidos' }).isVisible()).toBe(true)

    // Log out, forget the password, follow the e-mailed link.
    await page.getByRole('button', { name: 'Sair da conta' }).click()
    await at(page, /^\/$/)
    await page.goto('/cliente/recuperar-senha/')
    await hydrated(page, '#email')
    await page.getByLabel('E-mail da conta').fill(email)
    await page.getByRole('button', { name: 'Enviar link' }).click()
    await page.getByText(/Se houver uma conta com este e-mail/).waitFor()
    const link = new URL(await recoveryLink(email))
    await page.goto(link.pathname)
    await hydrated(page, '#senha')
    await page.getByLabel('Nova senha', { exact: true }).fill('Recuperada-Azul-26')
    await page.getByLabel('Confirmar nova senha').fill('Recuperada-Azul-26')
    await page.getByRole('button', { name: 'Salvar nova senha' }).click()
    await at(page, /^\/cliente\/conta\/$/)
    await page.getByText('Olá, Joana!').waitFor()
    // The link was used.
    await page.goto(link.pathname)
    await page.getByRole('heading', { name: 'Link inválido' }).waitFor()
    // The new password logs in.
    await page.goto('/cliente/conta/')
    await hydrated(page, 'main button')
    await page.getByRole('button', { name: 'Sair da conta' }).click()
    await at(page, /^\/$/)
    await login(page, isPhone, email, 'Recuperada-Azul-26')
    await page.goto('/cliente/conta/')
    await page.getByText('Olá, Joana!').waitFor()

    // LGPD: download the data, then delete the account (the password confirms each).
    await hydrated(page, 'main button')
    await page.getByRole('button', { name: 'Baixar meus dados (JSON)' }).click()
    await page.getByLabel('Senha', { exact: true }).fill('Recuperada-Azul-26')
    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Baixar meus dados', exact: true }).click()])
    expect(download.suggestedFilename()).toBe('meus-dados-vitrine.json')
    expect(JSON.parse(readFileSync((await download.path())!, 'utf8')).conta.email).toBe(email)
    await page.getByRole('button', { name: 'Fechar' }).click()
    await page.getByRole('button', { name: 'Excluir minha conta' }).click()
    await page.getByLabel('Senha', { exact: true }).fill('Errada2026')
    await page.getByRole('button', { name: 'Excluir definitivamente' }).click()
    await visibleText(page, 'A senha atual não confere.').waitFor()
    await page.getByLabel('Senha', { exact: true }).fill('Recuperada-Azul-26')
    await page.getByRole('button', { name: 'Excluir definitivamente' }).click()
    await at(page, /^\/$/)
    await hydrated(page, 'header a')
    await openLogin(page, isPhone)
    await stepOne(page, email)
    await visibleText(page, 'Conta não localizada!').waitFor()
    // The browser logs the refused wrong password (a 422 the page shows as a message); nothing else.
    expect(errors.filter((e) => !/status of 422/.test(e))).toEqual([])
    expect(errors.length).toBeLessThanOrEqual(1)
    await context.close()
  })
})
