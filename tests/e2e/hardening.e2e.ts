import { mkdirSync } from 'node:fs'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage, takeCspViolations } from './browser'
import { demoCart, loginDemo } from './shopper'

/**
 * The pages under their Content-Security-Policy (server/http/csp.ts, decision 0072): every inline script
 * carries the answer's nonce, the pages work and look right at both widths, and a script without
 * the nonce is blocked — and caught by the suite's CSP check (browser.ts).
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const SHOTS = 'tmp/screens/hardening'

describe('Content-Security-Policy on pages', () => {
  it('a page answer: a fresh nonce in the policy and on every inline script; framing refused', async () => {
    const first = await fetch(`${baseURL()}/produto/nao-existe`)
    const second = await fetch(`${baseURL()}/produto/nao-existe`)
    const policy = first.headers.get('content-security-policy') ?? ''
    expect(policy).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{24}'/)
    expect(policy).toContain("frame-ancestors 'none'")
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/)
    expect(policy).toContain('report-uri /_csp/relatorio')
    expect(first.headers.get('reporting-endpoints')).toContain('/_csp/relatorio')
    const nonce = /'nonce-([^']+)'/.exec(policy)![1]
    expect(second.headers.get('content-security-policy')).not.toContain(nonce)
    const html = await first.text()
    const inline = [...html.matchAll(/<script(?![^>]*\bsrc=)([^>]*)>/g)].map((m) => m[1])
    expect(inline.length).toBeGreaterThan(0)
    for (const attributes of inline) expect(attributes).toContain(`nonce="${nonce}"`)
  })

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)('home, product and checkout work under the policy at %s', async (name, viewport) => {
    mkdirSync(SHOTS, { recursive: true })
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto('/')
    await hydrated(page, 'header a')
    await page.screenshot({ path: `${SHOTS}/home-${name}.png` })
    const product = await page.locator('a[href^="/produto/"]').first().getAttribute('href')
    await page.goto(product!)
    await hydrated(page, 'h1')
    await page.screenshot({ path: `${SHOTS}/product-${name}.png` })
    await loginDemo(context.request)
    await demoCart(context.request)
    await page.goto('/checkout')
    await hydrated(page, '#nome')
    await page.screenshot({ path: `${SHOTS}/checkout-${name}.png` })
    expect(errors).toEqual([])
    await context.close()
  })

  it('an inline script without the nonce is blocked, and the suite sees it', async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    await page.goto('/')
    await hydrated(page, 'header a')
    const ran = await page.evaluate(async () => {
      const w = window as unknown as { injected?: boolean }
      const s = document.createElement('script')
      s.textContent = 'window.injected = true'
      document.body.append(s)
      await new Promise((r) => setTimeout(r, 100))
      return w.injected === true
    })
    expect(ran).toBe(false)
    await expect.poll(() => takeCspViolations().length, { timeout: 5_000 }).toBeGreaterThan(0)
    await context.close()
  })
})
