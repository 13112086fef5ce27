import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { DEMO } from './shopper'

/**
 * Product images in the back office (issue 19) at 1280×800: the demo owner uploads three pictures
 * through the file picker, makes the first of them the main image, and the storefront's product
 * page shows it as its main image.
 *
 * It opens the images section at /admin/produtos/{id}/imagens (a temporary page); once the product
 * editor (/admin/produtos/{id}) mounts ImagesSection, go there instead: the steps are the same.
 */
const PRODUCT_ID = 7
const IMAGES_PAGE = `/admin/produtos/${PRODUCT_ID}`

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

async function staffLogin(page: Page, email: string): Promise<void> {
  await page.goto('/admin/entrar')
  await hydrated(page, 'form')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(DEMO.senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname), { waitUntil: 'commit' })
}

const picture = async (name: string, format: 'jpeg' | 'png' | 'webp', background: string) => ({
  name,
  mimeType: `image/${format}`,
  buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background } }).toFormat(format).toBuffer(),
})

describe('back office product images (1280×800)', () => {
  it('uploads three images, picks the main one, and the product page shows it', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page, 'dono.demo@example.com')
    await page.goto(IMAGES_PAGE)
    await hydrated(page, '[data-testid="image-picker"]')
    const items = page.getByTestId('product-image')
    const uploaded = items.filter({ has: page.locator('img[src*="produtos/u/"]') })
    const before = await items.count()
    const uploadedBefore = await uploaded.count()
    await page.getByTestId('image-picker').setInputFiles([
      await picture('frente.jpg', 'jpeg', '#d32f2f'),
      await picture('lado.png', 'png', '#388e3c'),
      await picture('verso.webp', 'webp', '#1976d2'),
    ])
    await page.getByText('3 imagens enviadas.').waitFor({ timeout: 30_000 })
    await expect.poll(() => items.count()).toBe(before + 3)
    expect(await uploaded.count()).toBe(uploadedBefore + 3)
    // New images come last, in the order of the files.
    const first = uploaded.nth(uploadedBefore)
    const link = decodeURIComponent((await first.locator('img').getAttribute('src'))!).replace(/^\/_next\/img\//, '').replace(/\?.*$/, '')
    expect(link).toMatch(new RegExp(`^produtos/u/${PRODUCT_ID}/[a-z0-9]+\\.jpg$`))

    await first.getByLabel(/Texto alternativo/).fill('Frente vermelha')
    await first.getByLabel(/Texto alternativo/).press('Enter')
    await page.getByText('Texto alternativo salvo.').waitFor()
    await first.getByRole('button', { name: 'Tornar principal' }).click()
    await page.getByText('Imagem principal escolhida.').waitFor()
    await expect.poll(() => items.first().locator('img').getAttribute('src')).toContain(link)

    const productPath = await page.getByRole('link', { name: 'Ver na loja' }).getAttribute('href')
    await page.goto(productPath!)
    const main = page.getByTestId('magnifier').locator('img').first()
    await expect.poll(() => main.getAttribute('src'), { timeout: 10_000 }).toContain(link)
    expect(await main.getAttribute('alt')).toBe('Frente vermelha')
    // The variant renders (sharp, as for the seeded images): a real picture, not the placeholder.
    const res = await page.request.get(`/_next/img/${link}?w=480`, { headers: { accept: 'image/avif,image/webp,*/*' } })
    expect(res.status()).toBe(200)
    expect(res.headers()['content-type']).toMatch(/^image\/(avif|webp)$/)
    expect(errors).toEqual([])
  })
})
