/**
 * `npm run bench -- --only promocoes`: what a coupon and two automatic promotions cost the shopper's
 * own answers (docs/decisions/0127-promotions.md) — listar-carrinho, the cart page with its lines and
 * checkout/resumo, each on 10-line carts — measured as pairs on one store: A, the carts with no
 * coupon and only the demo's promotion running (the store as it is), and B, the same lines with
 * VITRINE50 applied and two more promotions running on them (made by the demo Dono in
 * /admin/promocoes, switched on for B and off for A through the page's action). The pairs run
 * interleaved, A B A B…, so the machine's drift and the other load on it fall on both; each
 * scenario's B is reported against the mean of its A's with the spread of each.
 */
import { generateCPF } from '@brazilian-utils/brazilian-utils'
import { call, customer, must, prepareCheckout, type Shopper } from './orders'

type Add = { id: string; qtd: 1; variacao?: string }
type Measured = { reqPerSec: number; p50: number; p95: number; p99: number; errors: number }
type Load = (scenario: { name: string; kind: 'info'; paths: string[]; shoppers: string[]; connections?: number }, seconds: number) => Promise<Measured>

export type PromotionsOutcome = {
  rounds: number
  scenarios: Array<{ name: string; a: Measured[]; b: Measured[]; change: number; spreadA: number; spreadB: number }>
}

const DONO = { email: 'dono.demo@example.com', senha: 'Demo@2026' }
const COUPON = 'VITRINE50'
/** The checkout customers' password (the store refuses one that recalls the name, as 'Bancada2026' does). */
const PASSWORD = 'Girassol-Ponte-4829'

/**
 * A React Router data answer (turbo-stream's flat form, one line: values by index, objects as
 * `{"_k": v}` with k and v indexes, negative indexes for undefined and the like): decoded to plain values.
 */
function decodeData(text: string): unknown {
  const flat = JSON.parse(text.split('\n')[0]) as unknown[]
  const at = (i: number): unknown => {
    if (i < 0) return undefined
    const v = flat[i]
    if (Array.isArray(v)) return typeof v[0] === 'string' ? v : v.map((x) => at(x as number))
    if (v && typeof v === 'object') return Object.fromEntries(Object.entries(v).map(([k, x]) => [flat[Number(k.slice(1))], at(x as number)]))
    return v
  }
  return at(0)
}

/** The back office as the demo Dono, through its pages' data and actions. */
async function backOffice(base: string) {
  const res = await fetch(`${base}/admin/api/entrar`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', origin: base },
    body: JSON.stringify(DONO),
  })
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
  if (!res.ok || !cookie) throw new Error(`login do Dono: ${res.status} ${await res.text()}`)
  const headers = { cookie, origin: base }
  return {
    async page(path: string): Promise<Record<string, { data: unknown }>> {
      const r = await fetch(`${base}${path}.data`, { headers })
      if (!r.ok) throw new Error(`${path}: ${r.status}`)
      return decodeData(await r.text()) as Record<string, { data: unknown }>
    },
    async act(path: string, body: unknown): Promise<Record<string, unknown>> {
      const r = await fetch(`${base}${path}.data`, { method: 'POST', headers: { ...headers, 'content-type': 'application/json' }, body: JSON.stringify(body) })
      const answer = (decodeData(await r.text()) as { data: Record<string, unknown> }).data
      if (!r.ok || !answer?.ok) throw new Error(`${path}: ${r.status} ${JSON.stringify(answer)}`)
      return answer
    },
  }
}

/** Now in Brasília as the promotion form takes it ("2026-12-02T09:30"), a minute ago. */
function brasiliaMinuteAgo(): string {
  const t = new Date(Date.now() - 60_000 - 3 * 3_600_000)
  return t.toISOString().slice(0, 16)
}

const spread = (list: Measured[]) => {
  const rates = list.map((m) => m.reqPerSec)
  const mean = rates.reduce((a, b) => a + b, 0) / rates.length
  return Math.round(((Math.max(...rates) - Math.min(...rates)) / mean) * 1000) / 10
}
const mean = (list: Measured[]) => list.reduce((a, m) => a + m.reqPerSec, 0) / list.length

