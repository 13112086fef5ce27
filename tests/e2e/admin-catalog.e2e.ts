import type { Browser, Page } from 'playwright-core'
import sharp from 'sharp'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { post, registerCustomer } from './shopper'
import { staffLogin } from './staff'

/**
 * The back office's products at 1280×800, one flow: the demo owner creates a product,
 * gives it a variation group with two values and three uploaded images (one made the main one);
 * the storefront lists it (category, search) and shows it; a new shopper buys one unit of one
 * value (Pix) and the editor's stock ledger shows the sale; a new price is on the product page
 * within a second; the other value set to 0 makes the product page say 'ESGOTADO'.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

const picture = async (name: string, format: 'jpeg' | 'png' | 'webp', background: string) => ({
  name,
  mimeType: `image/${format}`,
  buffer: await sharp({ create: { width: 600, height: 600, channels: 3, background } })
    .toFormat(format)
    .toBuffer(),
})

const toast = (page: Page, text: string) => page.locator('.Toastify').getByText(text).first()

describe('back office products (1280×800)', () => {
  it('creates a product with variations and images, sells it, reprices it and sells it out', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page)

    // 1. Create it, then its variations and images on its editor.
    await page.goto('/admin/produtos/novo')
    await hydrated(page, 'form[aria-label="Dados do produto"]')
    const stamp = Date.now().toString(36)
    const title = `Caixa de Som E2E ${stamp}`
    await page.getByLabel('Título', { exact: true }).fill(title)
    const link = await page.getByLabel('Link', { exact: true }).inputValue()
    expect(link).toMatch(/^caixa-de-som-e2e-/)
    await page.getByLabel('Código (SKU)').fill(`E2E-${stamp}`)
    await page.getByLabel('Categoria', { exact: true }).selectOption({ index: 1 })
    await page.getByLabel('Preço (R$)').fill('299,90')
    await page.getByLabel('Preço "de" (R$, opcional)').fill('349,90')
    await expect.poll(() => page.getByTestId('pix-preview').textContent()).toMatch(/R\$\s*\d/)
    await page.getByLabel('Estoque inicial').fill('5')
    await page.getByRole('button', { name: 'Criar produto' }).click()
    await page.waitForURL(/\/admin\/produtos\/\d+$/)
    const productId = Number(new URL(page.url()).pathname.split('/').pop())
    await hydrated(page, '#novo-grupo')

    const variations = page.getByTestId('variations-section')
    await page.getByLabel('Novo grupo').fill('Cor')
    await variations.getByRole('button', { name: 'Criar grupo' }).click()
    const addValue = variations.getByRole('form', { name: 'Adicionar valor a Cor' })
    await addValue.waitFor()
    // Preto: 3 in stock; Branco: 1 (the shopper buys it, so it sells out by the sale).
    for (const [nome, estoque] of [
      ['Preto', '3'],
      ['Branco', '1'],
    ] as const) {
      await addValue.getByLabel('Novo valor').fill(nome)
      await addValue.getByLabel('Estoque').fill(estoque)
      await addValue.getByRole('button', { name: 'Adicionar' }).click()
      await variations.locator('li', { hasText: nome }).first().waitFor()
      await expect.poll(() => addValue.getByLabel('Novo valor').inputValue()).toBe('')
    }
    await expect.poll(() => page.getByTestId('stock-section').getByTestId('stock-count').allInnerTexts()).toEqual(['3', '1'])

    await page
      .getByTestId('image-picker')
      .setInputFiles([
        await picture('frente.jpg', 'jpeg', '#d32f2f'),
        await picture('lado.png', 'png', '#388e3c'),
        await picture('verso.webp', 'webp', '#1976d2'),
      ])
    await toast(page, '3 imagens enviadas.').waitFor({ timeout: 30_000 })
    const items = page.getByTestId('product-image')
    await expect.poll(() => items.count()).toBe(3)
    // New images come in the order of the files; the second one is made the main one.
    const second = items.nth(1)
    const mainLink = decodeURIComponent((await second.locator('img').getAttribute('src'))!)
      .replace(/^\/_next\/img\//, '')
      .replace(/\?.*$/, '')
    expect(mainLink).toMatch(new RegExp(`^produtos/u/${productId}/[a-z0-9]+\\.png$`))
    await second.getByRole('button', { name: 'Tornar principal' }).click()
    await toast(page, 'Imagem principal escolhida.').waitFor()
    await expect.poll(() => items.first().locator('img').getAttribute('src')).toContain(mainLink)

    // 2. The storefront: the product page (both values, the main image), its category, a search.
    const shop = await openPage(browser, DESKTOP)
    const shopper = shop.page
    await shopper.goto(`/produto/${link}`)
    await expect.poll(() => shopper.getByRole('heading', { level: 1 }).textContent()).toBe(title)
    expect(await shopper.getByTestId('unit-price').getAttribute('data-valor')).toBe('299.9')
    expect(await shopper.getByTestId('compare-at-price').textContent()).toMatch(/349,90/)
    const picker = shopper.getByTestId('variation-picker')
    expect(await picker.getByRole('radio').allInnerTexts()).toEqual(['Preto', 'Branco'])
    expect(await shopper.getByTestId('magnifier').locator('img').first().getAttribute('src')).toContain(mainLink)
    const categoryPath = await shopper.getByRole('navigation', { name: 'Trilha de navegação' }).locator('a[href^="/categoria/"]').last().getAttribute('href')
    for (const listing of [`${categoryPath}?ordem=novidades`, `/busca/${encodeURIComponent(title)}`]) {
      const html = await (await shopper.request.get(listing)).text()
      expect(html, listing).toContain(`/produto/${link}`)
    }

    // 3. A new shopper buys one Branco: COMPRAR on the product page, then the checkout's calls (Pix).
    const buyer = await registerCustomer(shop.context.request, 'Compra')
    await hydrated(shopper, '#comprar')
    await picker.getByRole('radio', { name: 'Branco' }).click()
    await shopper.locator('#comprar').click()
    await shopper.getByTestId('in-cart').waitFor()
    const request = shop.context.request
    expect(
      (await post(request, '/_next/api/checkout/step/1/', { nome: 'Nova Compradora', email: buyer.email, cpf: buyer.cpf, celular: '(11) 9 8765-4321' })).status,
    ).toBe(200)
    // An address by CEP, as the address pages do (look-up, save), then chosen for the delivery.
    const lookup = await post(request, '/_next/api/consultar-cep/', { cep: '20040-020' })
    expect(lookup.body.estado).toBe('sucesso')
    const saved = {
      cod: lookup.body.cod,
      nome: 'Nova',
      sobrenome: 'Compradora',
      telefone: '(11) 9 8765-4321',
      bairro: '',
      rua: '',
      numero: '12',
      complemento: 'Sala 1',
    }
    expect((await post(request, '/_next/api/salvar-endereco/', saved)).body).toEqual({ estado: 'sucesso' })
    const book = (await (await request.get('/_next/api/lista-enderecos/')).json()) as { enderecos: Array<{ id: string }> }
    expect((await post(request, '/_next/api/checkout/endereco/', { id: book.enderecos[0].id })).status).toBe(200)
    expect((await post(request, '/_next/api/checkout/envio/', { opcao: 0 })).status).toBe(200)
    expect((await post(request, '/_next/api/checkout/pagamento/', { metodo: 'pix' })).status).toBe(200)
    const placed = await post(request, '/_next/api/checkout/finalizar/', {})
    expect(placed.status).toBe(200)
    const code = placed.body.pedido as string
    expect(code).toMatch(/^VT-\d{4}-\d{6}$/)

    await page.reload()
    await hydrated(page, 'form[aria-label="Dados do produto"]')
    const ledger = page.getByTestId('stock-ledger')
    await ledger.getByRole('link', { name: `Pedido ${code}` }).waitFor()
    expect(await page.getByTestId('stock-section').getByTestId('stock-count').allInnerTexts()).toEqual(['3', '0'])

    // 4. A new price. A product sold by its variations costs what its values cost (the lowest): the
    // price is changed on the value (the product form's price is not what the store sells it for).
    const pretoValue = variations.locator('ul > li').first() // while edited, its name is in an input
    await pretoValue.getByRole('button', { name: 'Editar' }).click()
    await pretoValue.getByLabel('Preço (R$)').fill('279,90')
    await pretoValue.getByRole('button', { name: 'Salvar' }).click()
    await toast(page, 'Valor salvo.').waitFor()
    const savedAt = Date.now()
    await expect
      .poll(
        async () => {
          const res = await request.get(`/produto/${link}`)
          return /data-testid="unit-price" data-valor="([\d.]+)"/.exec(await res.text())?.[1] ?? null
        },
        { timeout: 1_000, interval: 50 },
      )
      .toBe('279.9')
    console.log(`novo preço na página do produto ${Date.now() - savedAt} ms depois de salvar`)

    // 5. Preto to 0 as well: the product page says ESGOTADO.
    const preto = page.getByTestId('stock-section').getByRole('listitem').filter({ hasText: 'Cor: Preto' })
    await preto.getByLabel('Novo total').fill('0')
    await preto.getByRole('button', { name: 'Ajustar' }).click()
    await toast(page, 'Estoque ajustado para 0 unidades.').waitFor()
    await expect.poll(() => preto.getByTestId('stock-count').innerText()).toBe('0')
    await shopper.reload()
    expect(await shopper.getByTestId('unit-price').getAttribute('data-valor')).toBe('279.9')
    await expect.poll(() => shopper.getByText('Esgotado', { exact: true }).first().innerText()).toBe('ESGOTADO')
    expect(errors).toEqual([])
    expect(shop.errors).toEqual([])
    await shop.context.close()
    await page.context().close()
  }, 120_000)
})
