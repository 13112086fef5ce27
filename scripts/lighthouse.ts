/**
 * `npm run lighthouse`: Lighthouse (mobile, default simulated throttling) in Debian's Chromium on the
 * six pages the store is measured on — home, a category listing, a search, a product page, the cart page with
 * an item and /checkout with a logged-in shopper — against the built store on a throwaway DATA_DIR.
 * Each page runs RUNS times (default 5) and the run with the median performance score is shown:
 * the machine is shared, so one run alone says little. The table also gives the machine's load
 * average over the measuring and Lighthouse's own benchmarkIndex (how fast this CPU is), and warns
 * when the machine was busy: simulated throttling multiplies the main thread's real work, so a busy
 * or slow machine reports a slower page than a quiet one.
 *
 *   npm run lighthouse                  build, start, measure, print the table
 *   npm run lighthouse -- --no-build    measure the build as it is
 *   LIGHTHOUSE_BASE=http://127.0.0.1:3000 npm run lighthouse   measure a store already running
 *   RUNS=5 ONLY=home,produto npm run lighthouse
 */
import { spawnSync } from 'node:child_process'
import { mkdirSync, writeFileSync } from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import * as chromeLauncher from 'chrome-launcher'
import lighthouse from 'lighthouse'
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from './lib/chromium'
import { startThrowawayStore } from './lib/store-process'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const RUNS = Math.max(1, Number(process.env.RUNS ?? 5))
const ONLY = process.env.ONLY?.split(',')

async function startStore(): Promise<{ base: string; stop: () => Promise<void> }> {
  if (process.env.LIGHTHOUSE_BASE) return { base: process.env.LIGHTHOUSE_BASE, stop: async () => {} }
  if (!process.argv.includes('--no-build')) {
    const built = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], { cwd: root, stdio: 'ignore' })
    if (built.status !== 0) throw new Error('react-router build failed')
  }
  return startThrowawayStore({ prefix: 'vitrine-lighthouse-', args: ['--no-build'] })
}

/** A cookie jar of one: the store's session cookie, kept across the calls a shopper makes. */
function shopper(base: string) {
  let cookie = ''
  const call = async (p: string, body?: unknown) => {
    const res = await fetch(base + p, {
      method: body === undefined ? 'GET' : 'POST',
      headers: { 'content-type': 'application/json', ...(cookie ? { cookie } : {}) },
      body: body === undefined ? undefined : JSON.stringify(body),
    })
    const set = res.headers
      .getSetCookie()
      .map((c) => c.split(';')[0])
      .filter((c) => !c.endsWith('='))
    if (set.length) cookie = set.join('; ')
    return (await res.json()) as Record<string, unknown>
  }
  return { call, cookie: () => cookie }
}

type Card = { hash: string; link_real: string; qtd: number; vari_pdt: unknown[] }

async function pages(base: string) {
  const visitor = shopper(base)
  const menu = await visitor.call('/_next/api/DataMenu/')
  const categoria = (menu.Categorias as Array<{ ndi: string }>)[0]!.ndi
  const recentes = (await visitor.call('/_next/api/inicio?bloco=recentes')) as unknown as Card[]
  const product = recentes.find((p) => p.qtd > 2 && p.vari_pdt.length === 0)!
  await visitor.call('/_next/api/carrinho/add/', { id: product.hash, qtd: 1 })

  const customer = shopper(base)
  const permission = await customer.call('/_auth/permission/', {})
  const step1 = await customer.call('/_auth/step/1/', { u: 'cliente.demo@example.com', Acess: permission.TokenAcess })
  const step2 = await customer.call('/_auth/step/2/', { s: 'Demo@2026', Acess: step1.TokenPass })
  if (step2.status !== 'success') throw new Error('demo customer could not log in')
  await customer.call('/_next/api/carrinho/add/', { id: product.hash, qtd: 1 })

  return [
    { name: 'home', path: '/' },
    { name: 'categoria', path: `/categoria/${categoria}` },
    { name: 'busca', path: '/busca/fone' },
    { name: 'produto', path: `/produto/${product.link_real}` },
    { name: 'carrinho', path: '/compras/carrinho', cookie: visitor.cookie() },
    { name: 'checkout', path: '/checkout', cookie: customer.cookie() },
  ].filter((p) => !ONLY || ONLY.includes(p.name))
}

type Row = { perf: number; a11y: number; fcp: number; lcp: number; tbt: number; cls: number; jsKb: number; benchmarkIndex: number; failing: string[] }

