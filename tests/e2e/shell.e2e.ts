import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage } from './browser'
import { NEWSLETTER_MESSAGES } from '../../contract/messages/newsletter'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Viewport = typeof DESKTOP

async function firstCategory(): Promise<{ titulo: string; ndi: string; sub: { titulo: string; ndi: string } }> {
  const menu = await (await fetch(`${baseURL()}/_next/api/DataMenu/`)).json()
  const cat = menu.Categorias.find((c: { subcategorias: unknown[] }) => c.subcategorias.length > 0)
  return { titulo: cat.titulo, ndi: cat.ndi, sub: cat.subcategorias[0] }
}

describe.each([
  ['desktop', DESKTOP, 170],
  ['phone', PHONE, 60],
] as Array<[string, Viewport, number]>)('shell at %s', (name, viewport, offset) => {
  const isPhone = name === 'phone'

  it('home shows header, badge, footer and the content offset', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    // The page is the same for every visitor: the badge is not in it, the browser adds it.
    expect(await res?.text()).not.toContain('data-testid="cart-badge"')
    await expect.poll(() => page.getByRole('link', { name: 'Vitrine — página inicial' }).first().isVisible()).toBe(true)
    const badge = page.getByTestId('cart-badge').filter({ visible: true })
    await badge.waitFor()
    expect(await badge.textContent()).toBe('0')
    const padding = await page.locator('.page-offset').evaluate((el) => getComputedStyle(el).paddingTop)
    expect(padding).toBe(`${offset}px`)
    const footer = page.locator('footer')
    const text = (await footer.textContent()) ?? ''
    expect(text).toContain('Segunda a sexta: 8:00 às 18:00')
    expect(text).toContain('Sábado: 10:00 às 14:00')
    expect(text).toMatch(/CNPJ \d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}/)
    expect(text).toContain('WhatsApp')
    expect(await footer.getByRole('img', { name: 'Visa' }).count()).toBe(1)
    expect(await footer.getByRole('img', { name: 'Mastercard' }).count()).toBe(1)
    expect(await footer.getByRole('link', { name: /Baixe o app/ }).getAttribute('href')).toBe('/app/baixar/')
    if (!isPhone) {
      expect(await page.getByRole('link', { name: 'Minha Conta', exact: true }).isVisible()).toBe(true)
      // 'Atendimento' opens the customer-service panel.
      expect(await page.getByRole('button', { name: 'Atendimento', exact: true }).filter({ visible: true }).count()).toBe(1)
      expect(
        await page
          .getByRole('button', { name: /Meu Carrinho/ })
          .filter({ visible: true })
          .count(),
      ).toBe(1)
      // Top menu of suggested categories.
      const sgt = page.getByRole('navigation', { name: 'Categorias sugeridas' }).getByRole('link')
      expect(await sgt.count()).toBeGreaterThan(2)
    } else {
      const bar = page.getByRole('navigation', { name: 'Navegação principal' })
      expect(await bar.getByRole('link', { name: 'Inicio' }).getAttribute('href')).toBe('/')
      expect(await bar.getByRole('link', { name: 'Carrinho' }).getAttribute('href')).toBe('/compras/carrinho')
      expect(await bar.getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe('/authorization/user/')
    }
    expect(errors).toEqual([])
    await context.close()
  })

  it('search ignores blank text and goes to /busca/{text}', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.goto('/sobre/quem-somos/')
    const box = page.locator(isPhone ? '#busca-mobile' : '#busca-desktop')
    await box.fill('   ')
    await box.press('Enter')
    await page.getByRole('button', { name: 'Buscar', exact: true }).filter({ visible: true }).first().click()
    await page.waitForTimeout(300)
    expect(new URL(page.url()).pathname).toBe('/sobre/quem-somos/')
    // A search creates no session; a visitor who has one (here from the login's first step, as the
    // cart would give it) keeps their recent searches.
    await page.evaluate(() => fetch('/_auth/permission/', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' }))
    await box.fill('fone bluetooth')
    await box.press('Enter')
    await page.waitForURL('**/busca/fone%20bluetooth')
    // The results page (and the box, re-created from the URL) must be on screen before typing again.
    await page.getByRole('heading', { level: 1, name: /fone bluetooth/ }).waitFor()
    // After each search the browser asks for the recent ones again; they are offered on an empty box.
    await box.fill('notebook')
    await box.press('Enter')
    await page.waitForURL('**/busca/notebook')
    await page.getByRole('heading', { level: 1, name: /notebook/ }).waitFor()
    await box.fill('')
    await box.focus()
    const recent = page.getByRole('region', { name: 'Buscas recentes' })
    await recent.getByRole('link', { name: 'fone bluetooth' }).click()
    await page.waitForURL('**/busca/fone%20bluetooth')

    // Another page, loaded afresh (the same HTML for everyone), shows this visitor's searches too.
    await page.goto('/afiliados/')
    // The badge shows once the browser has the visitor's state (so the page is hydrated too).
    await page.getByTestId('cart-badge').filter({ visible: true }).waitFor()
    await box.focus()
    const terms = recent.getByRole('link')
    await expect.poll(() => terms.allTextContents()).toEqual(['fone bluetooth', 'notebook'])
    await context.close()
  })

  it('category panel opens, lists categories, highlights the current one and closes every way', async () => {
    const cat = await firstCategory()
    const { page, context } = await openPage(browser, viewport)
    await page.goto(`/categoria/${cat.sub.ndi}`)
    const open = () =>
      isPhone
        ? page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('button', { name: 'Categorias' }).click()
        : page.getByRole('button', { name: 'Todas categorias' }).click()
    const dialog = page.getByRole('dialog', { name: 'Categorias' })
    // A closed panel is aria-hidden, so its state is read through a CSS locator.
    const panel = page.locator('[role="dialog"][aria-labelledby="categorias-titulo"]')
    const isOpen = () => panel.evaluate((el) => el.className.includes('translate-x-0'))

    await open()
    await expect.poll(isOpen).toBe(true)
    const current = dialog.getByRole('link', { name: cat.sub.titulo, exact: true })
    expect(await current.getAttribute('aria-current')).toBe('page')
    expect(await dialog.getByRole('link', { name: cat.titulo, exact: true }).isVisible()).toBe(true)
    expect(await dialog.getByText('Carregando...').count()).toBe(0)

    await dialog.getByRole('button', { name: 'Fechar categorias' }).click()
    await expect.poll(isOpen).toBe(false)

    await open()
    await expect.poll(isOpen).toBe(true)
    await page.mouse.click(viewport.width - 10, viewport.height / 2)
    await expect.poll(isOpen).toBe(false)

    await open()
    await expect.poll(isOpen).toBe(true)
    await page.keyboard.press('Escape')
    await expect.poll(isOpen).toBe(false)

    await open()
    await expect.poll(isOpen).toBe(true)
    await dialog.getByRole('link', { name: cat.titulo, exact: true }).click()
    await page.waitForURL(`**/categoria/${cat.ndi}`)
    await expect.poll(isOpen).toBe(false)
    await context.close()
  })

  it('unknown paths show the 404 page with status 404', async () => {
    const { page, context } = await openPage(browser, viewport)
    const res = await page.goto('/esta/pagina/nao/existe')
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('heading', { name: 'Oops! página não encontra!' }).isVisible()).toBe(true)
    await page.getByRole('link', { name: 'Voltar para a página inicial' }).click()
    await page.waitForURL(`${baseURL()}/`)
    await context.close()
  })

  it('newsletter validates and asks to confirm, with the same answer twice', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.goto('/afiliados/')
    // The form's code loads when the footer nears the screen (decision 0064).
    const email = page.locator('#newsletter-email')
    // Scrolled to at once: cards laid out on the way (decision 0112) and the form's own render move it meanwhile.
    await page.evaluate(() => document.querySelector('#newsletter-email')?.scrollIntoView({ block: 'center' }))
    await hydrated(page, '#newsletter-email')
    await email.fill('sem-arroba')
    await page.getByRole('button', { name: 'Inscrever-se' }).click()
    expect(await page.getByRole('alert').filter({ hasText: 'Formato de email inválido!' }).isVisible()).toBe(true)
    const address = `e2e.${name}.${Date.now()}@example.com`
    await email.fill(address)
    await page.getByRole('button', { name: 'Inscrever-se' }).click()
    // Double opt-in: a link to confirm is e-mailed, and the answer never tells who is subscribed.
    await page.getByText(NEWSLETTER_MESSAGES.sent).first().waitFor()
    await email.fill(address.toUpperCase())
    await page.getByRole('button', { name: 'Inscrever-se' }).click()
    await expect.poll(() => page.getByText(NEWSLETTER_MESSAGES.sent).count()).toBe(2)
    await context.close()
  })

  it('institutional pages render', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.goto('/afiliados/')
    await page.getByRole('link', { name: 'Seja um afiliado' }).click()
    await page.waitForURL(`${baseURL()}/`)
    await page.goto('/app/baixar/')
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toContain('app')
    await page.goto('/sobre/qualquer-coisa/')
    expect(await page.getByRole('link', { name: /saiba o que mudou/ }).getAttribute('href')).toBe('/sobre/mudamos')
    await context.close()
  })
})

