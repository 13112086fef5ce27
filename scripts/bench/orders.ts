/**
 * The order-placement scenario of `npm run bench`: N shoppers at once, each a customer
 * logged in through the store's own calls, buying one piece at a time in a closed loop — put a
 * product in the cart, choose shipping and Pix, place the order — until each has placed its share.
 * Only `checkout/finalizar` is timed (p50/p95/p99); orders/s counts placed orders over the whole
 * run, the shoppers' other calls included. The products are the in-stock cards of a few
 * departments, the scarcest ones first, so some sell out while shoppers race for them: after the
 * run every product's stock must be what it was less what the orders took, never below zero.
 */
import { generateCPF } from '@brazilian-utils/brazilian-utils'
import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'

export type OrdersOutcome = {
  name: string
  ordersPerSec: number
  placed: number
  /** Placements refused because the product sold out meanwhile (the shopper moves on). */
  soldOut: number
  /** Any other non-success answer of finalizar, or of the calls around it. */
  errors: number
  p50: number
  p95: number
  p99: number
  /** Products whose stock after the run is not (before − ordered), or is below zero. */
  oversold: number
  products: number
}

type Card = { hash: string; link_real: string; qtd: number; vari_pdt: unknown[] }
export type Shopper = { cookie: string; email: string }

// Not like the name or e-mail: the registration's password policy refuses those.
const PASSWORD = 'Fila#Rapida-8429'
/** Surnames take letters only: the shopper's number spelled as one. */
const NAMES = [
  'Alfa',
  'Bravo',
  'Charlie',
  'Delta',
  'Eco',
  'Foxtrot',
  'Golfe',
  'Hotel',
  'India',
  'Juliete',
  'Quilo',
  'Lima',
  'Maique',
  'Novembro',
  'Oscar',
  'Papa',
]
const surname = (n: number) => `Bancada ${NAMES[(n - 1) % NAMES.length]}`
const JSON_HEADERS = { 'content-type': 'application/json' }

