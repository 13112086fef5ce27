import { readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { demoCart, loginDemo, post } from './shopper'

/**
 * axe-core (WCAG 2.x A/AA rules) on every screen of the spec at both widths: no violation allowed.
 * One browser context per width and kind of shopper; each page is checked once hydrated.
 */
// Evaluated through the DevTools protocol: the page's CSP (script-src with a nonce) would block a <script> tag.
const axeSource = readFileSync(createRequire(import.meta.url).resolve('axe-core/axe.min.js'), 'utf8')

let browser: Browser
let pages: { visitor: string[]; customer: string[] }
beforeAll(async () => {
  browser = await launchBrowser()
  const { context } = await openPage(browser, DESKTOP)
  const api = context.request
  const menu = (await (await api.get('/_next/api/DataMenu/')).json()) as { Categorias: Array<{ ndi: string }> }
  const recentes = (await (await api.get('/_next/api/inicio?bloco=recentes')).json()) as Array<{
    link_real: string
    marca: { link: string }
    categoria: { link: string }
  }>
  const withBrand = recentes.find((p) => p.marca.link)!
  const cep = await post(api, '/_next/api/consultar-cep/', { cep: '01001-000' })
  await context.close()
  pages = {
    visitor: [
      '/',
      `/categoria/${menu.Categorias[0]!.ndi}`,
      `/produto/${recentes[0]!.link_real}`,
      '/busca/fone',
      '/busca/xyzxyzxyz',
      `/marca/${withBrand.marca.link}/`,
      `/marca/${withBrand.marca.link}/${withBrand.categoria.link}/`,
      `/produto/marca/${withBrand.marca.link}/${withBrand.categoria.link}/`,
      '/sobre/quem-somos/',
      '/afiliados/',
      '/app/baixar/',
      '/products',
      '/cliente/cadastro/',
      '/cliente/recuperar-senha/',
      '/authorization/user/',
      '/compras/carrinho',
      '/pagina-que-nao-existe',
    ],
    customer: [
      '/compras/carrinho',
      '/compras/finalizar',
      '/checkout',
      '/checkout/address',
      '/endereco/',
      '/endereco?show=true',
      '/endereco/cep/',
      ...(cep.body.cod ? [`/endereco/adicionar/${cep.body.cod as string}`] : []),
    ],
  }
})
afterAll(() => browser?.close())

type Violation = { id: string; impact: string; nodes: Array<{ target: string[] }> }

async function violations(page: Page): Promise<string[]> {
  await hydrated(page, 'body a[href], body button').catch(() => {})
  // A settled page: a bar still sliding in (the phone's buy bar) overlaps its neighbours for 300 ms.
  await page
    .waitForFunction(() => document.getAnimations().every((a) => !(a instanceof CSSTransition) || a.playState !== 'running'), null, { timeout: 5_000 })
    .catch(() => {})
  await page.evaluate(axeSource)
  const found = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run: (ctx: unknown, opts: unknown) => Promise<{ violations: Violation[] }> } }).axe
    const result = await axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })
    return result.violations.map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => ({ target: n.target })) }))
  })
  return found.map(
    (v) =>
      `${v.id} (${v.impact}): ${v.nodes
        .slice(0, 3)
        .map((n) => n.target.join(' '))
        .join(' | ')}`,
  )
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as const)('axe at %s', (_name, viewport) => {
  it('finds no violation on the visitor screens', async () => {
    const { page, context } = await openPage(browser, viewport)
    await demoCart(context.request)
    const report: Record<string, string[]> = {}
    for (const path of pages.visitor) {
      await page.goto(path)
      const found = await violations(page)
      if (found.length) report[path] = found
    }
    await context.close()
    expect(report).toEqual({})
  })

  it('finds no violation on the logged-in shopper screens', async () => {
    const { page, context } = await openPage(browser, viewport)
    await loginDemo(context.request)
    await demoCart(context.request)
    const report: Record<string, string[]> = {}
    for (const path of pages.customer) {
      await page.goto(path)
      const found = await violations(page)
      if (found.length) report[path] = found
    }
    await context.close()
    expect(report).toEqual({})
  })
})

describe('spec details', () => {
  it('/produto/marca/{id}/{link}/ lists the brand in that category, as the brand + category page links it', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    const brandCategory = pages.visitor.find((p) => p.startsWith('/marca/') && p.split('/').length === 5)!
    await page.goto(brandCategory)
    const sidebarLink = page.locator('a[href^="/produto/marca/"]').first()
    const href = await sidebarLink.getAttribute('href')
    expect(href).toMatch(/^\/produto\/marca\/[^/]+\/[^/]+\/$/)
    const res = await page.goto(href!)
    expect(res?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toMatch(/resultado para marca/i)
    await context.close()
  })
})
