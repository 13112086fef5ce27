import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Viewport = typeof DESKTOP
type Card = { titulo: string; link_real: string; valor: number; marca: { titulo: string; link: string } }
type Listing = { titulo: string; ndi: string; total: number; paginas: number; data: Card[] }

const api = async <T>(path: string): Promise<T> => (await fetch(`${baseURL()}${path}`)).json() as Promise<T>

/** The demo catalog's largest top-level category. */
async function bigCategory(): Promise<Listing> {
  const menu = await api<{ Categorias: Array<{ ndi: string }> }>('/_next/api/DataMenu/')
  const listings = await Promise.all(menu.Categorias.map((c) => api<Listing>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}`)))
  return listings.sort((a, b) => b.total - a.total)[0]
}

/**
 * A word of the catalog's titles whose search fills more than one page (100 per page). The demo
 * catalog of the e2e run (320 products) has no category above 50 products, so paging is driven
 * through search; the control and the URL handling are the same on every listing.
 */
async function pagedSearchTerm(): Promise<string> {
  const menu = await api<{ Categorias: Array<{ ndi: string }> }>('/_next/api/DataMenu/')
  const titles = (await Promise.all(menu.Categorias.map((c) => api<Listing>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}`)))).flatMap((l) =>
    l.data.map((c) => c.titulo),
  )
  const counts = new Map<string, number>()
  for (const w of titles.flatMap((t) => t.toLowerCase().match(/[a-z]{5,}/g) ?? [])) counts.set(w, (counts.get(w) ?? 0) + 1)
  const words = [...counts].sort((a, b) => b[1] - a[1]).map(([w]) => w)
  for (const w of words.slice(0, 25)) {
    const [r] = await api<Array<{ paginas: number }>>(`/_next/api/pesquisa?p=${w}`)
    if (r.paginas > 1) return w
  }
  throw new Error('no search term fills two pages')
}

const cards = (page: Page) => page.getByTestId('product-card')
const cardTitles = (page: Page) => cards(page).getByRole('heading').allTextContents()
const cardPrices = async (page: Page) => (await page.getByTestId('card-price').evaluateAll((els) => els.map((e) => e.getAttribute('data-valor')))).map(Number)

/**
 * Submits the price filter of a listing opened with ?ordem=maior-preco: the URL carries max and
 * keeps the sort, every card costs at most max, and the count (header) is below the unfiltered total.
 */
async function filterAndExpectUpTo(page: Page, max: number, total: number) {
  await page.getByRole('button', { name: 'Filtrar' }).click()
  await page.waitForURL(new RegExp(`max=${max}`))
  expect(page.url()).toContain('ordem=maior-preco')
  await expect
    .poll(async () => {
      const list = await cardPrices(page)
      return list.length > 0 && list.every((p) => p <= max)
    })
    .toBe(true)
  const shown = Number(((await page.locator('main header p').textContent()) ?? '').replace(/\D/g, ''))
  expect(shown).toBeLessThan(total)
  expect(shown).toBeGreaterThan(0)
}