/** A call as the browser makes it, with the shopper's session cookie (kept up to date). */
export async function call(base: string, shopper: Shopper | null, path: string, body?: unknown): Promise<{ status: number; json: Record<string, unknown> }> {
  const res = await fetch(base + path, {
    method: body === undefined ? 'GET' : 'POST',
    headers: { ...(body === undefined ? {} : JSON_HEADERS), ...(shopper?.cookie ? { cookie: shopper.cookie } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  })
  const set = res.headers.get('set-cookie')
  if (shopper && set && /^vt_sid=[^;]+/.test(set)) shopper.cookie = set.split(';')[0]
  const text = await res.text()
  let json: Record<string, unknown> = {}
  try {
    json = JSON.parse(text) as Record<string, unknown>
  } catch {
    json = { raw: text }
  }
  return { status: res.status, json }
}

export function must(what: string, answer: { status: number; json: Record<string, unknown> }): Record<string, unknown> {
  // The account limits (decision 0021) hold for the bench too: after failed runs, wait or use a new data folder.
  const hint = answer.status === 429 ? ' (limite de tentativas da conta: aguarde 15 min a 1 h ou use outra --data-dir)' : ''
  if (answer.status >= 300) throw new Error(`${what}: ${answer.status} ${JSON.stringify(answer.json)}${hint}`)
  return answer.json
}

/** Logs the bench customer in; registers it first (its captcha solved as the widget does) when it does not exist yet. */
export async function customer(base: string, n: number, password = PASSWORD): Promise<Shopper> {
  const shopper: Shopper = { cookie: '', email: `bancada-${n}@vitrine.test` }
  const permission = must('permission', await call(base, shopper, '/_auth/permission/', {}))
  const step1 = await call(base, shopper, '/_auth/step/1/', { u: shopper.email, Acess: permission.TokenAcess })
  if (step1.status < 300 && step1.json.TokenPass) {
    const step2 = must('login', await call(base, shopper, '/_auth/step/2/', { s: password, Acess: step1.json.TokenPass }))
    if (step2.status !== 'success') throw new Error(`login de ${shopper.email}: ${JSON.stringify(step2)}`)
    return shopper
  }
  const challenge = must('captcha', await call(base, shopper, '/_auth/captcha/')) as unknown as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
  must(
    `cadastro de ${shopper.email}`,
    await call(base, shopper, '/_auth/cadastro/', {
      nome: 'Cliente',
      sobrenome: surname(n),
      documento: generateCPF(),
      email: shopper.email,
      telefone: '(11) 9 8765-4321',
      senha: password,
      confirmacao: password,
      termos: true,
      altcha,
    }),
  )
  return shopper
}

/** Identification, a São Paulo address, 'Padrão' and Pix: the steps a returning customer keeps. */
export async function prepareCheckout(base: string, shopper: Shopper, n: number): Promise<void> {
  must(
    'checkout/step/1',
    await call(base, shopper, '/_next/api/checkout/step/1/', {
      nome: `Cliente ${surname(n)}`,
      email: shopper.email,
      cpf: generateCPF(),
      celular: '(11) 9 8765-4321',
    }),
  )
  must(
    'checkout/step/2',
    await call(base, shopper, '/_next/api/checkout/step/2/', {
      cep: '01310-200',
      logradouro: 'Avenida Paulista',
      numero: String(1000 + n),
      bairro: 'Bela Vista',
      destinatario: `Cliente ${surname(n)}`,
      complemento: '',
    }),
  )
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return Math.round(sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] * 10) / 10
}

/** Stock of each product as its page's call answers it (the sum of the options' when it has them). */
async function stockOf(base: string, link: string): Promise<number> {
  const answer = must(`detalhe-produto ${link}`, await call(base, null, `/_next/api/detalhe-produto?id=${encodeURIComponent(link)}`))
  // [detail, similar cards]
  return (answer as unknown as [{ qtd: number }])[0].qtd
}

export async function benchOrders(base: string, options: { shoppers: number; ordersEach: number; label: string }): Promise<OrdersOutcome> {
  const shoppers = await Promise.all(Array.from({ length: options.shoppers }, (_, i) => customer(base, i + 1)))
  for (const [i, s] of shoppers.entries()) await prepareCheckout(base, s, i + 1)

  // In-stock products without variations from a few departments, the scarcest first: 10 products
  // with the least stock (shoppers race for them) and 40 with more.
  const menu = (await (await fetch(`${base}/_next/api/DataMenu/`)).json()) as { Categorias: Array<{ ndi: string }> }
  const cards: Card[] = []
  for (const c of menu.Categorias.slice(0, 6)) {
    const page = (await (await fetch(`${base}/_next/api/itens-categoria?id=${c.ndi}&ordem=novidades`)).json()) as { data: Card[] }
    cards.push(...page.data.filter((p) => p.qtd > 0 && p.vari_pdt.length === 0))
  }
  const unique = [...new Map(cards.map((c) => [c.hash, c])).values()].sort((a, b) => a.qtd - b.qtd)
  const pool = [...unique.slice(0, 10), ...unique.slice(-40)]
  const before = new Map<string, number>()
  for (const p of pool) before.set(p.link_real, await stockOf(base, p.link_real))
  const ordered = new Map<string, number>()
  /** Each shopper's orders, cancelled by that shopper once the stock is checked. */
  const codes = shoppers.map((): string[] => [])

  const latencies: number[] = []
  let placed = 0
  let soldOut = 0
  let errors = 0
  const started = performance.now()
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      for (let k = 0; k < options.ordersEach; k++) {
        const product = pool[(i * 7 + k * 13) % pool.length]
        const added = await call(base, shopper, '/_next/api/carrinho/add/', { id: product.hash, qtd: 1 })
        if (added.status === 409 || added.json.estado === 'erro') {
          soldOut++
          continue
        }
        if (added.status >= 300) {
          errors++
          continue
        }
        const envio = await call(base, shopper, '/_next/api/checkout/envio/', { opcao: 0 })
        const pagamento = await call(base, shopper, '/_next/api/checkout/pagamento/', { metodo: 'pix' })
        if (envio.status >= 300 || pagamento.status >= 300) {
          errors++
          continue
        }
        const t = performance.now()
        const answer = await call(base, shopper, '/_next/api/checkout/finalizar/', {})
        latencies.push(performance.now() - t)
        if (answer.status === 200 && answer.json.estado === 'sucesso') {
          placed++
          codes[i].push(String(answer.json.pedido))
          ordered.set(product.link_real, (ordered.get(product.link_real) ?? 0) + 1)
        } else if (answer.status === 409) {
          // Sold out between the add and the placement: the shopper empties the cart and goes on.
          soldOut++
          const list = must('listar-carrinho', await call(base, shopper, '/_next/api/listar-carrinho/')) as { itens: Array<{ token: string }> }
          for (const line of list.itens) await call(base, shopper, '/_next/api/carrinho/rmv/', { id: line.token })
        } else errors++
      }
    }),
  )
  const seconds = (performance.now() - started) / 1000

  let oversold = 0
  for (const p of pool) {
    const after = await stockOf(base, p.link_real)
    const expected = before.get(p.link_real)! - (ordered.get(p.link_real) ?? 0)
    if (after !== expected || after < 0) {
      oversold++
      console.warn(`  estoque de ${p.link_real}: ${after}, esperado ${expected}`)
    }
  }
  // The orders are the bench's own: left unpaid, the expiry job would cancel them 30 minutes later,
  // 50 a minute, each a stock change that drops the catalog's kept answers, in the middle of the
  // next run's measurements on the same data folder. Each shopper cancels its own instead, as the
  // store's account page does.
  let notCancelled = 0
  await Promise.all(
    shoppers.map(async (shopper, i) => {
      for (const code of codes[i]) {
        const cancelled = await call(base, shopper, `/_next/api/pedidos/${code}/cancelar/`, {})
        if (cancelled.status !== 200 || cancelled.json.estado !== 'sucesso') notCancelled++
      }
    }),
  )
  if (notCancelled) console.warn(`  ${notCancelled} pedidos do bench não foram cancelados (o job de prazo os cancela em 30 min)`)
  latencies.sort((a, b) => a - b)
  return {
    name: `pedidos: finalizar com ${options.shoppers} compradores (${options.label})`,
    ordersPerSec: Math.round((placed / seconds) * 10) / 10,
    placed,
    soldOut,
    errors,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    oversold,
    products: pool.length,
  }
}
