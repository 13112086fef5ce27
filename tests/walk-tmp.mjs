import { chromium } from 'playwright-core'
import sharp from 'sharp'
const base = 'http://127.0.0.1:4330'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, baseURL: base })
const page = await ctx.newPage()
const errors = []
page.on('pageerror', (e) => errors.push(String(e)))
page.on('console', (m) => m.type() === 'error' && errors.push(m.text()))
await page.goto('/admin/entrar')
await page.waitForSelector('form')
await page.waitForTimeout(1500)
await page.getByLabel('E-mail').fill('dono.demo@example.com')
await page.getByLabel('Senha').fill('Demo@2026')
await page.getByRole('button', { name: 'Entrar' }).click()
await page.waitForURL((u) => /^\/admin\/?$/.test(u.pathname))
const colors = [[220, 40, 40], [40, 160, 60], [40, 80, 220]]
const files = await Promise.all(colors.map(async ([r, g, b], i) => ({ name: `foto-${i + 1}.${['jpg', 'png', 'webp'][i]}`, mimeType: ['image/jpeg', 'image/png', 'image/webp'][i], buffer: await sharp({ create: { width: 800, height: 800, channels: 3, background: { r, g, b } } }).toFormat(['jpeg', 'png', 'webp'][i]).toBuffer() })))
for (const [w, h, tag] of [[1280, 800, 'desk'], [390, 844, 'phone']]) {
  await page.setViewportSize({ width: w, height: h })
  await page.goto('/admin/categorias'); await page.waitForTimeout(800)
  await page.screenshot({ path: `/tmp/wt3-cat-${tag}.png`, fullPage: false })
  await page.goto('/admin/marcas'); await page.waitForTimeout(800)
  await page.screenshot({ path: `/tmp/wt3-marcas-${tag}.png`, fullPage: false })
}
await page.setViewportSize({ width: 1280, height: 800 })
await page.goto('/admin/produtos/5/imagens'); await page.waitForTimeout(1500)
await page.getByTestId('image-picker').setInputFiles(files)
await page.getByText('3 imagens enviadas.').waitFor({ timeout: 30000 })
await page.waitForTimeout(1500)
await page.screenshot({ path: '/tmp/wt3-img-desk.png', fullPage: true })
await page.setViewportSize({ width: 390, height: 844 })
await page.waitForTimeout(500)
await page.screenshot({ path: '/tmp/wt3-img-phone.png', fullPage: false })
console.log('errors', errors)
await browser.close()