/** Opens the phone's folded sidebar when needed. */
async function openFilters(page: Page, isPhone: boolean) {
  if (isPhone) await page.getByRole('button', { name: 'Filtros' }).click()
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as Array<[string, Viewport]>)('catalog listings at %s', (name, viewport) => {
  const isPhone = name === 'phone'

  it('category page lists its products with title, count, subcategories and canonical URL', async () => {
    const cat = await bigCategory()
    const { page, context, errors } = await openPage(browser, viewport)
    const res = await page.goto(`/categoria/${cat.ndi}?utm_source=teste`)
    expect(res?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(cat.titulo)
    expect(await cards(page).count()).toBe(Math.min(cat.total, 50))
    expect(await page.locator('main header p').textContent()).toBe(`${cat.total} produtos nesta categoria`)
    expect(await page.title()).toContain(cat.titulo)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/categoria/${cat.ndi}`)
    const ld = await page.locator('script[type="application/ld+json"]').allTextContents()
    expect(ld.some((j) => j.includes('"BreadcrumbList"') && j.includes(cat.titulo))).toBe(true)
    // The first card links to its product and shows its prices in reais.
    const first = cards(page).first()
    expect(await first.getByRole('link').last().getAttribute('href')).toBe(`/produto/${cat.data[0].link_real}`)
    expect(await first.textContent()).toMatch(/R\$\s[\d.]+,\d{2}.*à vista no Pix/)
    // Subcategory chips lead to the subcategory's own listing.
    const chip = page.getByRole('navigation', { name: 'Subcategorias' }).getByRole('link').first()
    const chipName = (await chip.textContent()) ?? ''
    await chip.click()
    await page.getByRole('heading', { level: 1, name: chipName }).waitFor()
    expect(await cards(page).count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('pagination moves to page 2 through ?pagina= with a skeleton while loading', async () => {
    const term = await pagedSearchTerm()
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/busca/${term}`)
    expect(await cards(page).count()).toBe(100)
    const firstPage = await cardTitles(page)
    // Slow the data request down so the loading skeleton can be seen.
    await page.route('**/*.data*', async (route) => {
      await new Promise((r) => setTimeout(r, 700))
      await route.continue()
    })
    const nav = page.getByRole('navigation', { name: 'Paginação' })
    expect(await nav.getByRole('link', { name: 'Página 1', exact: true }).getAttribute('aria-current')).toBe('page')
    await nav.getByRole('link', { name: 'Página 2', exact: true }).click()
    await page.getByTestId('product-grid-skeleton').waitFor()
    await page.waitForURL(/pagina=2/)
    await page.getByTestId('product-grid-skeleton').waitFor({ state: 'detached' })
    expect(await nav.getByRole('link', { name: 'Página 2', exact: true }).getAttribute('aria-current')).toBe('page')
    const secondPage = await cardTitles(page)
    expect(secondPage.length).toBeGreaterThan(0)
    expect(secondPage.length).toBeLessThanOrEqual(100)
    expect(secondPage.some((t) => !firstPage.includes(t))).toBe(true)
    // Previous goes back to page 1 without a pagina parameter.
    await nav.getByRole('link', { name: /Anterior/ }).click()
    await page.waitForURL((url) => !url.search.includes('pagina'))
    await expect.poll(() => cardTitles(page)).toEqual(firstPage)
    expect(errors).toEqual([])
    await context.close()
  })

  it('sorting by menor preço orders the prices ascending', async () => {
    const cat = await bigCategory()
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/categoria/${cat.ndi}`)
    await page.getByLabel('Ordenar por').selectOption('menor-preco')
    await page.waitForURL(/ordem=menor-preco/)
    const ascending = (list: number[]) => list.every((p, i) => i === 0 || list[i - 1] <= p)
    await expect
      .poll(async () => {
        const list = await cardPrices(page)
        return list.length === Math.min(cat.total, 50) && ascending(list)
      })
      .toBe(true)
    const prices = await cardPrices(page)
    // Relevance order was not ascending already, so the sort really changed the page.
    expect(ascending(cat.data.map((c) => c.valor))).toBe(false)
    expect(prices[0]).toBeLessThanOrEqual(Math.min(...cat.data.map((c) => c.valor)))
    expect(await page.getByLabel('Ordenar por').inputValue()).toBe('menor-preco')
    expect(errors).toEqual([])
    await context.close()
  })

  it('the price filter narrows the results and keeps them in range', async () => {
    const cat = await bigCategory()
    const sorted = cat.data.map((c) => c.valor).sort((a, b) => a - b)
    const max = Math.floor(sorted[Math.floor(sorted.length / 2)])
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/categoria/${cat.ndi}?ordem=maior-preco`)
    await openFilters(page, isPhone)
    await page.getByLabel('Até: R$').fill(String(max))
    await filterAndExpectUpTo(page, max, cat.total)
    expect(errors).toEqual([])
    await context.close()
  })

  it('search from the header shows results with the count and facets', async () => {
    const cat = await bigCategory()
    const term = cat.data[0].marca.titulo || cat.titulo
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto('/')
    const box = page.locator(isPhone ? '#busca-mobile' : '#busca-desktop')
    await box.fill(term)
    await box.press('Enter')
    await page.waitForURL(`**/busca/${encodeURIComponent(term)}`)
    await page.getByRole('heading', { level: 1, name: `Resultados para “${term}”` }).waitFor()
    expect(await cards(page).count()).toBeGreaterThan(0)
    expect(await page.locator('main header p').textContent()).toMatch(/^\d[\d.]* produtos? encontrados$/)
    expect(await box.inputValue()).toBe(term)
    await openFilters(page, isPhone)
    expect(await page.getByRole('complementary', { name: 'Filtros' }).getByRole('heading', { name: 'Marcas' }).isVisible()).toBe(true)
    expect(await page.locator('meta[name="robots"]').getAttribute('content')).toContain('noindex')
    expect(errors).toEqual([])
    await context.close()
  })

  it('search without results shows the empty state with a way home', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.goto('/busca/zzqxwvkkjj')
    const empty = page.getByTestId('empty-results')
    expect(await empty.getByRole('heading', { name: 'Nenhum resultado foi encontrado' }).isVisible()).toBe(true)
    expect(await empty.textContent()).toContain('palavras-chave diferentes ou mais genéricas')
    expect(await cards(page).count()).toBe(0)
    await empty.getByRole('link', { name: 'Voltar para a página inicial' }).click()
    await page.waitForURL(`${baseURL()}/`)
    // Blank text searches nothing.
    await page.goto('/busca/%20%20')
    expect(await page.getByTestId('empty-results').isVisible()).toBe(true)
    await context.close()
  })

  it('a misspelt search offers "Você quis dizer" leading to results', async () => {
    const cat = await bigCategory()
    // A long word of a product title with two inner letters swapped: "notebook" → "notbeook".
    const word = cat.data
      .flatMap((c) => c.titulo.split(/\s+/))
      .find((w) => /^[a-zA-Z]{7,}$/.test(w))!
      .toLowerCase()
    const typo = `${word.slice(0, 3)}${word[4]}${word[3]}${word.slice(5)}`
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/busca/${typo}`)
    const suggestion = page.getByText('Você quis dizer:').getByRole('link')
    const vqd = (await suggestion.textContent()) ?? ''
    expect(vqd).toContain(word)
    await suggestion.click()
    await page.waitForURL(`**/busca/${encodeURIComponent(vqd)}`)
    await page.getByRole('heading', { level: 1, name: `Resultados para “${vqd}”` }).waitFor()
    expect(await cards(page).count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it("brand page reads 'resultado para marca:', shows 4 per row on desktops and links its categories", async () => {
    const cat = await bigCategory()
    const brand = cat.data.find((c) => c.marca.link)!.marca
    const { page, context, errors } = await openPage(browser, viewport)
    const res = await page.goto(`/marca/${brand.link}/`)
    expect(res?.status()).toBe(200)
    expect((await page.getByRole('heading', { level: 1 }).textContent())?.replace(/\s+/g, ' ')).toBe(`resultado para marca: ${brand.titulo}`)
    expect(await cards(page).count()).toBeGreaterThan(0)
    const columns = await page.getByTestId('product-grid').evaluate((el) => getComputedStyle(el).gridTemplateColumns.split(' ').length)
    expect(columns).toBe(isPhone ? 2 : 4)
    await openFilters(page, isPhone)
    const sidebar = page.getByRole('complementary', { name: 'Filtros' })
    const link = sidebar.getByRole('heading', { name: 'Categorias' }).locator('xpath=..').getByRole('link').first()
    const href = (await link.getAttribute('href')) ?? ''
    expect(href).toMatch(new RegExp(`^/marca/${brand.link}/[^/]+/$`))
    const categoria = (await link.locator('span').first().textContent()) ?? ''
    await link.click()
    await page.getByRole('heading', { level: 1, name: `resultado para marca: ${brand.titulo} em ${categoria}` }).waitFor()
    expect(new URL(page.url()).pathname).toBe(href)
    expect(await cards(page).count()).toBeGreaterThan(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it("the brand page's 'Faixa de preço até: R$' widget filters by the highest price", async () => {
    const cat = await bigCategory()
    const brand = cat.data.find((c) => c.marca.link)!.marca
    const all = await api<{ total: number; data: Card[] }>(`/_next/api/itens-marca/${brand.link}`)
    const sorted = all.data.map((c) => c.valor).sort((a, b) => a - b)
    const max = Math.ceil(sorted[Math.floor(sorted.length / 2)])
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/marca/${brand.link}/?ordem=maior-preco`)
    await openFilters(page, isPhone)
    const sidebar = page.getByRole('complementary', { name: 'Filtros' })
    // The spec's wording, exactly, as the field's label; no separate "De:" field on brand pages.
    await sidebar.getByLabel('Faixa de preço até: R$', { exact: true }).fill(String(max))
    expect(await sidebar.getByLabel('De: R$').count()).toBe(0)
    await filterAndExpectUpTo(page, max, all.total)
    expect(errors).toEqual([])
    await context.close()
  })

  it('busca-esp answers the cards the brand + category page shows (docs/requirements.md §7)', async () => {
    const cat = await bigCategory()
    const brand = cat.data.find((c) => c.marca.link)!.marca
    const { page, context } = await openPage(browser, viewport)
    await page.goto(`/marca/${brand.link}/${encodeURIComponent(cat.titulo)}/`)
    await page.getByRole('heading', { level: 1, name: `resultado para marca: ${brand.titulo} em ${cat.titulo}` }).waitFor()
    // Each card's product link, once per card, in grid order.
    const shown = await cards(page).evaluateAll((els) => els.map((el) => el.querySelector('a[href^="/produto/"]')?.getAttribute('href')))
    const answer = await api<Card[]>(`/_next/api/busca-esp/${brand.link}/${encodeURIComponent(cat.titulo)}/`)
    expect(Array.isArray(answer)).toBe(true)
    expect(answer.length).toBeGreaterThan(0)
    expect(answer.every((c) => c.marca.link === brand.link)).toBe(true)
    expect(answer.map((c) => `/produto/${encodeURIComponent(c.link_real)}`)).toEqual(shown)
    await context.close()
  })

  it('unknown category and brand answer 404 with the not-found state', async () => {
    const { page, context } = await openPage(browser, viewport)
    let res = await page.goto('/categoria/nao-existe-xyz')
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1, name: 'Não encontramos essa categoria' }).isVisible()).toBe(true)
    res = await page.goto('/marca/marca-que-nao-existe/')
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('heading', { level: 1, name: 'Nenhum resultado foi encontrado' }).isVisible()).toBe(true)
    expect(await page.getByText('Tente usar palavras-chave diferentes ou mais genéricas.').isVisible()).toBe(true)
    res = await page.goto('/marca/marca-que-nao-existe/categoria-tambem/')
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('link', { name: 'Voltar para a página inicial' }).isVisible()).toBe(true)
    await context.close()
  })

  it('malformed pagina, ordem, min and max fall back to defaults', async () => {
    const cat = await bigCategory()
    const { page, context } = await openPage(browser, viewport)
    const res = await page.goto(`/categoria/${cat.ndi}?pagina=abc&ordem=xpto&min=--&max=R$%20nada`)
    expect(res?.status()).toBe(200)
    expect(await cards(page).count()).toBe(Math.min(cat.total, 50))
    const past = await page.goto(`/categoria/${cat.ndi}?pagina=9999`)
    expect(past?.status()).toBe(200)
    expect(await cards(page).count()).toBeGreaterThan(0)
    await context.close()
  })
})