export async function benchPromotions(
  base: string,
  options: { adds: Add[]; cards: Array<{ hash: string; categoria: { titulo: string } }>; connections: number; seconds: number; rounds: number; load: Load },
): Promise<PromotionsOutcome> {
  const { adds, connections, seconds, load } = options
  const office = await backOffice(base)

  // Two promotions on the lines' categories (the first five lines', then the other five's), off for now.
  const choices = (
    (await office.page('/admin/promocoes/automaticas/nova'))['routes/admin/promocao-nova'].data as {
      choices: { categorias: Array<{ id: number; nome: string }> }
    }
  ).choices.categorias
  const categoryOf = (hash: string) => {
    const titulo = options.cards.find((c) => c.hash === hash)!.categoria.titulo
    return choices.find((c) => c.nome === titulo || c.nome.endsWith(` › ${titulo}`))!.id
  }
  const lines = adds.slice(0, 10)
  const made: number[] = []
  for (const [name, kind, value, part] of [
    ['Bancada: 10 % nas primeiras', 'percentual', '10', lines.slice(0, 5)],
    ['Bancada: R$ 20 nas outras', 'fixo', '20,00', lines.slice(5)],
  ] as const) {
    const promocao = {
      nome: name,
      tipo: kind,
      valor: value,
      minimoUnidades: '1',
      escopo: { produtos: [], categorias: [...new Set(part.map((l) => categoryOf(l.id)))], marcas: [], excluidos: [] },
      inicio: brasiliaMinuteAgo(),
      fim: '',
      ativo: false,
    }
    const answer = await office.act('/admin/promocoes/automaticas/nova', { intent: 'criar', promocao })
    made.push(Number(answer.id))
  }
  const switchPromotions = async (ativo: boolean) => {
    for (const id of made) {
      const page = (await office.page(`/admin/promocoes/automaticas/${id}`))['routes/admin/promocao'].data as { promocao: { form: Record<string, unknown> } }
      await office.act(`/admin/promocoes/automaticas/${id}`, { intent: 'salvar', promocao: { ...page.promocao.form, ativo } })
    }
    // The write's notification drops the kept promotions on the store; give it a moment.
    await new Promise((r) => setTimeout(r, 500))
  }

  try {
    // Visitors' carts (one session per connection) and logged-in customers at checkout, A's and B's.
    const visitors = async (coupon: boolean) => {
      const carts = await Promise.all(
        Array.from({ length: connections }, async () => {
          const shopper: Shopper = { cookie: '', email: '' }
          must('pesquisa', await call(base, shopper, '/_next/api/pesquisa?p=cabo'))
          for (const add of lines) must('carrinho/add', await call(base, shopper, '/_next/api/carrinho/add/', add))
          return shopper
        }),
      )
      // One at a time: each try is counted against the address before a known code gives it back.
      if (coupon) for (const shopper of carts) must('carrinho/cupom', await call(base, shopper, '/_next/api/carrinho/cupom/', { codigo: COUPON }))
      return carts.map((s) => s.cookie)
    }
    // Four customers each side, each logged in on three sessions (a cart is the customer's, checkout
    // is per session): 12 connections, as registrations and logins from one address are limited.
    const customers = async (first: number, coupon: boolean) => {
      const sessions: string[] = []
      for (let n = first; n < first + 4; n++) {
        const owner = await customer(base, n, PASSWORD)
        const list = must('listar-carrinho', await call(base, owner, '/_next/api/listar-carrinho/')) as { itens: Array<{ token: string }> }
        for (const line of list.itens) await call(base, owner, '/_next/api/carrinho/rmv/', { id: line.token })
        await call(base, owner, '/_next/api/carrinho/cupom/remover/', {})
        for (const add of lines) must('carrinho/add', await call(base, owner, '/_next/api/carrinho/add/', add))
        if (coupon) must('carrinho/cupom', await call(base, owner, '/_next/api/carrinho/cupom/', { codigo: COUPON }))
        for (let k = 0; k < 3; k++) {
          const session = k === 0 ? owner : await customer(base, n, PASSWORD)
          // The address once per customer (its book holds 20 at most); the other sessions pick it.
          const book = must('lista-enderecos', await call(base, session, '/_next/api/lista-enderecos/')) as { enderecos?: Array<{ id: string }> }
          if (!book.enderecos?.length) await prepareCheckout(base, session, n)
          else {
            must(
              'checkout/step/1',
              await call(base, session, '/_next/api/checkout/step/1/', {
                nome: 'Cliente Bancada',
                email: session.email,
                cpf: generateCPF(),
                celular: '(11) 9 8765-4321',
              }),
            )
            must('checkout/endereco', await call(base, session, '/_next/api/checkout/endereco/', { id: String(book.enderecos[0].id) }))
          }
          must('checkout/envio', await call(base, session, '/_next/api/checkout/envio/', { opcao: 0 }))
          must('checkout/pagamento', await call(base, session, '/_next/api/checkout/pagamento/', { metodo: 'pix' }))
          sessions.push(session.cookie)
        }
      }
      return sessions
    }
    const groups = {
      a: { carts: await visitors(false), checkout: await customers(301, false) },
      b: { carts: await visitors(true), checkout: await customers(311, true) },
    }

    // What each side answers: B has the coupon applied and three promotions' lines; A neither.
    const check = async (side: 'a' | 'b') => {
      const cart = must('listar-carrinho', await call(base, { cookie: groups[side].carts[0], email: '' }, '/_next/api/listar-carrinho/')) as {
        cupom?: { aplicado: boolean } | null
        descontos?: Array<{ tipo: string; nome: string }>
      }
      const resumo = must('checkout/resumo', await call(base, { cookie: groups[side].checkout[0], email: '' }, '/_next/api/checkout/resumo/')) as {
        descontos?: Array<{ tipo: string; nome: string }>
      }
      const promoted = (list?: Array<{ tipo: string; nome: string }>) =>
        (list ?? []).filter((d) => d.tipo === 'promocao' && d.nome.startsWith('Bancada')).length
      const ok =
        side === 'b'
          ? cart.cupom?.aplicado === true && promoted(cart.descontos) === 2 && promoted(resumo.descontos) === 2
          : !cart.cupom && promoted(cart.descontos) === 0 && promoted(resumo.descontos) === 0
      if (!ok) throw new Error(`lado ${side}: ${JSON.stringify({ cart, resumo })}`)
    }

    const scenarios = [
      { name: 'API listar-carrinho (10 linhas)', paths: ['/_next/api/listar-carrinho/'], who: 'carts' as const },
      { name: 'página do carrinho + suas 10 linhas', paths: ['/compras/carrinho', '/_next/api/listar-carrinho/'], who: 'carts' as const },
      { name: 'API checkout/resumo (10 linhas)', paths: ['/_next/api/checkout/resumo/'], who: 'checkout' as const },
    ]
    const results = scenarios.map((s) => ({ name: s.name, a: [] as Measured[], b: [] as Measured[] }))
    for (let round = 0; round < options.rounds; round++) {
      for (const side of ['a', 'b'] as const) {
        await switchPromotions(side === 'b')
        await check(side)
        for (const [i, s] of scenarios.entries()) {
          const shoppers = groups[side][s.who]
          const scenario = { name: `${s.name} [${side.toUpperCase()}]`, kind: 'info' as const, paths: s.paths, shoppers, connections: shoppers.length }
          await load(scenario, 2)
          const m = await load(scenario, seconds)
          results[i][side].push(m)
          console.log(`${scenario.name.padEnd(48)} ${String(m.reqPerSec).padStart(7)} req/s  p50 ${m.p50} ms  p99 ${m.p99} ms  erros ${m.errors}`)
        }
      }
    }
    return {
      rounds: options.rounds,
      scenarios: results.map((r) => ({
        ...r,
        change: Math.round((mean(r.b) / mean(r.a) - 1) * 1000) / 10,
        spreadA: spread(r.a),
        spreadB: spread(r.b),
      })),
    }
  } finally {
    // The bench's promotions end (the next run makes its own); the demo's stays as it was.
    for (const id of made) await office.act(`/admin/promocoes/automaticas/${id}`, { intent: 'encerrar' }).catch(() => {})
  }
}