describe('phone bar search', () => {
  it('its own input searches on Enter and ignores blank text', async () => {
    const { page, context } = await openPage(browser, PHONE)
    await page.goto('/afiliados/')
    await page.getByRole('navigation', { name: 'Navegação principal' }).getByRole('button', { name: 'Buscar' }).click()
    const input = page.locator('#busca-barra')
    await input.fill('  ')
    await input.press('Enter')
    await page.waitForTimeout(200)
    expect(new URL(page.url()).pathname).toBe('/afiliados/')
    await input.fill('notebook')
    await input.press('Enter')
    await page.waitForURL('**/busca/notebook')
    await context.close()
  })
})

describe('first paint before the scripts (decision 0112)', () => {
  it('module preloads are low priority, off-screen cards wait for layout, and the page still hydrates', async () => {
    const html = await (await fetch(`${baseURL()}/`)).text()
    const preloads = [...html.matchAll(/<link rel="modulepreload"[^>]*>/g)].map((m) => m[0])
    expect(preloads.length).toBeGreaterThan(3)
    for (const link of preloads) expect(link).toContain('fetchPriority="low"')

    const { page, context, errors } = await openPage(browser, PHONE)
    await page.goto('/')
    await hydrated(page, '[data-testid="product-card"] a')
    const cards = page.getByTestId('product-card')
    expect(await cards.count()).toBeGreaterThan(8)
    // The last card of the last row is far off the screen: not laid out, yet reachable and in the page.
    const last = cards.last()
    expect(await last.evaluate((el) => getComputedStyle(el).contentVisibility)).toBe('auto')
    // Far off the screen it holds the 380 px kept for it, whatever the machine's speed.
    expect(await last.evaluate((el) => el.getBoundingClientRect().height)).toBe(380)
    await last.scrollIntoViewIfNeeded()
    // Laid out once near the screen: its real height. The browser decides relevance at a rendering
    // update, so wait for two frames it actually painted rather than for a fixed time; a slow machine
    // only takes longer to get there.
    const laidOut = () =>
      last.evaluate((el) => new Promise<number>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(el.getBoundingClientRect().height)))))
    await expect.poll(laidOut, { timeout: 15_000 }).toBeGreaterThan(380)
    await expect.poll(() => last.getByRole('link').first().isVisible(), { timeout: 15_000 }).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })
})
