import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core'
import { expect, inject } from 'vitest'

export const DESKTOP = { width: 1280, height: 800 }
export const PHONE = { width: 390, height: 844 }

const ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]

export function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium', headless: true, args: ARGS })
}

export function baseURL(): string {
  return inject('baseURL')
}

/** A fresh browser context (own cookies) at the given viewport, failing on page errors. */
export async function openPage(
  browser: Browser,
  viewport: { width: number; height: number },
): Promise<{ context: BrowserContext; page: Page; errors: string[] }> {
  const context = await browser.newContext({
    viewport,
    baseURL: baseURL(),
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
