/**
 * `npm run bench [-- --size 100000 --duration 10 --connections 50 --tool wrk|autocannon]`
 *
 * Starts the built store on its own data folder (seeding a catalog of --size products the first
 * time; kept in tmp/bench-{size} for later runs), then loads it with wrk (Debian's, installed by
 * scripts/ensure-wrk.sh when missing; autocannon when that cannot be done), in one run:
 * a static-JSON baseline (/healthz, before and after the API reads), the catalog API reads
 * (detalhe-produto, pesquisa, itens-categoria, inicio), the pages (home, listing, product, search),
 * then what no cache answers (new price ranges, never-seen terms, never-opened product pages), and
 * a shopper's cart (listar-carrinho on a 10-line cart, add + rmv pairs, the cart page alone and with
 * its lines, as a shopper's browser asks them). What a
 * shopper owns is asked as many shoppers (one session per connection, each request as the next one):
 * one session for every connection would let one read answer many requests.
 * Prints req/s, p50, p95 and p99 for each, the loopback ceiling for each API answer size (a bare
 * node:http server), checks the targets and writes bench-results/{stamp}-{size}.json + latest.md.
 * Last, order placement (scripts/bench/orders.ts): 10 logged-in shoppers buying at once, with the
 * stock checked after; each then cancels its orders, so the next run on the folder does not meet
 * them. `--only pedidos` runs just that part.
 * `--only admin [--orders 1000000 --runs 30]`: the back office's order list, detail, Painel and CSV
 * export on PostgreSQL at a million orders, with their targets (scripts/bench/admin-orders.ts;
 * BENCH_DATABASE_URL names the database, built once and kept).
 * `--only fila [--runs 2000]`: what enqueueing an order's e-mail adds to its transaction, on
 * PostgreSQL (≤ 2 ms at p99) and PGlite (scripts/bench/queue.ts).
 * `--only api [--orders 1000000 --runs 200]`: GET /api/v1/pedidos on PostgreSQL at a million orders,
 * p50/p95/p99 with and without filters and from deep cursors, and the indexes it walks
 * (scripts/bench/api-orders.ts; BENCH_DATABASE_URL, else vitrine_bench_api, built once and kept).
 * `--only promocoes [--rounds 2]`: listar-carrinho, the cart page and checkout/resumo on 10-line carts
 * without and with a coupon and two automatic promotions, in interleaved pairs (promotions.ts).
 * `--only midia`: a kept product image from local disk and from S3-compatible storage (the s3rver
 * emulator), object storage held to ≥ 80 % of the local rate (scripts/bench/media.ts).
 * `--only catalogo [--products 100000 --runs 30 --rows 10000]`: the catalog's targets on PostgreSQL —
 * the back office's product list and a product save at 100k products (admin-catalog.ts), then the
 * 10k-line spreadsheet import through the admin API (catalog-import.ts); each in its own process.
 * With BENCH_DATABASE_URL the store runs on that PostgreSQL database instead (seeded when empty);
 * the placement targets and a per-shopper answer's share of the baseline (decision 0116) are held
 * on PostgreSQL, reported on PGlite. On PostgreSQL a second store
 * process is started on the same database: prices changed by plain SQL while it serves product
 * pages at the scenario's connections must reach its detalhe-produto within 1 s (p99).
 */
import autocannon from 'autocannon'
import { execFile, spawn, spawnSync } from 'node:child_process'
import type { EventEmitter } from 'node:events'
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { parseArgs } from 'node:util'
import postgres from 'postgres'
import { freePort } from '../lib/store-process'
import { benchOrders, type OrdersOutcome } from './orders'
import { benchPromotions } from './promotions'

const { values } = parseArgs({
  options: {
    size: { type: 'string', default: '320' },
    duration: { type: 'string', default: '10' },
    connections: { type: 'string', default: '50' },
    'data-dir': { type: 'string' },
    /** Load generator: wrk (installed from Debian when missing) or autocannon. */
    tool: { type: 'string', default: 'wrk' },
    /** `api`: GET /api/v1/pedidos at 1M orders (api-orders.ts); `midia`: a kept image from disk and from object storage (media.ts); `pedidos`: only the order-placement scenario; `admin`: only the back office's reads at 1M orders (admin-orders.ts); `catalogo`: the catalog back office at 100k products and the 10k import. */
    only: { type: 'string' },
    /** --only admin: how many orders the bench database holds, and runs per measure. */
    orders: { type: 'string', default: '1000000' },
    runs: { type: 'string', default: '30' },
    /** --only catalogo: products in the bench catalog and lines in the imported file. */
    products: { type: 'string', default: '100000' },
    rows: { type: 'string', default: '10000' },
    /** --only promocoes: A/B pairs. */
    rounds: { type: 'string', default: '2' },
    /** Orders each placement shopper places. */
    pedidos: { type: 'string', default: '30' },
  },
})
const onlyOrders = values.only === 'pedidos'
const onlyAdmin = values.only === 'admin'
const onlyApi = values.only === 'api'
const onlyCatalog = values.only === 'catalogo'
const onlyMedia = values.only === 'midia'
const onlyQueue = values.only === 'fila'
const onlyPromotions = values.only === 'promocoes'
const database = process.env.BENCH_DATABASE_URL ? 'PostgreSQL' : 'PGlite'
const size = Number(values.size)
const duration = Number(values.duration)
const connections = Number(values.connections)
const root = process.cwd()
const dataDir = path.resolve(values['data-dir'] ?? `tmp/bench-${size}`)

