import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { afterEach, expect, inject } from 'vitest'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../../scripts/lib/chromium'

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

/**
 * What the store's Content-Security-Policy blocked in any page of any context (server/http/csp.ts):
 * Chromium says so in the console. Every e2e test fails on one (the afterEach below), so a script,
 * style or image the policy does not allow is found by the suite, not by a shopper.
 */
const cspViolations: string[] = []
afterEach(() => {
  const found = cspViolations.splice(0)
  expect(found, 'Content-Security-Policy violations').toEqual([])
})
const CSP_MESSAGE = /Content Security Policy|Content-Security-Policy/i
/** The violations seen so far, taken out (a test that provokes one on purpose checks and clears it). */
export const takeCspViolations = (): string[] => cspViolations.splice(0)

/** Chromium for e2e: each of its contexts reports CSP violations (however the test made the context). */
export async function launchBrowser(): Promise<Browser> {
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, headless: true, args: CHROMIUM_FLAGS })
  const newContext = browser.newContext.bind(browser)
  browser.newContext = async (...args: Parameters<Browser['newContext']>) => {
    const context = await newContext(...args)
    context.on('console', (m) => {
      if (CSP_MESSAGE.test(m.text())) cspViolations.push(`${m.location().url}: ${m.text()}`)
    })
    return context
  }
  return browser
}

export function baseURL(): string {
  return inject('baseURL')
}

/** A fresh browser context (own cookies) at the given viewport, failing on page errors; on the run's store unless `base`. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
  base: string = baseURL(),
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    baseURL: base,
    locale: 'pt-BR',
    isMobile: viewport.width < 500,
    hasTouch: viewport.width < 500,
  })
  // Fail fast with Playwright's own message instead of the test's timeout.
  context.setDefaultTimeout(15_000)
  const page = await context.newPage()
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(String(e)))
  page.on('console', (m) => {
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text())
  })
  return { context, page, errors }
}

/** True once React has hydrated the element (its props are attached to the DOM node); a cold page on a busy machine may take seconds. */
export async function hydrated(page: Page, selector: string): Promise<void> {
  await expect
    .poll(
      () =>
        page.evaluate((sel) => {
          const el = document.querySelector(sel)
          return !!el && Object.keys(el).some((k) => k.startsWith('__reactProps'))
        }, selector),
      { timeout: 10_000 },
    )
    .toBe(true)
}
