import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { generate } from 'otplib'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage } from './browser'
import { linkInOutbox } from './outbox'
import { loginDemo } from './shopper'

/**
 * The back office's access the way people use it: the demo Dono turns TOTP on and
 * invites two people from the outbox e-mails; the new Dono logs in with a code and takes the demo
 * Dono's TOTP off again (lost phone — and the demo account is left as it was found); an Atendimento
 * does not see Equipe and gets 403 there, also on a phone; a customer cannot open /admin.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const DEMO_DONO = { email: 'dono.demo@example.com', senha: 'Demo@2026' }
const run = Date.now().toString(36)
const NEW_DONO = { email: `dona.e2e.${run}@example.com`, nome: 'Dona Segunda', senha: 'Cadeado-Azul-77' }
const ATENDENTE = { email: `atendente.e2e.${run}@example.com`, nome: 'Ana Atendente', senha: 'Girassol-Verde-42' }

/** The invitation link e-mailed to `to`, from the store's outbox. */
const invitationLink = (to: string) => linkInOutbox(to, '\\/admin\\/convite\\/[A-Za-z0-9_-]+', 'invitation e-mail')

/** A code for a step after the one just used (codes are taken once; ±30 s is accepted). */
const nextCode = (secret: string) => generate({ secret, epoch: Math.floor(Date.now() / 1000) + 30 })

async function at(page: Page, pathname: RegExp) {
  await expect.poll(() => new URL(page.url()).pathname, { timeout: 30_000 }).toMatch(pathname)
}