type Scenario = {
  name: string
  kind: 'baseline' | 'api' | 'page' | 'info'
  paths: string[]
  cookie?: string
  /** Many shoppers: each request goes as the next of these sessions (wrapping), not all as one. */
  shoppers?: string[]
  connections?: number
  /** Where the path list goes on from (the warm-up and the measured run share it). */
  next?: number
  /** Each path at most once (the run stops when they are used up; no warm-up). */
  once?: boolean
  /** Another load run at the same time (its figures are printed, not kept). */
  alongside?: Scenario
  /**
   * A sequence of requests each connection repeats (autocannon), instead of `paths`; `sessions`
   * gives each connection its own session cookie, so the sequences never share a cart.
   */
  sequence?: autocannon.Request[]
  sessions?: string[]
}
type Outcome = {
  name: string
  kind: Scenario['kind']
  reqPerSec: number
  p50: number
  p95: number
  p99: number
  errors: number
  requests: number
  /** Mean bytes per response (headers and body as sent). */
  bytes: number
}

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return 0
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]
}

const ONCE_MAX = 500

/**
 * wrk when it is there (scripts/ensure-wrk.sh installs Debian's): on a two-core machine the load
 * generator shares the cores with the store, and autocannon, in JavaScript, spends about as much
 * per request as the server does — more per byte — so it measured its own limit, not the store's.
 * Once-only lists (each path at most once) always go through autocannon, which can stop at a count.
 */
function pickTool(): 'wrk' | 'autocannon' {
  if (values.tool === 'autocannon') return 'autocannon'
  if (values.tool !== 'wrk') throw new Error(`--tool: wrk ou autocannon, não ${values.tool}`)
  const ensured = spawnSync('bash', [path.join(root, 'scripts/ensure-wrk.sh')], { stdio: 'inherit' })
  if (ensured.status === 0) return 'wrk'
  console.warn('wrk indisponível: medindo com autocannon (o gerador de carga divide os núcleos com a loja)')
  return 'autocannon'
}
const tool = pickTool()
const scratch = mkdtempSync(path.join(tmpdir(), 'vitrine-bench-'))
process.on('exit', () => rmSync(scratch, { recursive: true, force: true }))

/** What a browser sends: every answer may come gzipped, as it does to shoppers. */
function browserHeaders(scenario: Scenario): Record<string, string> {
  return {
    'user-agent': 'Mozilla/5.0 (X11; Linux x86_64) vitrine-bench',
    accept: scenario.kind === 'page' ? 'text/html,application/xhtml+xml,*/*;q=0.8' : 'application/json, */*',
    'accept-encoding': 'gzip, deflate, br',
    ...(scenario.cookie ? { cookie: scenario.cookie } : {}),
  }
}

/** Each path once, four at a time, as the scenario's browser asks. */
async function visitOnce(base: string, scenario: Scenario): Promise<void> {
  const queue = [...new Set(scenario.paths)]
  const headers = browserHeaders(scenario)
  await Promise.all(
    Array.from({ length: 4 }, async () => {
      for (let path = queue.shift(); path; path = queue.shift()) await (await fetch(base + path, { headers })).arrayBuffer()
    }),
  )
}

async function load(base: string, scenario: Scenario, seconds: number): Promise<Outcome> {
  return tool === 'wrk' && !scenario.once && !scenario.sequence ? loadWithWrk(base, scenario, seconds) : loadWithAutocannon(base, scenario, seconds)
}

/** One thread (the other core is the store's), the scenario's connections and browser headers. */
async function loadWithWrk(base: string, scenario: Scenario, seconds: number): Promise<Outcome> {
  const list = path.join(scratch, `${scenario.name.replace(/[^a-z0-9]+/gi, '-')}.txt`)
  writeFileSync(list, scenario.paths.join('\n'))
  const headers = Object.entries(browserHeaders(scenario)).flatMap(([k, v]) => ['-H', `${k}: ${v}`])
  const args = ['-t1', `-c${scenario.connections ?? connections}`, `-d${seconds}s`, '--timeout', '10s', ...headers]
  args.push('-s', path.join(root, 'scripts/bench/rotate.lua'), base, '--', list, String(scenario.next ?? 0))
  if (scenario.shoppers?.length) {
    const cookies = `${list}.cookies`
    writeFileSync(cookies, scenario.shoppers.join('\n'))
    args.push(cookies)
  }
  const stdout = await new Promise<string>((resolve, reject) => execFile('wrk', args, { maxBuffer: 1 << 20 }, (err, out) => (err ? reject(err) : resolve(out))))
  const line = stdout.trim().split('\n').pop() ?? ''
  const r = JSON.parse(line) as { requests: number; seconds: number; p50: number; p95: number; p99: number; errors: number; non2xx: number; bytes: number }
  scenario.next = (scenario.next ?? 0) + r.requests
  return {
    name: scenario.name,
    kind: scenario.kind,
    reqPerSec: Math.round(r.requests / r.seconds),
    p50: +r.p50.toFixed(2),
    p95: +r.p95.toFixed(2),
    p99: +r.p99.toFixed(2),
    errors: r.errors + r.non2xx,
    requests: r.requests,
    bytes: r.requests ? Math.round(r.bytes / r.requests) : 0,
  }
}

async function loadWithAutocannon(base: string, scenario: Scenario, seconds: number): Promise<Outcome> {
  const latencies: number[] = []
  const instance = autocannon({
    url: base,
    connections: scenario.connections ?? connections,
    // A once-only list: as many requests as it has paths (at most ONCE_MAX), whatever the time.
    ...(scenario.once ? { amount: Math.min(scenario.paths.length, ONCE_MAX) } : { duration: seconds }),
    headers: browserHeaders(scenario),
    requests: scenario.sequence
      ? withSessions(scenario.sequence, scenario.sessions ?? [])
      : [
          {
            setupRequest: (req) => {
              const n = (scenario.next = (scenario.next ?? 0) + 1)
              const shopper = scenario.shoppers?.length ? { headers: { ...req.headers, cookie: scenario.shoppers[n % scenario.shoppers.length] } } : {}
              return { ...req, ...shopper, path: scenario.paths[n % scenario.paths.length] }
            },
          },
        ],
  }) as unknown as EventEmitter & PromiseLike<autocannon.Result> // a thenable emitter at run time
  let bytes = 0
  instance.on('response', (_client: unknown, _status: number, size: number, ms: number) => {
    latencies.push(ms)
    bytes += size
  })
  const result = await instance
  latencies.sort((a, b) => a - b)
  return {
    name: scenario.name,
    kind: scenario.kind,
    reqPerSec: Math.round(result.requests.average),
    p50: +percentile(latencies, 50).toFixed(2),
    p95: +percentile(latencies, 95).toFixed(2),
    p99: +percentile(latencies, 99).toFixed(2),
    errors: result.errors + result.non2xx,
    requests: result.requests.total,
    bytes: latencies.length ? Math.round(bytes / latencies.length) : 0,
  }
}

