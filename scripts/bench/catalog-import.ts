/**
 * `node --import tsx scripts/bench/catalog-import.ts [--rows 10000]` (TEST_DATABASE_URL=postgres://…
 * to run on PostgreSQL; PGlite in memory otherwise)
 *
 * The issue's import target (10k rows ≤ 60 s): a fresh database with the test catalog, a file of
 * --rows lines — 90 % products without variations, the rest products with two colour options, and
 * a tenth of them changing the fixture's products — sent through the admin API as the page sends it:
 * the dry run, then one call per batch until done. Prints the seconds of each step.
 */
import { sql } from 'drizzle-orm'
import { parseArgs } from 'node:util'
import { CATALOG_COLUMN_NAMES } from '../../contract/admin/catalog-import'
import { insertCatalogFixture } from '../../tests/support/catalog-fixtures'
import { adminClient, createStaffMember } from '../../tests/support/admin'
import { createTestDatabase, testDbKind } from '../../tests/support/db'

const { values } = parseArgs({ options: { rows: { type: 'string', default: '10000' } } })
const total = Number(values.rows)

const database = await createTestDatabase()
const { db } = database
await insertCatalogFixture(db)
const owner = await createStaffMember(db, 'dono')
const client = adminClient(db)
await client.enter(owner)

const lines: Record<string, string>[] = []
for (let i = 0; lines.length < total; i++) {
  const sku = `BENCH-${String(i).padStart(6, '0')}`
  const base = {
    sku,
    titulo: `Produto de teste ${i} com um título comprido como os da loja`,
    categoria: i % 3 ? 'notebooks' : 'Celulares > Smartphones',
    marca: i % 2 ? 'Dell' : 'Samsung',
    preco: `${100 + (i % 900)},90`,
    preco_de: i % 5 ? '' : `${1200 + (i % 900)},00`,
    ativo: 'sim',
    peso_g: '350',
    altura_mm: '40',
    largura_mm: '120',
    comprimento_mm: '200',
    atacado_min: i % 7 ? '' : '10',
    atacado_preco: i % 7 ? '' : '99,00',
    especificacoes: 'Garantia: 12 meses\nCor: Preta',
    descricao: `<p>Descrição do produto ${i}, com <strong>destaques</strong> e uma lista:</p><ul><li>um</li><li>dois</li></ul>`,
  }
  if (i % 10 === 9 && lines.length + 2 <= total) {
    lines.push({ ...base, variacao: 'Cor', opcao: 'Preto', opcao_preco: base.preco, opcao_estoque: '5' })
    lines.push({ ...base, variacao: 'Cor', opcao: 'Branco', opcao_preco: base.preco, opcao_estoque: '3' })
  } else lines.push({ ...base, estoque: String(i % 50) })
}
const csv = `\uFEFF${CATALOG_COLUMN_NAMES.join(';')}\r\n${lines.map((l) => CATALOG_COLUMN_NAMES.map((c) => (/[;"\n]/.test(l[c] ?? '') ? `"${(l[c] ?? '').replace(/"/g, '""')}"` : (l[c] ?? ''))).join(';')).join('\r\n')}\r\n`

const t0 = performance.now()
const res = await client.request('/admin/api/importacoes?arquivo=bench.csv', { method: 'POST', headers: { 'content-type': 'text/csv' }, body: csv })
const body = (await res.json()) as { importacao: { id: string; total: number; relatorio: { novos: number; alterados: number; linhasComErro: number } } }
const t1 = performance.now()
if (res.status !== 200) throw new Error(`dry run: ${res.status} ${JSON.stringify(body)}`)
let calls = 0
for (;;) {
  const step = await client.post(`/admin/api/importacoes/${body.importacao.id}/aplicar`)
  calls++
  if (step.status !== 200) throw new Error(`apply: ${step.status} ${JSON.stringify(step.body)}`)
  if ((step.body.importacao as { situacao: string }).situacao === 'concluida') break
}
const t2 = performance.now()
const [{ n }] = (await db
  .execute(sql`SELECT count(*)::int AS n FROM products WHERE sku LIKE 'BENCH-%'`)
  .then((r) => (Array.isArray(r) ? r : (r as { rows: unknown[] }).rows))) as { n: number }[]
console.log(
  JSON.stringify({
    engine: testDbKind,
    rows: lines.length,
    bytes: Buffer.byteLength(csv),
    report: body.importacao.relatorio.novos + ' novos',
    products: n,
    dryRunSeconds: +((t1 - t0) / 1000).toFixed(1),
    applySeconds: +((t2 - t1) / 1000).toFixed(1),
    batches: calls,
    totalSeconds: +((t2 - t0) / 1000).toFixed(1),
  }),
)
await database.close()
// The import's target, read by `npm run bench -- --only catalogo`.
if ((t2 - t0) / 1000 > 60) {
  console.log(`✘ importação de ${lines.length} linhas acima de 60 s`)
  process.exitCode = 1
}
