import type { Browser, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, hydrated, launchBrowser, openPage } from './browser'
import { PAGES } from './pages'

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