/** Each connection takes the next session cookie the first time it asks, and keeps it. */
function withSessions(sequence: autocannon.Request[], sessions: string[]): autocannon.Request[] {
  let given = 0
  return sequence.map((step) => ({
    ...step,
    setupRequest: (req: autocannon.Request, context: object) => {
      const own = context as { cookie?: string }
      own.cookie ??= sessions[given++ % sessions.length]
      const next = typeof step.setupRequest === 'function' ? step.setupRequest(req, context) : req
      return { ...next, headers: { ...next.headers, cookie: own.cookie } }
    },
  }))
}

/** A new visitor's session cookie (a search keeps one), with an empty cart. */
async function newSession(base: string): Promise<string> {
  const res = await fetch(`${base}/_next/api/pesquisa?p=cabo`)
  await res.arrayBuffer()
  const cookie = (res.headers.get('set-cookie') ?? '').split(';')[0]
  if (!cookie) throw new Error('a busca não criou a sessão')
  return cookie
}

/** POST of a cart call with the session's cookie; throws unless it is taken. */
async function cartPost(base: string, cookie: string, path: string, body: object): Promise<void> {
  const res = await fetch(base + path, { method: 'POST', headers: { cookie, 'content-type': 'application/json' }, body: JSON.stringify(body) })
  if (!res.ok) throw new Error(`${path} ${res.status}: ${await res.text()}`)
}

type BenchCard = { hash: string; qtd: number; vari_pdt: Array<{ data: Array<{ hash: string; qtd: number }> }> }

/** What carrinho/add needs to take one piece of a card: its hash and, with variations, an option in stock. */
function addable(card: BenchCard): { id: string; qtd: 1; variacao?: string } | null {
  const options = card.vari_pdt.flatMap((v) => v.data)
  if (options.length === 0) return card.qtd > 0 ? { id: card.hash, qtd: 1 } : null
  const option = options.find((o) => o.qtd > 0)
  return option ? { id: card.hash, qtd: 1, variacao: option.hash } : null
}

/** The built store on `port`, ready (GET /healthz answers). A failed run leaves no store behind. */
async function startStore(port: number, folder: string) {
  const child = spawn(process.execPath, ['scripts/start.mjs'], {
    cwd: root,
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATA_DIR: folder,
      CATALOG_SIZE: String(size),
      LOG_LEVEL: 'warn',
      DATABASE_URL: process.env.BENCH_DATABASE_URL ?? '',
      // The placement shoppers register once per data folder: their captcha is made cheap to solve.
      CAPTCHA_COST: '1',
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  })
  process.on('exit', () => child.kill('SIGTERM'))
  const started = Date.now()
  for (;;) {
    if (child.exitCode !== null) throw new Error(`a loja terminou com código ${child.exitCode}`)
    const ok = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (r) => r.ok,
      () => false,
    )
    if (ok) return child
    if (Date.now() - started > 30 * 60_000) throw new Error('a loja não ficou pronta em 30 min')
    await new Promise((r) => setTimeout(r, 500))
  }
}

