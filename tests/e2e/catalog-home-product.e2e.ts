import type { Browser, Locator, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Viewport = typeof DESKTOP
type Option = { name: string; hash: string; valor: number; qtd: number }
type Card = {
  hash: string
  link_real: string
  titulo: string
  qtd: number
  video: 0 | 1
  atacado: 0 | 1
  img: string
  vari_pdt: Array<{ nome: string; data: Option[] }>
}
type Detail = { hash: string; qtd: number; imgs: Array<{ link: string }>; atacado: 0 | { min: number; valor: number }; promocoes?: unknown[] }

const api = async <T>(path: string): Promise<T> => (await fetch(`${baseURL()}${path}`)).json() as Promise<T>

let catalogCache: Promise<Card[]> | null = null
/** Every product of the demo catalog, read through the listing API (no product views recorded). */
function catalog(): Promise<Card[]> {
  catalogCache ??= (async () => {
    const menu = await api<{ Categorias: Array<{ ndi: string }> }>('/_next/api/DataMenu/')
    const cards = new Map<string, Card>()
    for (const c of menu.Categorias) {
      type Page = { paginas: number; data: Card[] }
      const first = await api<Page>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}`)
      const rest = await Promise.all(
        Array.from({ length: first.paginas - 1 }, (_, i) => api<Page>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}&pagina=${i + 2}`)),
      )
      for (const p of [first, ...rest]) for (const card of p.data) cards.set(card.hash, card)
    }
    return [...cards.values()]
  })()
  return catalogCache
}

async function find(what: string, test: (c: Card) => boolean): Promise<Card> {
  const found = (await catalog()).find(test)
  if (!found) throw new Error(`the demo catalog has no ${what}`)
  return found
}

const hasOptions = (c: Card) => c.vari_pdt.some((v) => v.data.length > 0)
const withOptionsInStock = () => find('product with variations in stock', (c) => hasOptions(c) && c.vari_pdt[0].data.some((o) => o.qtd > 0))
const lowStockPlain = () => find('low-stock product without variations', (c) => !hasOptions(c) && c.qtd >= 2 && c.qtd < 8)
const withVideo = () => find('product with video', (c) => c.video === 1)

/** Moves the fake clock 250 ms at a time (at most `maxMs`) until `read` gives `want`. */
async function advanceUntil(page: Page, read: () => Promise<number>, want: number, maxMs = 3_000) {
  for (let i = 0; i < maxMs / 250 && (await read()) !== want; i++) await page.clock.runFor(250)
  await expect.poll(read).toBe(want)
}

/** Index of the dot marked aria-current in a carousel. */
/**
 * Opens a page under a fake clock and waits until React has committed the hydration: stepping the
 * clock before that left a slideshow without its timer now and then. The header asks DataMenu from
 * the same commit's effects that arm the timers, so its answer is the signal.
 */
async function gotoCommitted(page: Page, url: string, selector: string) {
  const effectsRan = page.waitForResponse((r) => r.url().includes('/_next/api/DataMenu/'))
  await page.goto(url)
  await hydrated(page, selector)
  await effectsRan
}

const currentSlide = (carousel: Locator) =>
  carousel.getByRole('button', { name: /^Ir para o slide \d+$/ }).evaluateAll((dots) => dots.findIndex((d) => d.getAttribute('aria-current') === 'true'))

const slideCount = (carousel: Locator) => carousel.getByRole('button', { name: /^Ir para o slide \d+$/ }).count()

/** A real touch gesture through the DevTools protocol (Chromium turns it into pointer events). */
async function touchDrag(page: Page, from: { x: number; y: number }, toX: number, release = true) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Input.dispatchTouchEvent', { type: 'touchStart', touchPoints: [{ x: from.x, y: from.y }] })
  const steps = 10
  for (let i = 1; i <= steps; i++) {
    await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x: from.x + ((toX - from.x) * i) / steps, y: from.y }] })
  }
  if (release) await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
  return {
    release: async (x: number) => {
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchMove', touchPoints: [{ x, y: from.y }] })
      await cdp.send('Input.dispatchTouchEvent', { type: 'touchEnd', touchPoints: [] })
    },
  }
}