async function passwordStep(page: Page, who: { email: string; senha: string }) {
  await page.goto('/admin/entrar')
  await hydrated(page, 'form button[type=submit]')
  await page.getByLabel('E-mail').fill(who.email)
  await page.getByLabel('Senha').fill(who.senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
}

async function sair(page: Page) {
  await page.getByRole('button', { name: 'Sair' }).click()
  await at(page, /^\/admin\/entrar$/)
}

/** Segurança: Configurar, read the key, confirm with a code; returns the secret. */
async function enrolTotp(page: Page): Promise<string> {
  await page.getByRole('link', { name: 'Segurança', exact: true }).click()
  await at(page, /^\/admin\/seguranca$/)
  await page.getByRole('button', { name: 'Configurar' }).click()
  await expect
    .poll(() =>
      page
        .getByRole('img', { name: /QR code/ })
        .locator('svg')
        .count(),
    )
    .toBe(1)
  const secret = (await page.getByTestId('totp-segredo').textContent())!.trim()
  await page.getByLabel('Código').fill(await generate({ secret }))
  await page.getByRole('button', { name: 'Ativar' }).click()
  await page.getByText('Verificação em duas etapas ativada.').waitFor()
  await page.getByText('Ativa', { exact: true }).waitFor()
  return secret
}

async function invite(page: Page, person: { email: string; nome: string }, perfil: string) {
  await page.getByLabel('E-mail').fill(person.email)
  await page.getByLabel('Nome').fill(person.nome)
  await page.getByLabel('Perfil', { exact: true }).selectOption({ label: perfil })
  await page.getByRole('button', { name: 'Enviar convite' }).click()
  await page.getByText(`Convite enviado para ${person.email}.`).waitFor()
}

async function accept(page: Page, person: { email: string; senha: string }) {
  await page.goto(await invitationLink(person.email))
  await hydrated(page, 'form button[type=submit]')
  await page.getByLabel('Crie uma senha').fill(person.senha)
  await page.getByLabel('Repita a senha').fill(person.senha)
  await page.getByRole('button', { name: 'Criar acesso' }).click()
  await at(page, /^\/admin\/$/)
}

const nav = (page: Page) => page.getByRole('navigation', { name: 'Painel' })

describe('back office access', () => {
  it('TOTP, invitations, roles and a customer kept out (1280×800)', async () => {
    // A shopper logged in on the storefront is sent to the staff login.
    const shopper = await openPage(browser, DESKTOP)
    await loginDemo(shopper.context.request)
    await shopper.page.goto('/admin/equipe')
    await at(shopper.page, /^\/admin\/entrar$/)
    await shopper.page.getByRole('heading', { name: 'Entrar no painel' }).waitFor()
    await shopper.context.close()

    // The demo Dono walks in without TOTP, turns it on, invites a Dono and an Atendimento.
    const dono = await openPage(browser, DESKTOP)
    await passwordStep(dono.page, DEMO_DONO)
    await at(dono.page, /^\/admin\/$/)
    await dono.page.getByText('Sua conta de Dono ainda não tem verificação em duas etapas.').waitFor()
    const demoSecret = await enrolTotp(dono.page)
    expect(demoSecret).toMatch(/^[A-Z2-7]{16,}$/)
    await nav(dono.page).getByRole('link', { name: 'Equipe' }).click()
    await at(dono.page, /^\/admin\/equipe$/)
    await hydrated(dono.page, 'form button[type=submit]')
    await invite(dono.page, NEW_DONO, 'Dono')
    await invite(dono.page, ATENDENTE, 'Atendimento')
    await dono.page.getByText(ATENDENTE.email).first().waitFor()

    // The new Dono accepts, turns TOTP on, and logs in again with a code.
    const second = await openPage(browser, DESKTOP)
    await accept(second.page, NEW_DONO)
    const secret = await enrolTotp(second.page)
    await sair(second.page)
    await passwordStep(second.page, NEW_DONO)
    await second.page.getByRole('heading', { name: 'Verificação em duas etapas' }).waitFor()
    await second.page.getByLabel('Código').fill(await nextCode(secret))
    await second.page.getByRole('button', { name: 'Verificar' }).click()
    await at(second.page, /^\/admin\/$/)
    // …and takes the demo Dono's TOTP off (a lost phone), which leaves the demo account as found.
    await nav(second.page).getByRole('link', { name: 'Equipe' }).click()
    const row = second.page.getByRole('row').filter({ hasText: DEMO_DONO.email })
    await row.getByRole('button', { name: 'Remover 2 etapas' }).click()
    await second.page.getByRole('dialog').getByRole('button', { name: 'Remover' }).click()
    await second.page.getByText(/Verificação em duas etapas de .* removida\./).waitFor()
    await expect.poll(() => row.getByRole('button', { name: 'Remover 2 etapas' }).count()).toBe(0)

    // The reset ended the demo Dono's sessions: the next page sends them to the login. Back in (the
    // demo lets them in without TOTP), they see the audit of all this.
    await nav(dono.page).getByRole('link', { name: 'Auditoria' }).click()
    await at(dono.page, /^\/admin\/entrar$/)
    await passwordStep(dono.page, DEMO_DONO)
    await at(dono.page, /^\/admin\/$/)
    await nav(dono.page).getByRole('link', { name: 'Auditoria' }).click()
    await at(dono.page, /^\/admin\/auditoria$/)
    await dono.page.getByRole('cell', { name: 'equipe.convidar' }).first().waitFor()
    await dono.page.getByRole('cell', { name: 'equipe.remover_totp' }).waitFor()
    await dono.page.getByRole('cell', { name: 'totp.ativar' }).first().waitFor()
    for (const p of [shopper, dono, second]) expect(p.errors).toEqual([])
    await dono.context.close()
    await second.context.close()
  })

  it('an Atendimento does not see Equipe and is refused there (390×844)', async () => {
    const { context, page, errors } = await openPage(browser, PHONE)
    await accept(page, ATENDENTE)
    // The Painel at 390 px: its order and stock lists cut their long lines instead of widening the page.
    await page.getByRole('heading', { name: 'Estoque baixo (menos de 8)' }).waitFor()
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    await page.getByRole('button', { name: 'Menu' }).click()
    await nav(page).getByRole('link', { name: 'Pedidos' }).waitFor()
    expect(await nav(page).getByRole('link', { name: 'Equipe' }).count()).toBe(0)
    expect(await nav(page).getByRole('link', { name: 'Auditoria' }).count()).toBe(0)
    const res = await page.goto('/admin/equipe')
    expect(res?.status()).toBe(403)
    expect(res?.headers()['cache-control']).toBe('private, no-store')
    expect(res?.headers()['x-robots-tag']).toMatch(/noindex/)
    await page.getByRole('heading', { name: 'Acesso negado' }).waitFor()
    // Usable at 390 px: nothing wider than the screen but the table's own scroller.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(PHONE.width)
    // The browser logs the 403 document itself; nothing else may fail.
    expect(errors.filter((e) => !/status of 403/.test(e))).toEqual([])
    await context.close()
  })

  it('keeps admin code and styles out of the storefront’s bundles', async () => {
    const assets = path.join(process.cwd(), 'build/client/assets')
    const manifestFile = readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f))!
    const source = readFileSync(path.join(assets, manifestFile), 'utf8')
    const manifest = JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as {
      entry: { module: string; imports: string[] }
      routes: Record<string, { module: string; imports?: string[]; css?: string[] }>
    }
    const storefront = Object.entries(manifest.routes).filter(([id]) => !id.startsWith('routes/admin/'))
    expect(storefront.length).toBeGreaterThan(20)
    const files = new Set([manifest.entry.module, ...manifest.entry.imports, ...storefront.flatMap(([, r]) => [r.module, ...(r.imports ?? [])])])
    for (const file of files) {
      const code = readFileSync(path.join(process.cwd(), 'build/client', file), 'utf8')
      expect(code, file).not.toMatch(/\/admin\/api\/|adm-btn|Vitrine · Painel/)
    }
    // The storefront's stylesheet is inlined in every page (decision 0061), and never holds admin rules.
    const home = await (await fetch(`${baseURL()}/`)).text()
    const inlined = [...home.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('\n')
    expect(inlined.length).toBeGreaterThan(1000)
    expect(inlined).not.toMatch(/\.adm-/)
    for (const file of storefront.flatMap(([, r]) => r.css ?? []))
      expect(readFileSync(path.join(process.cwd(), 'build/client', file), 'utf8')).not.toMatch(/\.adm-/)
    // The admin stylesheet is linked by the admin frame alone.
    const frame = manifest.routes['routes/admin/frame']
    const frameCode = [frame.module, ...(frame.imports ?? [])].map((f) => readFileSync(path.join(process.cwd(), 'build/client', f), 'utf8')).join('\n')
    expect(frameCode).toMatch(/admin-[\w-]+\.css/)
  })
})