async function main() {
  if (onlyAdmin) {
    // No store: the back office's domain reads straight on PostgreSQL.
    const { benchAdminOrders, printTargets } = await import('./admin-orders')
    const targets = await benchAdminOrders({ orders: Number(values.orders), runs: Number(values.runs) })
    printTargets(targets)
    if (!targets.every((t) => t.ok)) process.exitCode = 1
    return
  }
  if (onlyQueue) {
    // No store: one writing transaction with and without the e-mail job (scripts/bench/queue.ts).
    const { benchQueue } = await import('./queue')
    const targets = await benchQueue({ runs: process.argv.includes('--runs') ? Number(values.runs) : 2000 })
    console.log('\nAlvos:')
    for (const t of targets) console.log(`  ${t.ok ? '✔' : '✘'} ${t.alvo}: ${t.valor}`)
    if (!targets.every((t) => t.ok)) process.exitCode = 1
    return
  }
  if (onlyApi) {
    // No store: the integrations API's order list, the HTTP app in process on PostgreSQL.
    const { benchApiOrders } = await import('./api-orders')
    const { printTargets } = await import('./admin-orders')
    const targets = await benchApiOrders({ orders: Number(values.orders), runs: Number(values.runs === '30' ? '200' : values.runs) })
    printTargets(targets)
    if (!targets.every((t) => t.ok)) process.exitCode = 1
    return
  }
  if (onlyMedia) {
    // No store: the media route alone, from disk and from the S3 emulator (scripts/bench/media.ts).
    const { benchMedia } = await import('./media')
    if (!(await benchMedia({ seconds: duration, connections, root }))) process.exitCode = 1
    return
  }
  if (onlyCatalog) {
    // No store: the catalog's targets, each script in its own process on PostgreSQL.
    const pg = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test'
    const steps: Array<[string, string[], NodeJS.ProcessEnv]> = [
      ['scripts/bench/admin-catalog.ts', ['--products', values.products!, '--runs', values.runs!], { BENCH_DATABASE_URL: pg }],
      ['scripts/bench/catalog-import.ts', ['--rows', values.rows!], { TEST_DATABASE_URL: pg }],
    ]
    for (const [script, args, env] of steps) {
      console.log(`\n== ${script} ${args.join(' ')}`)
      const run = spawnSync(process.execPath, ['--import', 'tsx', script, ...args], { stdio: 'inherit', env: { ...process.env, ...env } })
      if (run.status !== 0) process.exitCode = 1
    }
    return
  }
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  console.log(`Gerador de carga: ${tool === 'wrk' ? 'wrk (1 thread)' : 'autocannon'}; listas de uso único: autocannon`)
  console.log(`Iniciando a loja em ${base} (DATA_DIR=${dataDir}, catálogo de ${size} produtos)…`)
  const started = Date.now()
  const child = await startStore(port, dataDir)
  console.log(`Pronta em ${((Date.now() - started) / 1000).toFixed(1)} s`)
  if (onlyOrders) {
    const orders = await placeOrders(base)
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    const targets = ordersTargets(orders)
    console.log('\nAlvos:')
    for (const t of targets) console.log(`  ${t.ok ? '✔' : '✘'} ${t.alvo}: ${t.valor}`)
    return
  }

  if (onlyPromotions) {
    await promotionsPairs(base)
    child.kill('SIGTERM')
    await new Promise((r) => child.once('exit', r))
    return
  }

  // Real ids from the running catalog.
  const menu = await (await fetch(`${base}/_next/api/DataMenu/`)).json()
  const recent: Array<{ link_real: string; hash: string }> = await (await fetch(`${base}/_next/api/inicio?bloco=recentes`)).json()
  const top: Array<{ link_real: string; hash: string }> = await (await fetch(`${base}/_next/api/inicio?bloco=TopPdts`)).json()
  const cats: string[] = menu.Categorias.flatMap((c: { ndi: string; subcategorias: Array<{ ndi: string }> }) => [c.ndi, ...c.subcategorias.map((s) => s.ndi)])
  // Products a shopper reaches: the home page's and the first page of a few departments (~200).
  const listed = await Promise.all(
    menu.Categorias.slice(0, 4).map(async (c: { ndi: string }) => {
      const page: { data: Array<{ link_real: string }> } = await (await fetch(`${base}/_next/api/itens-categoria?id=${c.ndi}`)).json()
      return page.data.map((p) => p.link_real)
    }),
  )
  const products = [...new Set([...recent, ...top].map((p) => p.link_real).concat(listed.flat()))]
  // Product pages nobody opened yet: the first page of other departments.
  const unseen = await Promise.all(
    menu.Categorias.slice(4, 12).map(async (c: { ndi: string }) => {
      const page: { data: Array<{ link_real: string }> } = await (await fetch(`${base}/_next/api/itens-categoria?id=${c.ndi}&ordem=menor-preco`)).json()
      return page.data.map((p) => `/produto/${p.link_real}`)
    }),
  )
  const coldProducts = [...new Set(unseen.flat())].filter((p) => !products.includes(p.slice('/produto/'.length)))
  const terms = [
    'smartphone',
    'notebook',
    'fone bluetooth',
    'smart tv 4k',
    'samsung',
    'mouse gamer',
    'ssd 1tb',
    'camera',
    'smartfone',
    'carregador',
    'monitor',
    'caixa de som',
  ]
  const enc = encodeURIComponent
  // The popular terms with a price range nobody asked for: the page, total and facets are new every
  // time (neither the micro-cache nor a kept page can answer), the term's match set is not.
  const newFilters = Array.from({ length: 50_000 }, (_, i) => `/_next/api/pesquisa?p=${enc(terms[i % terms.length])}&min=${1 + (i % 997)}&max=${5000 + i}`)
  // Terms nobody searched since the store started: words and pairs of neighbouring words from the
  // titles shoppers see, each asked once — the full-text query runs every time.
  const titles: string[] = [...recent, ...top].map((p) => (p as { titulo?: string }).titulo ?? '')
  for (const c of menu.Categorias.slice(0, 8)) {
    const page: { data: Array<{ titulo: string }> } = await (await fetch(`${base}/_next/api/itens-categoria?id=${c.ndi}&ordem=novidades`)).json()
    titles.push(...page.data.map((p) => p.titulo))
  }
  const fresh = new Set<string>()
  for (const title of titles) {
    const words = title
      .toLowerCase()
      .split(/[^\p{L}\p{N}]+/u)
      .filter((w) => w.length >= 3)
    words.forEach((w, i) => {
      fresh.add(w)
      if (words[i + 1]) fresh.add(`${w} ${words[i + 1]}`)
    })
  }
  const neverSeen = [...fresh].filter((t) => !terms.includes(t)).map((t) => `/_next/api/pesquisa?p=${enc(t)}`)
  // A shopper's session (as a browser keeps it).
  const first = await fetch(`${base}/_next/api/pesquisa?p=fone`)
  const cookie = (first.headers.get('set-cookie') ?? '').split(';')[0]
  if (!cookie) throw new Error('a busca não criou a sessão')

  // A shopper with 10 lines in the cart, and one session per connection for the add + rmv pairs.
  const buyable = [...recent, ...top].map((c) => addable(c as unknown as BenchCard)).filter((a) => a !== null)
  const uniqueBuyable = [...new Map(buyable.map((a) => [a.id, a])).values()]
  if (uniqueBuyable.length < 11) throw new Error('o catálogo não tem 11 produtos com estoque na página inicial')
  // Many shoppers, as a store has them: each connection's requests go as different sessions, so no
  // answer is shared by the load (a read made once for many requests of one session would be).
  const shoppers = await Promise.all(Array.from({ length: connections }, () => newSession(base)))
  const cartShoppers = await Promise.all(
    Array.from({ length: connections }, async () => {
      const shopper = await newSession(base)
      for (const add of uniqueBuyable.slice(0, 10)) await cartPost(base, shopper, '/_next/api/carrinho/add/', add)
      return shopper
    }),
  )
  const cartCookie = cartShoppers[0]
  const pairSessions = await Promise.all(Array.from({ length: connections }, () => newSession(base)))
  const pairProduct = uniqueBuyable[10]
  const json = { 'content-type': 'application/json' }
  // carrinho/add answers the count only: the line's token comes from listar-carrinho, then rmv.
  const addRemove: autocannon.Request[] = [
    { method: 'POST', path: '/_next/api/carrinho/add/', headers: json, body: JSON.stringify(pairProduct) },
    {
      method: 'GET',
      path: '/_next/api/listar-carrinho/',
      onResponse: (_status, body, context) => {
        const own = context as { token?: string }
        const itens = (JSON.parse(body) as { itens?: Array<{ token: string; hash: string }> }).itens ?? []
        own.token = itens.find((l) => l.hash === pairProduct.id)?.token
      },
    },
    {
      method: 'POST',
      path: '/_next/api/carrinho/rmv/',
      headers: json,
      setupRequest: (req, context) => ({ ...req, body: JSON.stringify({ id: (context as { token?: string }).token ?? 'sem-linha' }) }),
    },
  ]

  const scenarios: Scenario[] = [
    { name: 'baseline GET /healthz (JSON estático)', kind: 'baseline', paths: ['/healthz'] },
    { name: 'API detalhe-produto', kind: 'api', paths: products.map((p) => `/_next/api/detalhe-produto?id=${enc(p)}`) },
    { name: 'API detalhe-produto (com sessão)', kind: 'api', cookie, shoppers, paths: products.map((p) => `/_next/api/detalhe-produto?id=${enc(p)}`) },
    { name: 'API pesquisa (com sessão)', kind: 'api', cookie, paths: terms.map((t) => `/_next/api/pesquisa?p=${enc(t)}`) },
    { name: 'API pesquisa (com sessão, 4 conexões)', kind: 'api', cookie, connections: 4, paths: terms.map((t) => `/_next/api/pesquisa?p=${enc(t)}`) },
    { name: 'API DataMenu (com sessão)', kind: 'info', cookie, shoppers, paths: ['/_next/api/DataMenu/'] },
    { name: 'API itens-categoria', kind: 'api', paths: cats.map((c) => `/_next/api/itens-categoria?id=${enc(c)}`) },
    { name: 'API inicio TopPdts', kind: 'api', paths: ['/_next/api/inicio?bloco=TopPdts'] },
    // Again after the API reads: the machine's pace drifts over a run; their ratio uses the mean.
    { name: 'baseline GET /healthz (de novo)', kind: 'baseline', paths: ['/healthz'] },
    { name: 'página inicial /', kind: 'page', paths: ['/'] },
    { name: 'página de listagem /categoria', kind: 'page', paths: cats.map((c) => `/categoria/${c}`) },
    { name: 'página de produto /produto', kind: 'page', paths: products.map((p) => `/produto/${p}`) },
    { name: 'página de produto (com sessão)', kind: 'page', cookie, paths: products.map((p) => `/produto/${p}`) },
    { name: 'página de busca (com sessão)', kind: 'page', cookie, paths: terms.map((t) => `/busca/${enc(t)}`) },
    // The shopper's own cart: never cached (private answers), read and written in the database.
    { name: 'API listar-carrinho (10 linhas)', kind: 'info', cookie: cartCookie, shoppers: cartShoppers, paths: ['/_next/api/listar-carrinho/'] },
    // The cart page is the same for everyone (decision 0115); its lines are the shopper's own, asked
    // by the page from listar-carrinho: a shopper opening it asks both, so both go in one scenario.
    {
      name: 'página do carrinho /compras/carrinho (a mesma para todos)',
      kind: 'page',
      cookie: cartCookie,
      shoppers: cartShoppers,
      paths: ['/compras/carrinho'],
    },
    {
      name: 'página do carrinho + suas 10 linhas (listar-carrinho)',
      kind: 'page',
      cookie: cartCookie,
      shoppers: cartShoppers,
      paths: ['/compras/carrinho', '/_next/api/listar-carrinho/'],
    },
    { name: 'API carrinho/add + listar + rmv (uma sessão por conexão)', kind: 'info', paths: [], sequence: addRemove, sessions: pairSessions },
    // Last: bursts of work nothing kept can answer (bounded: server/lib/limiter.ts).
    { name: 'API pesquisa, filtros novos (4 conexões)', kind: 'info', cookie, connections: 4, paths: newFilters },
    { name: 'API pesquisa, filtros novos', kind: 'info', cookie, paths: newFilters.slice().reverse() },
    { name: 'página de produto nunca vista (4 conexões)', kind: 'info', connections: 4, paths: coldProducts, once: true },
    // Kept product pages while four shoppers search terms never seen (other ones than the next
    // scenario's): the database works on the searches, the pages must not wait for it.
    {
      name: 'página de produto, com buscas novas ao lado',
      kind: 'page',
      paths: products.map((p) => `/produto/${p}`),
      alongside: { name: '  (ao lado) termos nunca vistos, 4 conexões', kind: 'info', cookie, connections: 4, paths: neverSeen.slice(ONCE_MAX), once: true },
    },
    { name: 'API pesquisa, termos nunca vistos (4 conexões)', kind: 'info', cookie, connections: 4, paths: neverSeen, once: true },
  ]

  const outcomes: Outcome[] = []
  for (const s of scenarios) {
    // Warm-up: every path of a short list once (a shopper's first visit is measured apart, in the
    // 'nunca vista(s)' scenarios), then two seconds of load.
    if (!s.once && s.paths.length <= 1_000) await visitOnce(base, s)
    if (!s.once) await load(base, s, 2)
    const side = s.alongside?.paths.length ? s.alongside : undefined
    const [o, beside] = await Promise.all([load(base, s, duration), side && load(base, side, duration)])
    outcomes.push(o)
    for (const r of beside ? [o, beside] : [o]) {
      console.log(`${r.name.padEnd(40)} ${String(r.reqPerSec).padStart(7)} req/s  p50 ${r.p50} ms  p95 ${r.p95} ms  p99 ${r.p99} ms  erros ${r.errors}`)
    }
  }

  // Two instances on one PostgreSQL: how long a change written by plain SQL takes to show on the other.
  const notices = database === 'PostgreSQL' ? await notificationLatency(products) : null
  // Last: it takes stock, which forgets the cached answers of the products sold.
  const orders = await placeOrders(base)
  child.kill('SIGTERM')
  await new Promise((r) => child.once('exit', r))
  const ceilings = await loopbackCeilings(outcomes)

  const baselines = outcomes.filter((o) => o.kind === 'baseline')
  const baseline = { ...baselines[0], reqPerSec: Math.round(baselines.reduce((n, o) => n + o.reqPerSec, 0) / baselines.length) }
  console.log(`\nBaseline: média de ${baselines.map((o) => o.reqPerSec).join(' e ')} = ${baseline.reqPerSec} req/s`)
  const search = outcomes.find((o) => o.name === 'API pesquisa (com sessão)')!
  const searchLight = outcomes.find((o) => o.name === 'API pesquisa (com sessão, 4 conexões)')!
  const searchFilters = outcomes.find((o) => o.name === 'API pesquisa, filtros novos (4 conexões)')!
  const productPage = outcomes.find((o) => o.name === 'página de produto /produto')!
  const productPageBusy = outcomes.find((o) => o.name === 'página de produto, com buscas novas ao lado')!
  // A per-shopper answer (asked as many shoppers) reads the database on every request.
  // Its share of the baseline is held on PostgreSQL, the engine of a store with several instances,
  // and reported on PGlite, whose one thread shares the store's cores (decision 0116).
  const perShopperNames = new Set(scenarios.filter((s) => s.shoppers).map((s) => s.name))
  const heldHere = (o: Outcome) => !perShopperNames.has(o.name) || database === 'PostgreSQL'
  const apiReads = outcomes.filter((o) => o.kind === 'api' && heldHere(o))
  const apiReported = outcomes.filter((o) => o.kind === 'api' && !heldHere(o))
  const ratio = (o: Outcome) =>
    `${Math.round((o.reqPerSec / baseline.reqPerSec) * 100)} % (${o.bytes} B por resposta; teto do loopback para esse tamanho: ${ceilings.get(o.bytes)} %)`
  const cartList = outcomes.find((o) => o.name === 'API listar-carrinho (10 linhas)')!
  const cartPage = outcomes.find((o) => o.name === 'página do carrinho + suas 10 linhas (listar-carrinho)')!
  const menuWithSession = outcomes.find((o) => o.name === 'API DataMenu (com sessão)')!
  const targets = [
    { alvo: `busca p95 ≤ 30 ms (${size} produtos, ${connections} conexões)`, valor: `${search.p95} ms`, ok: search.p95 <= 30 },
    { alvo: `busca p95 ≤ 30 ms (${size} produtos, 4 conexões)`, valor: `${searchLight.p95} ms`, ok: searchLight.p95 <= 30 },
    { alvo: `busca com filtros novos p95 ≤ 30 ms (${size} produtos, 4 conexões)`, valor: `${searchFilters.p95} ms`, ok: searchFilters.p95 <= 30 },
    ...apiReads.map((o) => ({
      alvo: `${o.name} ≥ 60 % do baseline (${baseline.reqPerSec} req/s)`,
      valor: ratio(o),
      ok: o.reqPerSec >= 0.6 * baseline.reqPerSec,
    })),
    // What one shopper owns is read from the database on every request, within these.
    {
      alvo: `API listar-carrinho (10 linhas) p99 ≤ 20 ms com ${connections} conexões`,
      valor: `${cartList.p99} ms (${cartList.reqPerSec} req/s)`,
      ok: cartList.p99 <= 20,
    },
    {
      alvo: `página do carrinho e suas 10 linhas p99 ≤ 50 ms com ${connections} conexões`,
      valor: `${cartPage.p99} ms (${cartPage.reqPerSec} req/s)`,
      ok: cartPage.p99 <= 50,
    },
    {
      alvo: `API DataMenu (com sessão) p99 ≤ 20 ms com ${connections} conexões`,
      valor: `${menuWithSession.p99} ms (${menuWithSession.reqPerSec} req/s)`,
      ok: menuWithSession.p99 <= 20,
    },
    ...(notices
      ? [
          {
            alvo: `mudança escrita no banco chega à outra instância em ≤ 1 s (p99, ${connections} conexões nela)`,
            valor: `p50 ${notices.p50} ms, p99 ${notices.p99} ms (${notices.samples.length} mudanças)`,
            ok: notices.samples.length > 0 && notices.p99 <= 1000,
          },
        ]
      : []),
    { alvo: `página de produto p99 ≤ 50 ms com ${connections} conexões`, valor: `${productPage.p99} ms`, ok: productPage.p99 <= 50 },
    {
      alvo: `página de produto p99 ≤ 50 ms com ${connections} conexões e buscas nunca vistas ao lado`,
      valor: `${productPageBusy.p99} ms`,
      ok: productPageBusy.p99 <= 50,
    },
    { alvo: 'nenhum erro / não-2xx', valor: String(outcomes.reduce((n, o) => n + o.errors, 0)), ok: outcomes.every((o) => o.errors === 0) },
    ...ordersTargets(orders),
  ]
  console.log('\nAlvos:')
  for (const t of targets) console.log(`  ${t.ok ? '✔' : '✘'} ${t.alvo}: ${t.valor}`)
  // What nothing kept can answer, run until the store is saturated: a capacity figure. In a closed
  // loop at saturation the latency is the queue (connections ÷ rate), so these are reported, not
  // held to the latency targets.
  const uncached = outcomes.filter((o) => o.kind === 'info' && !o.name.startsWith('API DataMenu') && o !== cartList)
  const capacity = uncached.map((o) => `${o.name}: ${o.reqPerSec} req/s, p50 ${o.p50} ms, p95 ${o.p95} ms`)
  const perShopper = apiReported.map((o) => `${o.name}: ${ratio(o)} do baseline (alvo de ≥ 60 % mantido no PostgreSQL)`)
  if (perShopper.length) {
    console.log('\nPor comprador, no PGlite (informativo):')
    for (const line of perShopper) console.log(`  · ${line}`)
  }
  console.log('\nSem cache (capacidade, informativo):')
  for (const line of capacity) console.log(`  · ${line}`)

  const stamp = new Date().toISOString().replace(/[:.]/g, '-')
  const dir = path.join(root, 'bench-results')
  mkdirSync(dir, { recursive: true })
  const report = {
    when: new Date().toISOString(),
    size,
    duration,
    connections,
    tool,
    node: process.version,
    outcomes,
    orders,
    notices,
    targets,
    /** Per answer size: % of its own baseline a bare node:http server reaches on this machine. */
    loopbackCeiling: Object.fromEntries(ceilings),
  }
  writeFileSync(path.join(dir, `${stamp}-${size}.json`), JSON.stringify(report, null, 2))
  const md = [
    `# Benchmark ${report.when} — ${size} produtos, ${connections} conexões, ${duration} s, carga com ${tool}`,
    '',
    '| cenário | req/s | p50 ms | p95 ms | p99 ms | erros | bytes/resp. |',
    '| --- | ---: | ---: | ---: | ---: | ---: | ---: |',
    ...outcomes.map((o) => `| ${o.name} | ${o.reqPerSec} | ${o.p50} | ${o.p95} | ${o.p99} | ${o.errors} | ${o.bytes} |`),
    '',
    `| ${orders.name} | ${orders.ordersPerSec} pedidos/s (${orders.placed} feitos, ${orders.soldOut} esgotados) | ${orders.p50} | ${orders.p95} | ${orders.p99} | ${orders.errors} | — |`,
    '',
    ...targets.map((t) => `- ${t.ok ? '✔' : '✘'} ${t.alvo}: ${t.valor}`),
    '',
    'Sem cache (capacidade, informativo):',
    '',
    ...capacity.map((line) => `- ${line}`),
    '',
    ...(perShopper.length ? ['Por comprador, no PGlite (informativo):', '', ...perShopper.map((line) => `- ${line}`), ''] : []),
  ].join('\n')
  writeFileSync(path.join(dir, `latest-${size}.md`), md)
  console.log(`\nResultados em bench-results/${stamp}-${size}.json`)
}

