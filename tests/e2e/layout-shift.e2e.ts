import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage } from './browser'
import { demoCart, loginDemo } from './shopper'

/**
 * No page of the storefront moves under the shopper's eyes: the layout-shift entries the browser
 * reports over the load and the first interaction add up to 0 (Cumulative Layout Shift, the figure
 * Lighthouse scores). Shifts right after an input (hadRecentInput) are the shopper's own doing and
 * do not count, as in CLS.
 */

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Shift = { value: number; sources: string[] }

/** Records every layout shift from the first byte on (set before the page's own scripts run). */
async function recordShifts(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen: Array<{ value: number; sources: string[] }> = []
    ;(window as unknown as { __shifts: typeof seen }).__shifts = seen
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries() as Array<PerformanceEntry & { value: number; hadRecentInput: boolean; sources?: Array<{ node?: Node | null }> }>) {
        if (entry.hadRecentInput) continue
        const sources = (entry.sources ?? []).map((s) => {
          const el = s.node instanceof Element ? s.node : s.node?.parentElement
          return el
            ? `${el.tagName.toLowerCase()}${el.id ? `#${el.id}` : ''}.${[...el.classList].slice(0, 4).join('.')} "${(el.textContent ?? '').trim().slice(0, 40)}"`
            : '?'
        })
        seen.push({ value: entry.value, sources })
      }
    }).observe({ type: 'layout-shift', buffered: true })
  })
}

/** Two frames the browser actually rendered: every shift of what came before is reported by then. */
const settle = (page: Page) => page.evaluate(() => new Promise<void>((done) => requestAnimationFrame(() => requestAnimationFrame(() => done()))))

const shiftsOf = (page: Page) => page.evaluate(() => (window as unknown as { __shifts: Shift[] }).__shifts)

/** Loads `path`, waits until it is hydrated and its network is quiet, presses Tab (the first interaction), and answers the shifts seen. */
async function shiftsLoading(page: Page, path: string, ready: string): Promise<Shift[]> {
  await page.goto(path)
  await hydrated(page, ready)
  await page.waitForLoadState('networkidle')
  await settle(page)
  // The first interaction: a key press (Tab moves the focus to the skip link), which changes nothing
  // on the page but wakes whatever waits for the shopper.
  await page.keyboard.press('Tab')
  await page.waitForLoadState('networkidle')
  await settle(page)
  return shiftsOf(page)
}

/** The demo's automatic promotion: the first category with a promoted card, and that card's product. */
async function promoted(page: Page): Promise<{ categoria: string; produto: string }> {
  const menu = (await (await page.request.get('/_next/api/DataMenu/')).json()) as { Categorias: Array<{ ndi: string; subcategorias?: Array<{ ndi: string }> }> }
  for (const ndi of menu.Categorias.flatMap((c) => [c.ndi, ...(c.subcategorias ?? []).map((s) => s.ndi)])) {
    const listing = (await (await page.request.get(`/_next/api/itens-categoria?id=${ndi}`)).json()) as {
      data?: Array<{ link_real: string; promocao?: unknown }>
    }
    const card = listing.data?.find((c) => c.promocao)
    if (card) return { categoria: `/categoria/${ndi}`, produto: `/produto/${card.link_real}` }
  }
  throw new Error('nenhuma promoção na demonstração')
}

const PAGES: Array<{ name: string; path: (page: Page) => Promise<string>; ready: string }> = [
  { name: 'início', path: async () => '/', ready: '[data-testid="product-card"] a' },
  {
    name: 'categoria',
    path: async (page) => {
      const menu = (await (await page.request.get('/_next/api/DataMenu/')).json()) as { Categorias: Array<{ ndi: string }> }
      return `/categoria/${menu.Categorias[0]!.ndi}`
    },
    ready: '[data-testid="product-card"] a',
  },
  { name: 'busca', path: async () => '/busca/fone', ready: '[data-testid="product-card"] a' },
  {
    name: 'produto',
    path: async (page) => {
      await page.goto('/')
      return (await page.locator('[data-testid="product-card"] a').first().getAttribute('href')) ?? '/'
    },
    ready: 'main button',
  },
  { name: 'categoria em promoção', path: async (page) => (await promoted(page)).categoria, ready: '[data-testid="card-promotion"]' },
  { name: 'produto em promoção', path: async (page) => (await promoted(page)).produto, ready: '[data-testid="promotion-name"]' },
  {
    name: 'carrinho',
    path: async (page) => {
      await demoCart(page.request)
      return '/compras/carrinho'
    },
    ready: '[data-testid="carrinho-subtotal"]',
  },
  {
    name: 'checkout',
    path: async (page) => {
      await loginDemo(page.request)
      await demoCart(page.request)
      return '/checkout'
    },
    ready: 'main button',
  },
]

/**
 * The same pages over a slow connection (about 1.6 Mbit/s, 150 ms): the HTML arrives in pieces and the
 * browser paints what it has, so a part whose size depends on what comes after it (a sidebar
 * spanning grid rows, a right-aligned group, a select growing option by option) moves — each such
 * shift was found this way first (docs/decisions/0132). Only the pages every visitor opens.
 */
const SLOW_PAGES = new Set(['início', 'categoria', 'busca', 'produto'])
const SLOW_NETWORK = { offline: false, latency: 150, downloadThroughput: 200_000, uploadThroughput: 96_000 }