async function measure(port: number, url: string, cookie?: string): Promise<Row> {
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility'],
    ...(cookie ? { extraHeaders: { cookie } } : {}),
  })
  if (!result) throw new Error(`no Lighthouse result for ${url}`)
  const { lhr } = result
  const audit = (id: string) => lhr.audits[id]?.numericValue ?? NaN
  const requests = (lhr.audits['network-requests']?.details as { items?: Array<{ resourceType?: string; transferSize?: number }> } | undefined)?.items ?? []
  const js = requests.filter((r) => r.resourceType === 'Script').reduce((sum, r) => sum + (r.transferSize ?? 0), 0)
  const failing = Object.values(lhr.audits)
    .filter((a) => a.scoreDisplayMode === 'binary' && a.score === 0 && lhr.categories.accessibility!.auditRefs.some((r) => r.id === a.id))
    .map((a) => a.id)
  return {
    perf: Math.round((lhr.categories.performance!.score ?? 0) * 100),
    a11y: Math.round((lhr.categories.accessibility!.score ?? 0) * 100),
    fcp: audit('first-contentful-paint'),
    lcp: audit('largest-contentful-paint'),
    tbt: audit('total-blocking-time'),
    cls: audit('cumulative-layout-shift'),
    jsKb: js / 1024,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    failing,
  }
}

/** The 1-minute load average, sampled every 5 s while measuring: what else the machine was doing. */
const loads: number[] = []
const sampler = setInterval(() => loads.push(os.loadavg()[0]!), 5_000)
const store = await startStore()
const chrome = await chromeLauncher.launch({ chromePath: CHROMIUM_PATH, chromeFlags: ['--headless=new', ...CHROMIUM_FLAGS] })
const rows: Array<{ name: string; path: string; row: Row; perfs: number[] }> = []
try {
  for (const page of await pages(store.base)) {
    const url = store.base + page.path
    // One unmeasured visit warms the store's caches, as a real shop's would be.
    await fetch(url, { headers: page.cookie ? { cookie: page.cookie } : {} }).then((r) => r.text())
    const runs: Row[] = []
    for (let i = 0; i < RUNS; i++) runs.push(await measure(chrome.port, url, page.cookie))
    runs.sort((a, b) => a.perf - b.perf)
    rows.push({ name: page.name, path: page.path, row: runs[Math.floor(runs.length / 2)]!, perfs: runs.map((r) => r.perf) })
    process.stderr.write(`${page.name}: ${runs.map((r) => r.perf).join(' ')}\n`)
  }
} finally {
  clearInterval(sampler)
  chrome.kill()
  await store.stop()
}

const cores = os.availableParallelism()
const meanLoad = loads.length ? loads.reduce((a, b) => a + b, 0) / loads.length : os.loadavg()[0]!
const maxLoad = loads.length ? Math.max(...loads) : meanLoad
const indexes = rows.map((r) => r.row.benchmarkIndex).sort((a, b) => a - b)
const benchmarkIndex = indexes[Math.floor(indexes.length / 2)] ?? NaN
// Lighthouse's store itself and Chromium use about one core; beyond that, something else was running.
const busy = maxLoad > cores * 0.75 + 1

const s = (ms: number) => `${(ms / 1000).toFixed(1)} s`
const lines = [
  `Lighthouse ${(await import('lighthouse/package.json', { with: { type: 'json' } })).default.version}, mobile, simulated throttling; median of ${RUNS} run(s) by performance`,
  `Machine: ${cores} cores, load average ${meanLoad.toFixed(2)} mean / ${maxLoad.toFixed(2)} peak while measuring, benchmarkIndex ${Math.round(benchmarkIndex)} (median)`,
  '| page | perf | a11y | FCP | LCP | TBT | CLS | JS KB (gz) | perf runs |',
  '| --- | --- | --- | --- | --- | --- | --- | --- | --- |',
  ...rows.map(
    ({ name, row, perfs }) =>
      `| ${name} | ${row.perf} | ${row.a11y} | ${s(row.fcp)} | ${s(row.lcp)} | ${Math.round(row.tbt)} ms | ${row.cls.toFixed(3)} | ${row.jsKb.toFixed(1)} | ${perfs.join(', ')} |`,
  ),
]
if (busy)
  lines.push(
    `Warning: the machine was busy (load ${maxLoad.toFixed(2)} on ${cores} cores): blocking time and scores are worse than on a quiet machine; measure again when it is idle.`,
  )
console.log(lines.join('\n'))
for (const { name, row } of rows) if (row.failing.length) console.log(`${name}: accessibility audits failing: ${row.failing.join(', ')}`)
mkdirSync(path.join(root, 'tmp'), { recursive: true })
writeFileSync(path.join(root, 'tmp/lighthouse.md'), lines.join('\n') + '\n')