/**
 * PostgreSQL only: a second store process on the same database serves product pages at the run's
 * connections while prices change by plain SQL (no store code involved); each change is timed from
 * its commit to the first detalhe-produto answer of that process that shows it (asked every 5 ms,
 * after a kept copy was made). Each price is put back before the next product.
 */
async function notificationLatency(products: string[]): Promise<{ samples: number[]; p50: number; p99: number }> {
  const port = await freePort()
  const base = `http://127.0.0.1:${port}`
  console.log(`\nSegunda instância em ${base} (mesmo banco)…`)
  // The same data folder: the same media and payment secret, as instances behind one balancer share.
  const other = await startStore(port, dataDir)
  const client = postgres(process.env.BENCH_DATABASE_URL!, { max: 1, onnotice: () => {} })
  // Products without options: their price is the product's own (an option's price is shown otherwise).
  const plain = new Set(
    (
      await client<
        Array<{ link_real: string }>
      >`SELECT link_real FROM products p WHERE p.active AND NOT EXISTS (SELECT 1 FROM variation_options o WHERE o.product_id = p.id)`
    ).map((r) => r.link_real),
  )
  const pages: Scenario = { name: '  (na 2ª instância) página de produto', kind: 'info', paths: products.map((p) => `/produto/${p}`) }
  const samples: number[] = []
  try {
    await visitOnce(base, pages)
    const until = Date.now() + (duration - 1) * 1000
    const loading = load(base, pages, duration)
    for (const link of products.filter((p) => plain.has(p)).slice(0, 40)) {
      if (Date.now() > until) break
      const url = `${base}/_next/api/detalhe-produto?id=${encodeURIComponent(link)}`
      const before = await (await fetch(url)).text()
      await (await fetch(url)).arrayBuffer()
      await client`UPDATE products SET price_cents = price_cents + 1 WHERE link_real = ${link}`
      const written = performance.now()
      // Given up after 10 s: counted as 10 s (the target fails), the run goes on.
      while ((await (await fetch(url)).text()) === before && performance.now() - written < 10_000) await new Promise((r) => setTimeout(r, 5))
      samples.push(+(performance.now() - written).toFixed(1))
      await client`UPDATE products SET price_cents = price_cents - 1 WHERE link_real = ${link}`
    }
    const side = await loading
    console.log(`${side.name.padEnd(40)} ${String(side.reqPerSec).padStart(7)} req/s  p50 ${side.p50} ms  p99 ${side.p99} ms  erros ${side.errors}`)
  } finally {
    await client.end()
    other.kill('SIGTERM')
  }
  const sorted = [...samples].sort((a, b) => a - b)
  const result = { samples, p50: percentile(sorted, 50), p99: percentile(sorted, 99) }
  console.log(`mudança no banco → outra instância: p50 ${result.p50} ms, p99 ${result.p99} ms (${samples.length} mudanças)`)
  return result
}

