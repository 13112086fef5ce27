import type { Browser, Response } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { PHONE, hydrated, launchBrowser, openPage } from './browser'
import { PAGES } from './pages'

/**
 * The script a phone downloads for each storefront page, counted as Lighthouse counts it: every
 * script response from the first byte until the page is hydrated and its network has been quiet,
 * at its transfer size (compressed body and headers). Home, listings and product pages stay within
 * 110 KB, the cart and checkout within 120 KB (docs/decisions/0136). tests/bundle/js-budget.test.ts
 * checks the build itself (which modules reach which page); this is what the browser really loads.
 */

const KB = 1024
const BUDGET: Record<string, number> = {
  início: 110 * KB,
  categoria: 110 * KB,
  busca: 110 * KB,
  produto: 110 * KB,
  'categoria em promoção': 110 * KB,
  'produto em promoção': 110 * KB,
  carrinho: 120 * KB,
  checkout: 120 * KB,
}

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const figures: string[] = []
afterAll(() => console.log(`script per page on a phone, as transferred (KB): ${figures.join(', ')}`))

describe('script budget per page, as the browser loads it (celular)', () => {
  it.each(PAGES)('$name', async ({ name, path, ready }) => {
    const { page, context, errors } = await openPage(browser, PHONE)
    const target = await path(page)
    // Reaching some pages visits others first: measure from an empty cache, as a first visit.
    const cdp = await context.newCDPSession(page)
    await cdp.send('Network.clearBrowserCache')
    const scripts: Array<Promise<{ url: string; bytes: number }>> = []
    const onResponse = (response: Response) => {
      if (response.request().resourceType() !== 'script') return
      scripts.push(
        response
          .request()
          .sizes()
          .then((s) => ({ url: response.url(), bytes: s.responseBodySize + s.responseHeadersSize })),
      )
    }
    page.on('response', onResponse)
    await page.goto(target)
    await hydrated(page, ready)
    await page.waitForLoadState('networkidle')
    // Lighthouse keeps counting until the main thread and the network have both been idle a while.
    await page.waitForTimeout(1_000)
    await page.waitForLoadState('networkidle')
    page.off('response', onResponse)
    const loaded = await Promise.all(scripts)
    const total = loaded.reduce((sum, s) => sum + s.bytes, 0)
    figures.push(`${name} ${(total / KB).toFixed(1)}`)
    const list = loaded.map((s) => `${new URL(s.url).pathname} ${(s.bytes / KB).toFixed(1)}`).join(', ')
    expect(loaded.length, 'a hydrated page has loaded its scripts').toBeGreaterThan(0)
    expect(total, `${target}: ${list}`).toBeLessThanOrEqual(BUDGET[name]!)
    // Hydrating on Preact (0136) keeps the head the server sent: its title, metas and links are all
    // still there (only the preloads React adds for itself go).
    const kept = (html: string) =>
      page.evaluate((source) => {
        const head = source ? new DOMParser().parseFromString(source, 'text/html').head : document.head
        return [...head.querySelectorAll('title, meta, link:not([rel="modulepreload"]):not([rel="preload"])')]
          .map((n) => n.outerHTML.replace(/ nonce="[^"]*"/, ''))
          .sort()
      }, html)
    const served = await (await page.request.get(target)).text()
    expect(await kept('')).toEqual(await kept(served))
    expect(errors).toEqual([])
    await context.close()
  })
})
