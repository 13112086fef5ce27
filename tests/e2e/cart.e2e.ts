import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage } from './browser'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Viewport = typeof DESKTOP
type Option = { name: string; hash: string; valor: number; qtd: number }
type Card = { hash: string; link_real: string; titulo: string; qtd: number; vari_pdt: Array<{ nome: string; data: Option[] }> }
type Line = { token: string; hash: string; titulo: string; quantidade: number; discountedPricePix: number; valor_total: number; variacao: Array<{ v3: string }> }

const api = async <T,>(path: string): Promise<T> => (await fetch(`${baseURL()}${path}`)).json() as Promise<T>

let cardsCache: Promise<Card[]> | null = null
/** The first page of every department (enough to find the products these tests need). */
function cards(): Promise<Card[]> {
  cardsCache ??= (async () => {
    const menu = await api<{ Categorias: Array<{ ndi: string }> }>('/_next/api/DataMenu/')
    const pages = await Promise.all(menu.Categorias.map((c) => api<{ data: Card[] }>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}`)))
    return pages.flatMap((p) => p.data)
  })()
  return cardsCache
}
const pick = async (what: string, test: (c: Card) => boolean, nth = 0): Promise<Card> => {
  const found = (await cards()).filter(test)[nth]
  if (!found) throw new Error(`the demo catalog has no ${what}`)
  return found
}
const plain = (c: Card) => c.vari_pdt.every((v) => v.data.length === 0)
/** A product without variations and a few pieces left: MaxLimite comes from the server. */
const lowStockPlain = () => pick('low-stock product without variations', (c) => plain(c) && c.qtd >= 3 && c.qtd < 8)
const plentyPlain = (nth = 0) => pick('product without variations in stock', (c) => plain(c) && c.qtd >= 10, nth)
/** A product with two options of at least 3 pieces each. */
const twoOptions = () => pick('product with two options in stock', (c) => (c.vari_pdt[0]?.data.filter((o) => o.qtd >= 3).length ?? 0) >= 2)

const brl = new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' })
const money = (n: number) => brl.format(n).replace(/\s/g, ' ')
const text = async (page: Page, testId: string) => ((await page.getByTestId(testId).textContent()) ?? '').replace(/\s/g, ' ')
const cents = (n: number) => Math.round(n * 100)

const toast = (page: Page, message: string) => page.locator('.Toastify').getByText(message, { exact: true })
const badge = (page: Page) => page.getByTestId('cart-badge').filter({ visible: true })
const panel = (page: Page) => page.getByRole('dialog', { name: 'Meu carrinho' })

/** The visitor's cart and DataMenu count, asked with the page's own cookies. */
async function serverCart(context: BrowserContext): Promise<{ itens: Line[]; ItensCar: number }> {
  const list = (await (await context.request.get('/_next/api/listar-carrinho/')).json()) as { itens: Line[] }
  const menu = (await (await context.request.get('/_next/api/DataMenu/')).json()) as { ItensCar: number }
  return { itens: list.itens, ItensCar: menu.ItensCar }
}

async function addThroughApi(context: BrowserContext, body: { id: string; qtd: number; variacao?: string }) {
  const res = await context.request.post('/_next/api/carrinho/add/', { data: body })
  expect(res.status()).toBe(200)
}

async function openPanel(page: Page) {
  await hydrated(page, 'button[aria-haspopup="dialog"]')
  await page.getByRole('button', { name: /^Meu Carrinho/ }).filter({ visible: true }).click()
  await panel(page).waitFor()
}

describe.each([
  ['desktop', DESKTOP],
  ['phone', PHONE],
] as Array<[string, Viewport]>)('cart at %s', (name, viewport) => {
  const isPhone = name === 'phone'

  it('both empty states', async () => {
    const { page, context, errors } = await openPage(browser, viewport)
    const res = await page.goto('/compras/carrinho')
    expect(res?.status()).toBe(200)
    expect(res?.headers()['cache-control']).toBe('private, no-store')
    await page.getByRole('heading', { level: 1, name: 'Oops! O seu carrinho esta vázio!' }).waitFor()
    expect(await page.getByRole('main').getByRole('link', { name: 'Voltar para a página inicial' }).getAttribute('href')).toBe('/')
    await openPanel(page)
    await panel(page).getByText('Seu carrinho está vazio.', { exact: true }).waitFor()
    // Closes on the overlay (a click outside the panel).
    await page.mouse.click(10, 400)
    await expect.poll(() => panel(page).isVisible()).toBe(false)
    expect(errors).toEqual([])
    await context.close()
  })

  it('panel: loading, then the three load-error texts', async () => {
    const { page, context } = await openPage(browser, viewport)
    await page.goto('/')
    let release = () => {}
    const answers = [
      { status: 500, contentType: 'application/json', body: JSON.stringify({ estado: 'erro', msg: 'x', message: 'Banco fora do ar' }) },
      { status: 503, contentType: 'application/json', body: JSON.stringify({ estado: 'erro' }) },
      { status: 502, contentType: 'text/html', body: '<h1>Bad gateway</h1>' },
    ]
    let next = 0
    await page.route('**/_next/api/listar-carrinho/', async (route) => {
      const answer = answers[next++]
      await new Promise<void>((r) => (release = r))
      await route.fulfill(answer)
    })
    const expected = [
      'Não foi possível carregar o carrinho: HTTP error! status: 500 - Banco fora do ar',
      'Não foi possível carregar o carrinho: HTTP error! status: 503 - Erro ao carregar carrinho',
      'Não foi possível carregar o carrinho: HTTP error! status: 502 - Erro desconhecido',
    ]
    for (const message of expected) {
      // Every opening lists the cart again.
      await openPanel(page)
      await panel(page).getByText('Carregando itens do carrinho...', { exact: true }).waitFor()
      await expect.poll(() => next).toBeGreaterThan(expected.indexOf(message))
      release()
      await panel(page).getByText(message, { exact: true }).waitFor()
      await panel(page).getByRole('button', { name: 'Fechar carrinho' }).click()
      await expect.poll(() => panel(page).isVisible()).toBe(false)
    }
    await context.close()
  })

  it('COMPRAR from the product page, badge, panel totals, shipping, quantity and removal', async () => {
    const simple = await plentyPlain(isPhone ? 1 : 0)
    const varied = await twoOptions()
    const { page, context, errors } = await openPage(browser, viewport)

    // A product without variations.
    await page.goto(`/produto/${simple.link_real}`)
    await hydrated(page, '#comprar')
    await badge(page).waitFor()
    await page.locator('#comprar').click()
    await toast(page, 'Produto adicionado ao carrinho').waitFor()
    await page.getByTestId('in-cart').waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('1')
    // The cart toast closes by itself within 1.5–3 s.
    await toast(page, 'Produto adicionado ao carrinho').waitFor({ state: 'detached', timeout: 5_000 })

    // One with variations: an option and 2 pieces.
    await page.goto(`/produto/${varied.link_real}`)
    await hydrated(page, '#comprar')
    const option = varied.vari_pdt[0].data.findIndex((o) => o.qtd >= 3)
    await page.getByTestId('variation-picker').getByRole('radio').nth(option).click()
    await page.getByRole('button', { name: 'Aumentar quantidade', exact: true }).click()
    await expect.poll(() => page.getByLabel('Quantidade', { exact: true }).inputValue()).toBe('2')
    await page.locator('#comprar').click()
    await toast(page, 'Produto adicionado ao carrinho').waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('3')
    let server = await serverCart(context)
    expect(server.ItensCar).toBe(3)
    expect(server.itens.map((l) => [l.hash, l.quantidade])).toEqual([
      [simple.hash, 1],
      [varied.hash, 2],
    ])

    // The panel: the lines, subtotal Σ discountedPricePix × quantidade.
    await openPanel(page)
    await expect.poll(() => panel(page).getByTestId('painel-item').count()).toBe(2)
    const subtotal = server.itens.reduce((n, l) => n + cents(l.discountedPricePix) * l.quantidade, 0) / 100
    expect(await text(page, 'painel-subtotal')).toBe(money(subtotal))
    expect(await text(page, 'painel-total')).toBe(money(subtotal))

    // Shipping by CEP.
    const calcular = panel(page).getByRole('button', { name: 'CALCULAR' })
    await calcular.click()
    await panel(page).getByText('Por favor, digite um CEP.', { exact: true }).waitFor()
    const cep = panel(page).getByLabel('Frete')
    await cep.fill('00000000')
    await calcular.click()
    await panel(page).getByText('Não foi possível calcular o frete: CEP inexistente.', { exact: true }).waitFor()
    // The store's rate and delivery days for the CEP, as the server answers them.
    const estimate = (await (await context.request.post('/_next/api/frete/estimar/', { data: { cep: '01001000' } })).json()) as {
      valor: number
      prazo: number
      cidade: string
      uf: string
    }
    let releaseFrete: (() => void) | null = null
    await page.route('**/_next/api/frete/estimar/', async (route) => {
      await new Promise<void>((r) => (releaseFrete = r))
      await route.continue()
    })
    await cep.fill('01001000')
    expect(await cep.inputValue()).toBe('01.001-000')
    await calcular.click()
    await panel(page).getByRole('button', { name: 'CALCULANDO...' }).waitFor()
    await expect.poll(() => releaseFrete !== null).toBe(true)
    releaseFrete!()
    const days = `${estimate.prazo} ${estimate.prazo === 1 ? 'dia útil' : 'dias úteis'}`
    await expect
      .poll(() => panel(page).getByRole('status').filter({ hasText: 'Entrega em' }).textContent().then((t) => t?.replace(/\s/g, ' ')))
      .toBe(`Entrega em ${estimate.cidade}/${estimate.uf}: ${money(estimate.valor)}, em até ${days}`)
    expect(await text(page, 'painel-total')).toBe(money((cents(subtotal) + cents(estimate.valor)) / 100))
    const correios = panel(page).getByRole('link', { name: 'Não sei meu CEP' })
    expect(await correios.getAttribute('href')).toBe('https://buscacepinter.correios.com.br/app/endereco/index.php')
    expect(await correios.getAttribute('target')).toBe('_blank')
    expect(await panel(page).getByRole('link', { name: 'Ver mais produtos' }).getAttribute('href')).toBe('/products')

    // Quantity in the panel is saved on the server; the badge follows.
    await panel(page).getByRole('button', { name: `Aumentar quantidade de ${simple.titulo}` }).click()
    await expect.poll(() => badge(page).textContent()).toBe('4')
    server = await serverCart(context)
    expect(server.itens[0].quantidade).toBe(2)
    expect(server.ItensCar).toBe(4)

    // Removal too.
    await panel(page).getByRole('button', { name: `Remover ${simple.titulo}` }).click()
    await toast(page, 'Produto removido do carrinho').waitFor()
    await expect.poll(() => panel(page).getByTestId('painel-item').count()).toBe(1)
    await expect.poll(() => badge(page).textContent()).toBe('2')
    server = await serverCart(context)
    expect(server.itens.map((l) => l.hash)).toEqual([varied.hash])
    expect(server.ItensCar).toBe(2)
    // The page behind is the varied product's: still in the cart, still marked.
    expect(await page.getByTestId('in-cart').count()).toBe(1)

    // INICIAR COMPRA leads to checkout (the Checkout issue's: it may ask a visitor to log in first),
    // never to the not-found page.
    const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/compras/finalizar'))
    await panel(page).getByRole('link', { name: 'INICIAR COMPRA' }).click()
    await toCheckout
    await page.waitForURL((url) => !url.pathname.startsWith('/produto/'))
    await page.waitForLoadState('networkidle')
    expect(await page.getByText('Oops! página não encontra!').count()).toBe(0)
    expect(errors).toEqual([])
    await context.close()
  })

  it('cart page: quantity, MaxLimite, refusal rollback, variation and removal', async () => {
    const low = await lowStockPlain()
    const varied = await twoOptions()
    const [first, second] = varied.vari_pdt[0].data.filter((o) => o.qtd >= 3)
    const { page, context, errors } = await openPage(browser, viewport)
    await addThroughApi(context, { id: low.hash, qtd: 1 })
    await addThroughApi(context, { id: varied.hash, qtd: 1, variacao: first.hash })

    const res = await page.goto('/compras/carrinho')
    expect(res?.headers()['cache-control']).toBe('private, no-store')
    // Rendered on the server from this visitor's cart.
    expect(await res?.text()).toContain(`produtos/${low.hash}`)
    await page.getByRole('heading', { level: 1, name: 'Meu carrinho de compras' }).waitFor()
    await hydrated(page, '[data-testid="carrinho-item"] button')
    expect(await page.getByTestId('carrinho-item').count()).toBe(2)
    const lowLine = page.getByTestId('carrinho-item').filter({ hasText: low.titulo })
    const field = lowLine.getByLabel(`Quantidade de ${low.titulo}`, { exact: true })

    // +: saved, toast, totals.
    await lowLine.getByRole('button', { name: `Aumentar quantidade de ${low.titulo}` }).click()
    await toast(page, 'Quantidade atualizada').waitFor()
    await expect.poll(async () => (await serverCart(context)).itens[0].quantidade).toBe(2)
    const afterPlus = (await serverCart(context)).itens
    await expect.poll(() => text(page, 'carrinho-subtotal')).toBe(money(afterPlus.reduce((n, l) => n + cents(l.valor_total), 0) / 100))
    await expect.poll(() => badge(page).textContent()).toBe('3')

    // More than the stock: the server's warning, the field reset to the stock.
    await field.fill(String(low.qtd + 1))
    await field.press('Enter')
    await toast(page, low.qtd === 1 ? 'Só resta 1 unidade deste produto.' : `Só restam ${low.qtd} unidades deste produto.`).waitFor()
    await expect.poll(() => field.inputValue()).toBe(String(low.qtd))
    await expect.poll(async () => (await serverCart(context)).itens[0].quantidade).toBe(low.qtd)

    // A refused change shows at once, then goes back with the server's message.
    await page.route('**/_next/api/alterar-pedido/', (route) =>
      route.fulfill({ status: 409, contentType: 'application/json', body: JSON.stringify({ estado: 'erro', msg: 'Recusado no teste' }) }),
    )
    await lowLine.getByRole('button', { name: `Diminuir quantidade de ${low.titulo}` }).click()
    await toast(page, 'Recusado no teste').waitFor()
    await expect.poll(() => field.inputValue()).toBe(String(low.qtd))
    await page.unroute('**/_next/api/alterar-pedido/')

    // Variation.
    const variedLine = page.getByTestId('carrinho-item').filter({ hasText: varied.titulo })
    await variedLine.getByLabel(`Variação de ${varied.titulo}`).selectOption(second.hash)
    await toast(page, 'Variação atualizada!').waitFor()
    await expect.poll(async () => (await serverCart(context)).itens[1].variacao[0].v3).toBe(second.hash)
    await expect.poll(() => variedLine.getByTestId('item-unitario').textContent().then((t) => t?.replace(/\s/g, ' '))).toBe(money(second.valor))

    // Removal, down to the empty page.
    await lowLine.getByRole('button', { name: `Remover ${low.titulo}` }).click()
    await toast(page, 'Produto removido do carrinho').waitFor()
    await expect.poll(() => page.getByTestId('carrinho-item').count()).toBe(1)
    await variedLine.getByRole('button', { name: `Remover ${varied.titulo}` }).click()
    await page.getByRole('heading', { level: 1, name: 'Oops! O seu carrinho esta vázio!' }).waitFor()
    await expect.poll(() => badge(page).textContent()).toBe('0')
    const server = await serverCart(context)
    expect(server).toEqual({ itens: [], ItensCar: 0 })
    // The browser logs the refusal the test answered (409); nothing else.
    expect(errors.filter((e) => !/status of 409/.test(e))).toEqual([])
    await context.close()
  })

  it.runIf(isPhone)('phone buy-now adds and goes to /checkout', async () => {
    const simple = await plentyPlain(2)
    const { page, context, errors } = await openPage(browser, viewport)
    await page.goto(`/produto/${simple.link_real}`)
    await hydrated(page, '#comprar')
    const bar = page.getByTestId('mobile-buy-bar')
    // The bar shows while the main COMPRAR is off screen.
    await page.evaluate(() => window.scrollTo(0, document.getElementById('comprar')!.getBoundingClientRect().bottom + window.scrollY + 40))
    await expect.poll(() => bar.getAttribute('aria-hidden')).toBe('false')
    // Checkout itself is the Checkout issue's (it may send a visitor to log in first): the buy-now
    // adds the product, then asks for /checkout, which is never the not-found page.
    const toCheckout = page.waitForRequest((r) => new URL(r.url()).pathname.startsWith('/checkout'))
    await bar.getByRole('button', { name: 'COMPRAR AGORA' }).click()
    await toCheckout
    await page.waitForURL((url) => !url.pathname.startsWith('/produto/'))
    await page.waitForLoadState('networkidle')
    expect(await page.getByText('Oops! página não encontra!').count()).toBe(0)
    const server = await serverCart(context)
    expect(server.itens.map((l) => l.hash)).toEqual([simple.hash])
    expect(server.ItensCar).toBe(1)
    expect(errors).toEqual([])
    await context.close()
  })
})

describe('/products', () => {
  it("lists every active product, 50 a page, with the listings' sort", async () => {
    const { page, context } = await openPage(browser, DESKTOP)
    const res = await page.goto('/products?ordem=menor-preco')
    expect(res?.status()).toBe(200)
    await page.getByRole('heading', { level: 1, name: 'Todos os produtos' }).waitFor()
    expect(await page.locator('section[aria-labelledby="lista-produtos"] h3').count()).toBe(50)
    expect(await page.locator('main').getByText(/^\d[\d.]* produtos$/).first().isVisible()).toBe(true)
    expect(await page.locator('main a[href*="pagina=2"]').count()).toBeGreaterThan(0)
    await context.close()
  })
})
