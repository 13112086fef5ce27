import type { Browser, BrowserContext, Page } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { DESKTOP, PHONE, baseURL, hydrated, launchBrowser, openPage } from './browser'
import { DEMO, loginDemo, post } from './shopper'

let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

type Viewport = typeof DESKTOP
type Option = { name: string; hash: string; valor: number; qtd: number }
type Card = { hash: string; link_real: string; titulo: string; valor: number; qtd: number; atacado: unknown; vari_pdt: Array<{ nome: string; data: Option[] }> }
type Line = {
  token: string
  hash: string
  titulo: string
  quantidade: number
  discountedPricePix: number
  valor_total: number
  variacao: Array<{ v3: string }>
  disponivel: boolean
  max: number
}

const api = async <T>(path: string): Promise<T> => (await fetch(`${baseURL()}${path}`)).json() as Promise<T>

/** The first page of every department (enough to find the products these tests need), as the store has it now. */
async function freshCards(): Promise<Card[]> {
  const menu = await api<{ Categorias: Array<{ ndi: string }> }>('/_next/api/DataMenu/')
  const pages = await Promise.all(menu.Categorias.map((c) => api<{ data: Card[] }>(`/_next/api/itens-categoria?id=${encodeURIComponent(c.ndi)}`)))
  return pages.flatMap((p) => p.data)
}
let cardsCache: Promise<Card[]> | null = null
/** The cards as first read: the tests below pick the same products at both widths. */
function cards(): Promise<Card[]> {
  cardsCache ??= freshCards()
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

/** With E2E_SHOTS set, a screenshot of what the shopper sees there (for looking at what we build). */
async function shot(page: Page, file: string) {
  if (!process.env.E2E_SHOTS) return
  // Once the panel's slide-in and the like have ended (endless ones, a skeleton's pulse, never do).
  await page.waitForFunction(() => document.getAnimations().every((a) => a.playState !== 'running' || a.effect?.getComputedTiming().iterations === Infinity))
  await page.screenshot({ path: `${process.env.E2E_SHOTS}/${file}.png` })
}

async function openPanel(page: Page) {
  await hydrated(page, 'button[aria-haspopup="dialog"]')
  await page
    .getByRole('button', { name: /^Meu Carrinho/ })
    .filter({ visible: true })
    .click()
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
    // The same page for everyone (decision 0115); the empty state comes from listar-carrinho.
    expect(res?.headers()['cache-control']).toBeUndefined()
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

  it('without JavaScript: the page links to its lines rendered on the server', async () => {
    const card = await plentyPlain(3)
    const context = await browser.newContext({ viewport, baseURL: baseURL(), locale: 'pt-BR', javaScriptEnabled: false })
    context.setDefaultTimeout(15_000)
    await addThroughApi(context, { id: card.hash, qtd: 1 })
    const page = await context.newPage()
    await page.goto('/compras/carrinho')
    await page.getByRole('link', { name: 'Ver os itens do carrinho' }).waitFor()
    expect(await page.content()).toContain('O seu navegador está sem JavaScript.')
    const [res] = await Promise.all([
      page.waitForResponse((r) => r.url().includes('sem-js=1')),
      page.getByRole('link', { name: 'Ver os itens do carrinho' }).click(),
    ])
    // One visitor's lines: never kept, never shared.
    expect(res.headers()['cache-control']).toBe('private, no-store')
    expect(await res.text()).toContain(`produtos/${card.hash}`)
    await page.getByTestId('carrinho-item').filter({ hasText: card.titulo }).waitFor()
    expect(await page.getByTestId('carrinho-item').count()).toBe(1)
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
    // The store's rate and delivery days for the CEP, as the server answers them for this cart ('Grátis' from the threshold).
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
      .poll(() =>
        panel(page)
          .getByRole('status')
          .filter({ hasText: 'Entrega em' })
          .textContent()
          .then((t) => t?.replace(/\s/g, ' ')),
      )
      .toBe(`Entrega em ${estimate.cidade}/${estimate.uf}: ${estimate.valor === 0 ? 'Grátis' : money(estimate.valor)}, em até ${days}`)
    // Answered: later estimates (the cart changes below) go straight to the store.
    await page.unroute('**/_next/api/frete/estimar/')
    expect(await text(page, 'painel-total')).toBe(money((cents(subtotal) + cents(estimate.valor)) / 100))
    const correios = panel(page).getByRole('link', { name: 'Não sei meu CEP' })
    expect(await correios.getAttribute('href')).toBe('https://buscacepinter.correios.com.br/app/endereco/index.php')
    expect(await correios.getAttribute('target')).toBe('_blank')
    expect(await panel(page).getByRole('link', { name: 'Ver mais produtos' }).getAttribute('href')).toBe('/products')

    // Quantity in the panel is saved on the server; the badge follows.
    await panel(page)
      .getByRole('button', { name: `Aumentar quantidade de ${simple.titulo}` })
      .click()
    await expect.poll(() => badge(page).textContent()).toBe('4')
    server = await serverCart(context)
    expect(server.itens[0].quantidade).toBe(2)
    expect(server.ItensCar).toBe(4)

    // Removal too.
    await panel(page)
      .getByRole('button', { name: `Remover ${simple.titulo}` })
      .click()
    await toast(page, 'Produto removido do carrinho').waitFor()
    await expect.poll(() => panel(page).getByTestId('painel-item').count()).toBe(1)
    await expect.poll(() => badge(page).textContent()).toBe('2')
    server = await serverCart(context)
    expect(server.itens.map((l) => l.hash)).toEqual([varied.hash])
    expect(server.ItensCar).toBe(2)
    // The page behind is the varied product's: still in the cart, still marked.
    expect(await page.getByTestId('in-cart').count()).toBe(1)

    // INICIAR COMPRA leads to checkout (which may ask a visitor to log in first), never to the
    // not-found page.
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

    // The page is the same for everyone (decision 0115): its lines come from listar-carrinho, asked once.
    const asked: string[] = []
    page.on('request', (r) => {
      if (r.url().includes('/_next/api/listar-carrinho/')) asked.push(r.url())
    })
    const res = await page.goto('/compras/carrinho')
    expect(res?.headers()['cache-control']).toBeUndefined()
    expect(await res?.text()).not.toContain(`produtos/${low.hash}`)
    await page.getByRole('heading', { level: 1, name: 'Meu carrinho de compras' }).waitFor()
    await hydrated(page, '[data-testid="carrinho-item"] button')
    expect(await page.getByTestId('carrinho-item').count()).toBe(2)
    // The page's preload and useCart's listing are one request.
    expect(asked).toHaveLength(1)
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
    await expect
      .poll(() =>
        variedLine
          .getByTestId('item-unitario')
          .textContent()
          .then((t) => t?.replace(/\s/g, ' ')),
      )
      .toBe(money(second.valor))

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

  it('lines another shopper bought out: marked in the panel and the page, out of the totals, checkout held until fixed', async () => {
    // Products no other test here picks: this one takes their stock through a real order.
    const taken = new Set([(await lowStockPlain()).hash, ...(await Promise.all([0, 1, 2].map((n) => plentyPlain(n)))).map((c) => c.hash)])
    const now = (await freshCards()).filter((c) => plain(c) && !taken.has(c.hash))
    const short = now.find((c) => c.qtd >= 3 && c.qtd <= 8 && c.valor >= 299)
    const soldOut = now.find((c) => c.qtd >= 1 && c.qtd <= 8 && c !== short)
    // Cheap, without wholesale, enough stock to cross the free-shipping threshold (R$ 299,00 in config/store.json).
    const cheap = now.find((c) => c.valor < 150 && c.atacado === 0 && c.qtd > Math.ceil(29_900 / cents(c.valor)))
    if (!short || !soldOut || !cheap) throw new Error('the demo catalog has no products for this test')
    const { page, context, errors } = await openPage(browser, viewport)
    await addThroughApi(context, { id: short.hash, qtd: 2 })
    await addThroughApi(context, { id: soldOut.hash, qtd: 1 })
    await addThroughApi(context, { id: cheap.hash, qtd: 1 })

    // The demo customer buys all of one and all but one of the other.
    const other = await browser.newContext({ baseURL: baseURL() })
    await loginDemo(other.request)
    for (const [card, qtd] of [
      [soldOut, soldOut.qtd],
      [short, short.qtd - 1],
    ] as const) {
      expect((await post(other.request, '/_next/api/carrinho/add/', { id: card.hash, qtd })).status).toBe(200)
    }
    expect(
      (
        await post(other.request, '/_next/api/checkout/step/1/', {
          nome: 'Cliente Demo',
          email: DEMO.email,
          cpf: '390.533.447-05',
          celular: '(11) 9 8765-4321',
        })
      ).status,
    ).toBe(200)
    expect((await post(other.request, '/_next/api/checkout/envio/', { opcao: 0 })).status).toBe(200)
    expect((await post(other.request, '/_next/api/checkout/pagamento/', { metodo: 'pix' })).status).toBe(200)
    expect((await post(other.request, '/_next/api/checkout/finalizar/', {})).status).toBe(200)
    await other.close()

    // listar-carrinho marks both; the quantities are the shopper's still.
    const listed = (await serverCart(context)).itens
    expect(listed.map((l) => [l.hash, l.quantidade, l.disponivel, l.max])).toEqual([
      [short.hash, 2, false, 1],
      [soldOut.hash, 1, false, 0],
      [cheap.hash, 1, true, cheap.qtd],
    ])
    const cheapLine = listed[2]

    // The panel.
    await page.goto('/')
    await openPanel(page)
    await expect.poll(() => panel(page).getByTestId('painel-item').count()).toBe(3)
    const notice = (card: Card) => panel(page).getByTestId('painel-item').filter({ hasText: card.titulo }).getByTestId('item-aviso')
    await expect.poll(() => notice(short).textContent()).toMatch(/^Só resta 1 unidade\. Diminua a quantidade para continuar\./)
    await expect.poll(() => notice(soldOut).textContent()).toBe('Produto indisponível. Remova-o do carrinho para continuar.')
    // Only the cheap line counts, and shipping is not free for it alone (the two others would make it).
    expect(await text(page, 'painel-subtotal')).toBe(money(cheapLine.discountedPricePix))
    await panel(page).getByText('Há itens indisponíveis no carrinho. Remova-os ou diminua a quantidade para continuar.', { exact: true }).waitFor()
    expect(await panel(page).getByRole('button', { name: 'INICIAR COMPRA' }).isDisabled()).toBe(true)
    expect(await panel(page).getByRole('link', { name: 'INICIAR COMPRA' }).count()).toBe(0)
    await shot(page, `painel-indisponivel-${name}`)
    const cep = panel(page).getByLabel('Frete')
    await cep.fill('01001000')
    await panel(page).getByRole('button', { name: 'CALCULAR' }).click()
    const delivery = () =>
      panel(page)
        .getByRole('status')
        .filter({ hasText: 'Entrega em' })
        .textContent()
        .then((t) => t?.replace(/\s/g, ' '))
    await expect.poll(delivery).toBe('Entrega em São Paulo/SP: R$ 25,00, em até 4 dias úteis')
    expect(await text(page, 'painel-total')).toBe(money((cents(cheapLine.discountedPricePix) + 2500) / 100))
    // Enough of the cheap one reaches the threshold: the estimate is asked again and says 'Grátis', as checkout does.
    const enough = Math.ceil(29_900 / cents(cheap.valor))
    const cheapField = panel(page).getByLabel(`Quantidade de ${cheap.titulo}`, { exact: true })
    await cheapField.fill(String(enough))
    await cheapField.press('Enter')
    await expect.poll(delivery).toBe('Entrega em São Paulo/SP: Grátis, em até 4 dias úteis')
    await expect.poll(() => text(page, 'painel-total')).toBe(money((cents(cheapLine.discountedPricePix) * enough) / 100))
    await panel(page).getByRole('button', { name: 'Fechar carrinho' }).click()

    // The cart page says the same, and the shopper fixes both lines there.
    await page.goto('/compras/carrinho')
    await hydrated(page, '[data-testid="carrinho-item"] button')
    const pageLine = (card: Card) => page.getByTestId('carrinho-item').filter({ hasText: card.titulo })
    await expect.poll(() => pageLine(soldOut).getByTestId('item-aviso').textContent()).toBe('Produto indisponível. Remova-o do carrinho para continuar.')
    expect(
      await pageLine(soldOut)
        .getByRole('button', { name: `Aumentar quantidade de ${soldOut.titulo}` })
        .isDisabled(),
    ).toBe(true)
    expect(await text(page, 'carrinho-subtotal')).toBe(money((cents(cheap.valor) * enough) / 100))
    expect(await page.getByRole('button', { name: 'Finalizar compra' }).isDisabled()).toBe(true)
    await shot(page, `carrinho-indisponivel-${name}`)
    await pageLine(short).getByRole('button', { name: 'Ficar com 1' }).click()
    await toast(page, 'Quantidade atualizada').waitFor()
    await expect.poll(() => pageLine(short).getByTestId('item-aviso').count()).toBe(0)
    expect(await page.getByRole('button', { name: 'Finalizar compra' }).isDisabled()).toBe(true)
    await pageLine(soldOut)
      .getByRole('button', { name: `Remover ${soldOut.titulo}` })
      .click()
    await toast(page, 'Produto removido do carrinho').waitFor()
    await expect.poll(() => page.getByRole('link', { name: 'Finalizar compra' }).getAttribute('href')).toBe('/compras/finalizar')
    const fixed = (await serverCart(context)).itens
    expect(fixed.map((l) => [l.hash, l.quantidade, l.disponivel])).toEqual([
      [short.hash, 1, true],
      [cheap.hash, enough, true],
    ])
    await expect.poll(() => text(page, 'carrinho-subtotal')).toBe(money(fixed.reduce((n, l) => n + cents(l.valor_total), 0) / 100))
    expect(errors).toEqual([])
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
    // Checkout itself is tested elsewhere (it may send a visitor to log in first): the buy-now adds
    // the product, then asks for /checkout, which is never the not-found page.
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
    expect(
      await page
        .locator('main')
        .getByText(/^\d[\d.]* produtos$/)
        .first()
        .isVisible(),
    ).toBe(true)
    expect(await page.locator('main a[href*="pagina=2"]').count()).toBeGreaterThan(0)
    await context.close()
  })
})