/** `--only promocoes`: the A/B pairs of promotions.ts, printed and written to bench-results/promocoes-{stamp}.json. */
async function promotionsPairs(base: string): Promise<void> {
  const cards: Array<BenchCard & { categoria: { titulo: string } }> = [
    ...(await (await fetch(`${base}/_next/api/inicio?bloco=recentes`)).json()),
    ...(await (await fetch(`${base}/_next/api/inicio?bloco=TopPdts`)).json()),
  ]
  const adds = [...new Map(cards.map((c) => addable(c)).flatMap((a) => (a ? [[a.id, a] as const] : []))).values()]
  if (adds.length < 10) throw new Error('o catálogo não tem 10 produtos com estoque na página inicial')
  const outcome = await benchPromotions(base, {
    adds,
    cards,
    connections,
    seconds: duration,
    rounds: Number(values.rounds),
    load: (scenario, seconds) => load(base, scenario, seconds),
  })
  console.log(`\nCupom + 2 promoções (B) contra sem cupom, só a promoção da demonstração (A), ${outcome.rounds} pares intercalados:`)
  for (const s of outcome.scenarios) {
    const rates = (list: typeof s.a) => list.map((m) => m.reqPerSec).join(' / ')
    const p99 = (list: typeof s.a) => list.map((m) => m.p99).join(' / ')
    console.log(
      `  · ${s.name}: A ${rates(s.a)} req/s (p99 ${p99(s.a)} ms; dispersão ${s.spreadA} %), B ${rates(s.b)} req/s (p99 ${p99(s.b)} ms; dispersão ${s.spreadB} %): ${s.change > 0 ? '+' : ''}${s.change} %`,
    )
  }
  const dir = path.join(root, 'bench-results')
  mkdirSync(dir, { recursive: true })
  const file = path.join(dir, `promocoes-${new Date().toISOString().replace(/[:.]/g, '-')}-${size}.json`)
  writeFileSync(file, JSON.stringify({ when: new Date().toISOString(), size, duration, connections, tool, database, ...outcome }, null, 2))
  console.log(`Resultados em ${path.relative(root, file)}`)
}

