/**
 * Screenshots of store pages at desktop and phone widths, for looking at what we build:
 * `node --import tsx scripts/screenshot.ts http://localhost:3000 / /categoria/smartphones` → tmp/shots/*.png
 */
import { chromium } from 'playwright-core'
import { mkdirSync } from 'node:fs'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium'

const [base = 'http://localhost:3000', ...paths] = process.argv.slice(2)
const viewports = [
  { name: 'desktop', width: 1280, height: 800 },
  { name: 'phone', width: 390, height: 844 },
]
const full = process.env.FULL === '1'

mkdirSync('tmp/shots', { recursive: true })
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROMIUM_FLAGS })
for (const vp of viewports) {
  const context = await browser.newContext({ viewport: vp, locale: 'pt-BR', isMobile: vp.width < 500, hasTouch: vp.width < 500 })
  const page = await context.newPage()
  for (const p of paths.length ? paths : ['/']) {
    await page.goto(base + p, { waitUntil: 'networkidle' })
    const file = `tmp/shots/${vp.name}${p.replace(/[^a-z0-9]+/gi, '_')}.png`
    await page.screenshot({ path: file, fullPage: full })
    console.log(file)
  }
  await context.close()
}
await browser.close()