describe('robots.txt and sitemap.xml', () => {
  it('robots keeps private screens and search out and points to the sitemap', async () => {
    const res = await fetch(`${baseURL()}/robots.txt`)
    expect(res.headers.get('content-type')).toContain('text/plain')
    const text = await res.text()
    for (const path of ['/compras/', '/checkout', '/authorization/', '/cliente/', '/busca/']) expect(text).toContain(`Disallow: ${path}`)
    expect(text).toContain(`Sitemap: ${baseURL()}/sitemap.xml`)
  })

  it('the sitemap lists the home, categories, brands and products as absolute URLs', async () => {
    const cat = await bigCategory()
    const recentes: Array<{ link_real: string; marca: { link: string } }> = await (await fetch(`${baseURL()}/_next/api/inicio?bloco=recentes`)).json()
    const res = await fetch(`${baseURL()}/sitemap.xml`)
    expect(res.headers.get('content-type')).toContain('xml')
    const xml = await res.text()
    expect(xml).toContain(`<loc>${baseURL()}/</loc>`)
    expect(xml).toContain(`<loc>${baseURL()}/categoria/${cat.ndi}</loc>`)
    expect(xml).toContain(`<loc>${baseURL()}/produto/${recentes[0].link_real}</loc>`)
    expect(xml).toContain(`<loc>${baseURL()}/marca/${recentes[0].marca.link}/</loc>`)
    expect(xml.match(/<url>/g)!.length).toBeGreaterThan(300)
  })
})