/** The placement scenario (orders.ts), printed as it ends. */
async function placeOrders(base: string): Promise<OrdersOutcome> {
  const o = await benchOrders(base, { shoppers: 10, ordersEach: Number(values.pedidos), label: database })
  console.log(
    `${o.name.padEnd(40)} ${o.ordersPerSec} pedidos/s (${o.placed} feitos, ${o.soldOut} esgotados, ${o.products} produtos)  p50 ${o.p50} ms  p95 ${o.p95} ms  p99 ${o.p99} ms  erros ${o.errors}  estoque errado ${o.oversold}`,
  )
  return o
}

/** Order placement: on PostgreSQL ≥ 20 orders/s and p99 ≤ 250 ms; on either, no stock sold twice or lost. */
function ordersTargets(o: OrdersOutcome): Array<{ alvo: string; valor: string; ok: boolean }> {
  const stock = {
    alvo: 'pedidos: nenhuma venda além do estoque, estoque = antes − vendido',
    valor: `${o.oversold} produtos de ${o.products} fora disso`,
    ok: o.oversold === 0 && o.errors === 0,
  }
  if (database !== 'PostgreSQL') return [stock]
  return [
    { alvo: 'pedidos (PostgreSQL, 10 compradores) ≥ 20 pedidos/s', valor: `${o.ordersPerSec} pedidos/s`, ok: o.ordersPerSec >= 20 },
    { alvo: 'pedidos (PostgreSQL, 10 compradores) finalizar p99 ≤ 250 ms', valor: `${o.p99} ms`, ok: o.p99 <= 250 },
    stock,
  ]
}