const CASES = [
  ...PAGES.map((p) => ({ ...p, slow: false, when: 'over the load and the first interaction' })),
  ...PAGES.filter((p) => SLOW_PAGES.has(p.name)).map((p) => ({ ...p, slow: true, when: 'on a slow network, the HTML arriving in pieces' })),
]

describe.each([
  ['celular', PHONE],
  ['computador', DESKTOP],
])('nenhum deslocamento de layout (%s)', (_label, viewport) => {
  it.each(CASES)('$name: CLS 0 $when', async ({ path, ready, slow }) => {
    const { page, context, errors } = await openPage(browser, viewport)
    const target = await path(page)
    if (slow) await (await context.newCDPSession(page)).send('Network.emulateNetworkConditions', SLOW_NETWORK)
    await recordShifts(page)
    const shifts = await shiftsLoading(page, target, ready)
    const total = shifts.reduce((sum, s) => sum + s.value, 0)
    expect(total, `layout shifts on ${target}: ${JSON.stringify(shifts)}`).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })
})

/**
 * The browser paints whatever HTML it has read whenever its parser yields, which on a slow phone (or a
 * busy machine) is at any tag: CI once saw the category row move 10 px because a link had been painted
 * before its text (12 px of padding, centred, then 32 px). So each page's HTML is written into a
 * document tag by tag (`document.write`, scripts off, as a parser that stops after every start tag),
 * and after each tag every painted box is measured: none may move from where it was first painted.
 * A box that grows is fine (the next one starts where it ends); one that is hidden until its content
 * arrives is fine too (it is painted once, in its place). This holds at every speed: it does not
 * depend on when the real parser yields. Boxes of 1 px (screen-reader text) do not count.
 */
function movesWhileWriting({ html, width, height }: { html: string; width: number; height: number }): string[] {
  const source = html.replace(/<noscript>[\s\S]*?<\/noscript>/g, '')
  const cuts: number[] = []
  const startTag = /<(?!\/)[a-zA-Z][^>]*>/g
  startTag.lastIndex = source.indexOf('<body')
  for (let m = startTag.exec(source); m; m = startTag.exec(source)) cuts.push(m.index + m[0].length)
  type Seen = { x: number; y: number; inView: boolean; dx: number; dy: number; step: number }
  const seen = new Map<Element, Seen>()
  const moves: string[] = []
  let step = 0
  const look = (written: string) => {
    step++
    for (const el of document.body?.querySelectorAll('*') ?? []) {
      const r = el.getBoundingClientRect()
      if (!(r.width > 0 && r.height > 0) || (r.width <= 1 && r.height <= 1)) {
        seen.delete(el)
        continue
      }
      const inView = r.bottom > 0 && r.top < height && r.right > 0 && r.left < width
      const was = seen.get(el)
      if (!was) {
        seen.set(el, { x: r.x, y: r.y, inView, dx: 0, dy: 0, step: -1 })
        continue
      }
      const dx = r.x - was.x
      const dy = r.y - was.y
      if (Math.abs(dx) <= 0.5 && Math.abs(dy) <= 0.5) {
        was.inView = inView
        continue
      }
      seen.set(el, { x: r.x, y: r.y, inView, dx, dy, step })
      if (!inView && !was.inView) continue
      // A box carried by an ancestor that moved the same way in the same step is that ancestor's move.
      let up = el.parentElement
      let carried = false
      for (; up && !carried; up = up.parentElement) {
        const u = seen.get(up)
        carried = !!u && u.step === step && Math.abs(u.dx - dx) < 0.5 && Math.abs(u.dy - dy) < 0.5
      }
      if (carried) continue
      const name = `${el.tagName.toLowerCase()}.${[...el.classList].slice(0, 5).join('.')} "${(el.textContent ?? '').trim().slice(0, 30)}"`
      moves.push(`${name} (${was.x.toFixed(1)}, ${was.y.toFixed(1)}) → (${r.x.toFixed(1)}, ${r.y.toFixed(1)}) when …${written.slice(-80)} arrived`)
    }
  }
  document.open()
  let at = 0
  for (const cut of cuts) {
    document.write(source.slice(at, cut))
    look(source.slice(at, cut))
    at = cut
  }
  document.write(source.slice(at))
  document.close()
  look('the end')
  return moves
}

describe.each([
  ['celular', PHONE],
  ['computador', DESKTOP],
])('nada se move enquanto o HTML chega, tag a tag (%s)', (_label, viewport) => {
  it.each(PAGES)('$name', async ({ path }) => {
    const { page, context } = await openPage(browser, viewport)
    const target = await path(page)
    const html = await (await page.request.get(target)).text()
    await context.close()
    // Scripts off (the page's own would hydrate), nothing fetched but the empty page written into.
    const blank = await browser.newContext({ viewport, javaScriptEnabled: false, baseURL: baseURL() })
    const writer = await blank.newPage()
    await writer.route('**/*', (r) =>
      r.request().resourceType() === 'document' ? r.fulfill({ body: '<!doctype html><html></html>', contentType: 'text/html' }) : r.abort(),
    )
    await writer.goto('/__em-branco')
    const moves = await writer.evaluate(movesWhileWriting, { html, width: viewport.width, height: viewport.height })
    expect(moves, `boxes that moved on ${target}`).toEqual([])
    await blank.close()
  })
})