const hero = (page: Page) => page.getByRole('region', { name: 'Ofertas em destaque' })
const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text, { exact: true })

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as Array<[string, Viewport]>)('home at %s', (name, viewport) => {
  const isPhone = name === 'phone'

  it('renders the four blocks, the LCP slide eagerly with a preload, and the trust strip', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    const res = await page.goto('/')
    expect(res?.status()).toBe(200)
    for (const heading of ['CATEGORIAS EM DESTAQUE', 'MAIS ACESSADOS', 'RECENTES']) {
      expect(await page.getByRole('heading', { name: heading, level: 2 }).isVisible()).toBe(true)
    }
    expect(await page.getByTestId('row-mais-acessados').getByTestId('product-card').count()).toBeGreaterThan(3)
    expect(await page.getByTestId('row-recentes').getByTestId('product-card').count()).toBeGreaterThan(3)
    expect(await page.getByRole('list', { name: 'Vantagens da loja' }).textContent()).toMatch(
      /% de desconto no Pix.*x sem juros.*Entrega para todo o Brasil.*Compra 100% segura/,
    )

    const first = hero(page).locator('img').first()
    expect(await first.getAttribute('loading')).toBe('eager')
    expect(await first.getAttribute('fetchpriority')).toBe('high')
    expect(await hero(page).locator('img').nth(1).getAttribute('loading')).toBe('lazy')
    const src = await first.evaluate((img: HTMLImageElement) => new URL(img.currentSrc).pathname)
    expect(src).toMatch(/^\/_next\/static\//)
    const preloads = await page.locator('head link[rel="preload"][as="image"]').evaluateAll((ls) => ls.map((l) => l.getAttribute('href')))
    expect(preloads).toContain(src)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/`)
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^http/)
    expect(errors).toEqual([])
    await context.close()
  })

  it('featured categories: at most 6 with 6 product links, titles over 25 characters cut at a word with an ellipsis', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.goto('/')
    const block = page.getByTestId('featured-categories')
    const cats = block.locator(':scope > li')
    expect(await cats.count()).toBeGreaterThan(0)
    expect(await cats.count()).toBeLessThanOrEqual(6)
    for (let i = 0; i < (await cats.count()); i++) {
      expect(await cats.nth(i).getByTestId('featured-product-link').count()).toBeLessThanOrEqual(6)
    }
    const links = await block
      .getByTestId('featured-product-link')
      .evaluateAll((as) => as.map((a) => ({ text: a.textContent ?? '', full: a.getAttribute('title') ?? '' })))
    expect(links.length).toBeGreaterThan(0)
    let cut = 0
    for (const { text, full } of links) {
      const clean = full.trim().replace(/\s+/g, ' ')
      if (Array.from(clean).length <= 25) {
        expect(text).toBe(clean)
        continue
      }
      cut++
      expect(text.endsWith('…')).toBe(true)
      const kept = text.slice(0, -1)
      expect(Array.from(kept).length).toBeLessThanOrEqual(25)
      expect(clean.startsWith(kept)).toBe(true)
      // Cut at a word boundary: what follows the kept text starts with a space or punctuation.
      expect(/^[\s,.;:!?()[\]/–—-]/u.test(clean.slice(kept.length)) || !kept.includes(' ')).toBe(true)
    }
    expect(cut).toBeGreaterThan(0)
    await context.close()
  })

  it('slideshow: next, previous and dots, wrapping at both ends', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto('/')
    const carousel = hero(page)
    expect(await carousel.getAttribute('aria-roledescription')).toBe('carousel')
    await hydrated(page, '[aria-label="Próximo slide"]')
    const count = await slideCount(carousel)
    expect(count).toBeGreaterThan(1)
    expect(await currentSlide(carousel)).toBe(0)
    expect(await carousel.getByRole('group', { name: `1 de ${count}` }).getAttribute('aria-roledescription')).toBe('slide')

    await carousel.getByRole('button', { name: 'Slide anterior' }).click()
    await expect.poll(() => currentSlide(carousel)).toBe(count - 1)
    await carousel.getByRole('button', { name: 'Próximo slide' }).click()
    await expect.poll(() => currentSlide(carousel)).toBe(0)
    await carousel.getByRole('button', { name: 'Próximo slide' }).click()
    await expect.poll(() => currentSlide(carousel)).toBe(1)
    await carousel.getByRole('button', { name: `Ir para o slide ${count}` }).click()
    await expect.poll(() => currentSlide(carousel)).toBe(count - 1)
    await carousel.getByRole('button', { name: 'Próximo slide' }).click()
    await expect.poll(() => currentSlide(carousel)).toBe(0)
    // The visible slide is the current one; the others are hidden from assistive technology.
    const slides = carousel.locator('[aria-roledescription="slide"]')
    expect(await slides.nth(0).getAttribute('aria-hidden')).toBe('false')
    expect(await slides.nth(1).getAttribute('aria-hidden')).toBe('true')
    expect(await slides.nth(1).getAttribute('aria-label')).toBe(`2 de ${count}`)
    expect(errors).toEqual([])
    await context.close()
  })

  it('slideshow auto-advances every 10000 ms', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.clock.install()
    await gotoCommitted(page, '/', '[aria-label="Próximo slide"]')
    const carousel = hero(page)
    expect(await currentSlide(carousel)).toBe(0)
    await page.clock.runFor(9_000)
    expect(await currentSlide(carousel)).toBe(0)
    // The first move is awaited in small steps, and the interval is measured from it.
    await advanceUntil(page, () => currentSlide(carousel), 1)
    await page.clock.runFor(9_500)
    expect(await currentSlide(carousel)).toBe(1)
    await advanceUntil(page, () => currentSlide(carousel), 2, 1_500)
    await context.close()
  })

  if (isPhone) {
    it('slideshow swipe: beyond a quarter of the width changes the slide (wrapping), less snaps back', async () => {
      const { page, context } = await openPage(browser, viewport)
      await page.goto('/')
      const carousel = hero(page)
      await hydrated(page, '[aria-label="Próximo slide"]')
      const box = (await carousel.boundingBox())!
      const y = box.y + box.height / 2
      const count = await slideCount(carousel)
      const quarter = box.width / 4

      // Start away from the arrow buttons at the sides.
      const left = box.x + box.width * 0.3
      const right = box.x + box.width * 0.7
      // Long swipe to the right from the first slide wraps to the last.
      await touchDrag(page, { x: left, y }, left + quarter + 30)
      await expect.poll(() => currentSlide(carousel)).toBe(count - 1)
      // Long swipe to the left from the last slide wraps to the first.
      await touchDrag(page, { x: right, y }, right - (quarter + 30))
      await expect.poll(() => currentSlide(carousel)).toBe(0)
      // Long swipe to the left: next slide.
      await touchDrag(page, { x: right, y }, right - (quarter + 30))
      await expect.poll(() => currentSlide(carousel)).toBe(1)
      // Short swipe (under a quarter): snaps back, no navigation either.
      await touchDrag(page, { x: right, y }, right - (quarter - 30))
      await page.waitForTimeout(300)
      expect(await currentSlide(carousel)).toBe(1)
      expect(new URL(page.url()).pathname).toBe('/')
      await context.close()
    })

    it('slideshow never auto-advances while the finger holds it', async () => {
      const { page, context } = await openPage(browser, viewport)
      await page.clock.install()
      await gotoCommitted(page, '/', '[aria-label="Próximo slide"]')
      const carousel = hero(page)
      const box = (await carousel.boundingBox())!
      const y = box.y + box.height / 2
      const drag = await touchDrag(page, { x: box.x + 200, y }, box.x + 170, false)
      await page.clock.runFor(25_000)
      expect(await currentSlide(carousel)).toBe(0)
      await drag.release(box.x + 170)
      await expect.poll(() => currentSlide(carousel)).toBe(0)
      await page.clock.runFor(10_500)
      await expect.poll(() => currentSlide(carousel)).toBe(1)
      await context.close()
    })
  }
})

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as Array<[string, Viewport]>)('product page at %s', (name, viewport) => {
  const isPhone = name === 'phone'

  it('COMPRAR without a variation warns; with one it calls the cart and reports the answer', async () => {
    const card = await withOptionsInStock()
    const { page, context } = await openPage(browser, viewport)
    const res = await page.goto(`/produto/${card.link_real}`)
    expect(res?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(card.titulo)
    await hydrated(page, '#comprar')
    await page.locator('#comprar').click()
    await toast(page, 'Selecione uma variação do produto!').waitFor()

    // Out-of-stock options are disabled; pick one in stock.
    const options = page.getByTestId('variation-picker').getByRole('radio')
    const states = await options.evaluateAll((bs) => bs.map((b) => (b as HTMLButtonElement).disabled))
    card.vari_pdt[0].data.forEach((o, i) => expect(states[i]).toBe(o.qtd <= 0))
    const pick = card.vari_pdt[0].data.findIndex((o) => o.qtd > 0)
    await options.nth(pick).click()
    expect(await options.nth(pick).getAttribute('aria-checked')).toBe('true')

    const answer = page.waitForResponse((r) => r.url().endsWith('/_next/api/carrinho/add/') && r.request().method() === 'POST')
    await page.locator('#comprar').click()
    const response = await answer
    expect(response.request().postDataJSON()).toEqual({ id: card.hash, qtd: 1, variacao: card.vari_pdt[0].data[pick].hash })
    const body = (await response.json()) as { estado: string; msg?: string; itens?: number }
    if (body.estado === 'sucesso') {
      await toast(page, 'Produto adicionado ao carrinho').waitFor()
      expect(await page.getByTestId('in-cart').isVisible()).toBe(true)
      // The badge takes the count from the answer.
      await expect.poll(() => page.getByTestId('cart-badge').filter({ visible: true }).textContent()).toBe(String(body.itens))
      // The page comes out the same for everyone (no marker); the browser then asks for this visitor's.
      const again = await page.reload()
      expect(await again?.text()).not.toContain('data-testid="in-cart"')
      await page.getByTestId('in-cart').waitFor()
    } else {
      await toast(page, body.msg!).waitFor()
    }
    await context.close()
  })

  it('quantity: minimum 1, + capped at the stock; Últimas unidades under 8', async () => {
    const card = await lowStockPlain()
    const { page, context } = await openPage(browser, viewport)
    await page.goto(`/produto/${card.link_real}`)
    await hydrated(page, '[aria-label="Aumentar quantidade"]')
    expect(await page.getByTestId('last-units').isVisible()).toBe(true)
    expect(await page.getByTestId('last-units').textContent()).toContain('Últimas unidades')
    const input = page.getByLabel('Quantidade', { exact: true })
    const plus = page.getByRole('button', { name: 'Aumentar quantidade' })
    const minus = page.getByRole('button', { name: 'Diminuir quantidade' })
    expect(await minus.isDisabled()).toBe(true)
    // One step per click, each waited for (under load a click can land before the previous render).
    for (let n = 1; n < card.qtd; n++) {
      await plus.click()
      await expect.poll(() => input.inputValue()).toBe(String(n + 1))
    }
    expect(await input.inputValue()).toBe(String(card.qtd))
    expect(await plus.isDisabled()).toBe(true)
    // A typed quantity above the stock is brought back to it; 0 goes to 1.
    await input.fill('999')
    await input.blur()
    expect(await input.inputValue()).toBe(String(card.qtd))
    await input.fill('0')
    await input.blur()
    expect(await input.inputValue()).toBe('1')
    await context.close()
  })

  it('wholesale: from atacado.min pieces the unit price switches to the wholesale price', async () => {
    let found: { card: Card; detail: Detail } | null = null
    for (const card of (await catalog()).filter((c) => c.atacado === 1 && !hasOptions(c) && c.qtd > 0)) {
      const [detail] = await api<[Detail]>(`/_next/api/detalhe-produto?id=${encodeURIComponent(card.hash)}`)
      // A running promotion would take its share off the wholesale price too: a product without one.
      if (detail.atacado !== 0 && detail.atacado.min <= detail.qtd && !detail.promocoes) {
        found = { card, detail }
        break
      }
    }
    if (!found) throw new Error('the demo catalog has no wholesale product with enough stock')
    const atacado = found.detail.atacado as { min: number; valor: number }
    const { page, context } = await openPage(browser, viewport)
    await page.goto(`/produto/${found.card.link_real}`)
    await hydrated(page, '#quantidade')
    expect(await page.getByTestId('wholesale-offer').textContent()).toContain(`A partir de ${atacado.min} unidades`)
    const unit = page.getByTestId('unit-price')
    expect(Number(await unit.getAttribute('data-valor'))).not.toBe(atacado.valor)
    const input = page.getByLabel('Quantidade', { exact: true })
    await input.fill(String(atacado.min))
    await input.press('Enter')
    await expect.poll(async () => Number(await unit.getAttribute('data-valor'))).toBe(atacado.valor)
    await input.fill(String(Math.max(1, atacado.min - 1)))
    await input.press('Enter')
    if (atacado.min > 1) await expect.poll(async () => Number(await unit.getAttribute('data-valor'))).not.toBe(atacado.valor)
    await context.close()
  })

  it('stores the product hash under _pdt, renders SEO tags and JSON-LD, and the empty reviews block', async () => {
    const card = await withOptionsInStock()
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/produto/${card.link_real}`)
    await hydrated(page, '#comprar')
    await expect.poll(() => page.evaluate(() => localStorage.getItem('_pdt'))).toBe(card.hash)

    const canonical = `${baseURL()}/produto/${card.link_real}`
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(canonical)
    expect(await page.locator('meta[property="og:type"]').getAttribute('content')).toBe('product')
    expect(await page.locator('meta[property="og:image"]').getAttribute('content')).toMatch(/^https?:\/\/.+\/_next\/img\//)
    const ld = (await page.locator('script[type="application/ld+json"]').allTextContents()).map((t) => JSON.parse(t))
    const product = ld.find((x) => x['@type'] === 'Product')
    expect(product.name).toBe(card.titulo)
    expect(product.offers.priceCurrency).toBe('BRL')
    expect(product.offers.availability).toBe(card.qtd > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock')
    expect(product.image.length).toBeGreaterThan(0)
    expect(ld.some((x) => x['@type'] === 'BreadcrumbList')).toBe(true)

    // The first image is the LCP: eager, high priority, preloaded.
    const main = page.locator('img[fetchpriority="high"]').filter({ visible: true }).first()
    expect(await main.getAttribute('loading')).toBe('eager')
    expect(await page.locator('head link[rel="preload"][as="image"]').count()).toBeGreaterThan(0)

    const reviews = page.getByRole('region', { name: 'Avaliações' })
    expect(await reviews.getByText('Sem avaliações').isVisible()).toBe(true)
    expect(await reviews.getByText('Não há comentários').isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'SIMILARES' }).isVisible()).toBe(true)
    expect(await page.getByRole('heading', { name: 'Especificações técnicas' }).isVisible()).toBe(true)
    expect(errors).toEqual([])
    await context.close()
  })

  it('opens by title too (canonical to link_real), and an unknown product is a 404', async () => {
    const card = await lowStockPlain()
    const { page, context } = await openPage(browser, viewport)
    const byTitle = await page.goto(`/produto/${encodeURIComponent(card.titulo)}`)
    expect(byTitle?.status()).toBe(200)
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(card.titulo)
    expect(await page.locator('link[rel="canonical"]').getAttribute('href')).toBe(`${baseURL()}/produto/${card.link_real}`)

    const res = await page.goto(`/produto/nao-existe-${Date.now()}`)
    expect(res?.status()).toBe(404)
    expect(await page.getByRole('heading', { name: 'Não encontramos esse produto' }).isVisible()).toBe(true)
    await context.close()
  })

  it('plays the video from /video/… and the server answers a Range request with 206', async () => {
    const card = await withVideo()
    const { page, context } = await openPage(browser, viewport)
    await page.goto(`/produto/${card.link_real}`)
    let video: Locator
    if (isPhone) {
      video = page.getByTestId('product-slides').locator('video')
    } else {
      await hydrated(page, '[aria-label="Ver vídeo do produto"]')
      await page.getByRole('button', { name: 'Ver vídeo do produto' }).click()
      video = page.locator('video').filter({ visible: true })
    }
    await video.first().waitFor({ state: 'attached' })
    const src = (await video.first().getAttribute('src'))!
    expect(src).toMatch(/^\/video\//)
    expect(await video.first().getAttribute('controls')).not.toBeNull()
    const ranged = await fetch(`${baseURL()}${src}`, { headers: { Range: 'bytes=0-1023' } })
    expect(ranged.status).toBe(206)
    expect(ranged.headers.get('content-range')).toMatch(/^bytes 0-1023\/\d+$/)
    expect((await ranged.arrayBuffer()).byteLength).toBe(1024)
    await context.close()
  })

  if (!isPhone) {
    it('magnifier: hovering the main image shows a 150 px lens', async () => {
      const card = await withVideo()
      const { page, context } = await openPage(browser, viewport)
      await page.goto(`/produto/${card.link_real}`)
      const magnifier = page.getByTestId('magnifier')
      await hydrated(page, '[data-testid="magnifier"]')
      await magnifier.locator('img').evaluate((img: HTMLImageElement) => img.decode())
      const box = (await magnifier.boundingBox())!
      await page.mouse.move(box.x + box.width / 2, box.y + box.height / 2)
      await page.mouse.move(box.x + box.width / 2 + 5, box.y + box.height / 2 + 5)
      const lens = page.getByTestId('magnifier-lens')
      await lens.waitFor()
      const size = await lens.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height])
      expect(size).toEqual([150, 150])
      await page.mouse.move(box.x + box.width + 300, box.y)
      await lens.waitFor({ state: 'detached' })
      await context.close()
    })
  } else {
    it('phone gallery: a slideshow that autoplays every 5000 ms', async () => {
      const card = await find('product with several images', (c) => c.video === 1)
      const { page, context } = await openPage(browser, viewport)
      await page.clock.install()
      await gotoCommitted(page, `/produto/${card.link_real}`, '[data-testid="product-slides"]')
      const gallery = page.getByRole('region', { name: 'Imagens do produto' })
      expect(await slideCount(gallery)).toBeGreaterThan(1)
      expect(await currentSlide(gallery)).toBe(0)
      await page.clock.runFor(5_500)
      await expect.poll(() => currentSlide(gallery)).toBe(1)
      const box = (await gallery.boundingBox())!
      await touchDrag(page, { x: box.x + box.width - 40, y: box.y + 150 }, box.x + 40)
      await expect.poll(() => currentSlide(gallery)).toBe(2)
      await context.close()
    })
  }
})