/**
 * How much of the baseline's rate an answer of each API scenario's size can reach here at all: a
 * bare node:http server (scripts/bench/bare-server.mjs, no framework, no work) loaded the same way
 * with a 15-byte answer and with answers of those sizes. On a small machine the load generator
 * shares the cores, so bytes alone lower the rate; this is the ceiling the ratio targets meet.
 */
async function loopbackCeilings(outcomes: Outcome[]): Promise<Map<number, number>> {
  const port = await freePort()
  const bare = spawn(process.execPath, [path.join(root, 'scripts/bench/bare-server.mjs')], {
    env: { ...process.env, PORT: String(port) },
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
  })
  await new Promise((resolve) => bare.once('message', resolve))
  const rate = async (bytes: number) => {
    const scenario: Scenario = { name: `bare ${bytes}`, kind: 'info', paths: [`/n/${bytes}`] }
    await load(`http://127.0.0.1:${port}`, scenario, 1)
    return (await load(`http://127.0.0.1:${port}`, scenario, Math.min(duration, 5))).reqPerSec
  }
  const baseline = outcomes[0]
  const sizes = [...new Set(outcomes.filter((o) => o.kind === 'api').map((o) => o.bytes))]
  const ceilings = new Map<number, number>()
  try {
    // Same total answer size as measured: the bare answer's headers are about the baseline's.
    const small = await rate(15)
    for (const bytes of sizes) {
      const body = Math.max(15, bytes - baseline.bytes + 15)
      ceilings.set(bytes, Math.round((100 * (await rate(body))) / small))
    }
  } finally {
    bare.kill('SIGTERM')
  }
  console.log('\nTeto do loopback (servidor node:http sem nada, mesmo tamanho de resposta, % do seu baseline de 15 B):')
  for (const [bytes, pct] of ceilings) console.log(`  ${bytes} B: ${pct} %`)
  return ceilings
}

main().catch((err) => {
  console.error(err)
  process.exit(1)
})
