import { existsSync, readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { gzipSync } from 'node:zlib'
import { afterAll, describe, expect, it } from 'vitest'

/**
 * The JavaScript a phone downloads to show and use each storefront page, from the production build
 * (docs/decisions/0060-javascript-budget.md): React Router's entry and the page's route modules
 * with their imports, plus every part they import on demand except those loaded on first use
 * (the side panels, toasts, COMPRAR's cart call) or only elsewhere (the desktop gallery, content below
 * the fold — the product's description, the footer's newsletter form —, counted
 * as a phone that never scrolls). `npm test` builds first (scripts/test.sh) and sets
 * JS_BUDGET_REQUIRE_BUILD, so there the test never skips.
 */

const KB = 1024
const LEAN = 130 * KB
const TRANSACTIONAL = 160 * KB

/** Route id → budget. Every other storefront route is still checked for back-office code. */
const BUDGETS: Record<string, number> = {
  'routes/home': LEAN,
  'routes/categoria': LEAN,
  'routes/busca': LEAN,
  'routes/marca': LEAN,
  'routes/marca-categoria': LEAN,
  'routes/products': LEAN,
  'routes/produto': LEAN,
  'routes/not-found': LEAN,
  'routes/carrinho': TRANSACTIONAL,
  'routes/checkout': TRANSACTIONAL,
  'routes/checkout-address': TRANSACTIONAL,
  'routes/checkout-pagamento': TRANSACTIONAL,
  'routes/finalizar': TRANSACTIONAL,
}

/** Parts a phone loads only when the shopper uses them (or never): not counted in the first load. */
const ON_FIRST_USE =
  /^(app\/components\/(cart\/CartPanel|layout\/CategoryPanel|layout\/Footer|layout\/NewsletterForm|product\/DesktopGallery|product\/BelowTheFold|product\/ShippingQuoteBox|after-sale\/AtendimentoPanel)\.tsx|app\/components\/product\/add-to-cart\.ts|node_modules\/react-toastify\/)/

/** Source modules of the back office: none may reach a storefront page. */
const ADMIN_SOURCE = /(^|\/)(app\/(routes|components)\/admin|contract\/admin)\//

const root = path.resolve(import.meta.dirname, '../..')
const clientDir = path.join(root, 'build/client')
const chunksFile = path.join(root, 'build/client-chunks.json')

type RouteEntry = { id: string; parentId?: string; path?: string; module: string; imports?: string[] }
type Manifest = { entry: { module: string; imports: string[] }; routes: Record<string, RouteEntry> }
type Chunk = { modules: Record<string, number>; imports: string[]; dynamicImports: string[] }

const manifestFile = existsSync(path.join(clientDir, 'assets'))
  ? readdirSync(path.join(clientDir, 'assets')).find((f) => /^manifest-[\w-]+\.js$/.test(f))
  : undefined
const built = Boolean(manifestFile) && existsSync(chunksFile)
if (!built && process.env.JS_BUDGET_REQUIRE_BUILD) throw new Error('js-budget: no build in build/ (run `npx react-router build`)')
if (!built) console.warn('js-budget: skipped — no production build in build/; run `npx react-router build` first (npm test does).')

/** True for routes of the back office (/admin): outside the storefront budget. */
const isAdmin = (route: RouteEntry, routes: Record<string, RouteEntry>): boolean =>
  route.id.includes('admin') || route.path?.split('/')[0] === 'admin' || (route.parentId ? isAdmin(routes[route.parentId]!, routes) : false)

describe.skipIf(!built)('JavaScript per storefront page (gzip)', () => {
  const manifest = built
    ? (JSON.parse(
        readFileSync(path.join(clientDir, 'assets', manifestFile!), 'utf8')
          .replace(/^window\.__reactRouterManifest=/, '')
          .replace(/;\s*$/, ''),
      ) as Manifest)
    : { entry: { module: '', imports: [] }, routes: {} }
  const chunks = built ? (JSON.parse(readFileSync(chunksFile, 'utf8')) as Record<string, Chunk>) : {}
  const gz = new Map<string, number>()
  const sizeOf = (file: string) => {
    if (!gz.has(file)) gz.set(file, gzipSync(readFileSync(path.join(clientDir, file))).length)
    return gz.get(file)!
  }

  /** The page's chunks (paths under build/client): what its HTML preloads, then what it imports on demand. */
  const filesOf = (id: string): Set<string> => {
    // Route discovery is lazy (React Router's default): the page's part of the manifest is inline in
    // the HTML, and the manifest-*.js file is never loaded by a storefront page.
    const start = [manifest.entry.module, ...manifest.entry.imports]
    for (let route: RouteEntry | undefined = manifest.routes[id]; route; route = route.parentId ? manifest.routes[route.parentId] : undefined) {
      start.push(route.module, ...(route.imports ?? []))
    }
    const files = new Set<string>()
    const visit = (file: string, onDemand: boolean) => {
      const chunk = chunks[file]
      if (files.has(file) || (onDemand && Object.keys(chunk?.modules ?? {}).some((m) => ON_FIRST_USE.test(m)))) return
      files.add(file)
      for (const f of chunk?.imports ?? []) visit(f, false)
      for (const f of chunk?.dynamicImports ?? []) visit(f, true)
    }
    for (const url of start) visit(url.replace(/^\//, ''), false)
    return files
  }
  const storefront = Object.values(manifest.routes).filter((r) => !isAdmin(r, manifest.routes) && r.module)
  const totals: string[] = []
  afterAll(() => console.log(`gzipped JS per page, first load on a phone (KB): ${totals.join(', ')}`))

  it('names every budgeted page in the build', () => {
    for (const id of Object.keys(BUDGETS)) expect(manifest.routes[id], id).toBeDefined()
  })

  it.each(Object.entries(BUDGETS))('%s stays within its budget', (id, budget) => {
    const files = [...filesOf(id)]
    const total = files.reduce((sum, f) => sum + sizeOf(f), 0)
    totals.push(`${id.replace('routes/', '')} ${(total / KB).toFixed(1)}`)
    if (total > budget) {
      const biggest = files
        .sort((a, b) => sizeOf(b) - sizeOf(a))
        .slice(0, 5)
        .map((f) => `${path.basename(f)} ${(sizeOf(f) / KB).toFixed(1)} KB`)
        .join(', ')
      expect.fail(
        `${id}: ${(total / KB).toFixed(1)} KB of gzipped JavaScript, ${((total - budget) / KB).toFixed(1)} KB over its ${budget / KB} KB budget (largest: ${biggest})`,
      )
    }
  })

  it('ships no back-office code on storefront pages, even on demand', () => {
    const leaks: string[] = []
    for (const route of storefront) {
      const all = new Set<string>()
      const visit = (file: string) => {
        if (all.has(file)) return
        all.add(file)
        for (const f of [...(chunks[file]?.imports ?? []), ...(chunks[file]?.dynamicImports ?? [])]) visit(f)
      }
      for (const file of filesOf(route.id)) visit(file)
      for (const file of all) for (const m of Object.keys(chunks[file]?.modules ?? {})) if (ADMIN_SOURCE.test(m)) leaks.push(`${route.id} ← ${m}`)
    }
    expect(leaks).toEqual([])
  })

  it('ships each library once', () => {
    // Two copies of a package (two versions, or a nested install) show as two install folders of one name.
    const installs = new Map<string, Set<string>>()
    for (const chunk of Object.values(chunks)) {
      for (const id of Object.keys(chunk.modules)) {
        const pkg = /^(.*node_modules\/((?:@[^/]+\/)?[^/]+))\//.exec(id)
        if (pkg) installs.set(pkg[2]!, (installs.get(pkg[2]!) ?? new Set()).add(pkg[1]!))
      }
    }
    const twice = [...installs].filter(([, dirs]) => dirs.size > 1).map(([name, dirs]) => `${name}: ${[...dirs].join(', ')}`)
    expect(twice).toEqual([])
  })
})
