import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  buscaEspResponseSchema,
  catalogoErroSchema,
  detalheProdutoResponseSchema,
  inicioResponseSchemas,
  itensCategoriaResponseSchema,
  itensMarcaResponseSchema,
  pesquisaResponseSchema,
} from '../../contract/catalog'
import { dataMenuResponseSchema } from '../../contract/menu'
import type { Database } from '../../server/db/client'
import { sessions } from '../../server/db/schema'
import { createSession } from '../../server/domain/session/session'
import { flushSearchHistory } from '../../server/domain/session/search-history'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { createTestApp } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let fx: CatalogFixture
const A55 = 'smartphone-samsung-galaxy-a55-5g-256gb'

beforeAll(async () => {
  database = await createTestDatabase()
  fx = await insertCatalogFixture(database.db)
})
afterAll(() => database?.close())

async function getJson(path: string, app = createTestApp(database.db)) {
  const res = await app.request(path)
  return { status: res.status, body: await res.json(), res }
}

async function expectErro(path: string, status: number, msg?: string) {
  const { status: got, body } = await getJson(path)
  expect(got, path).toBe(status)
  const erro = catalogoErroSchema.parse(body)
  if (msg) expect(erro.msg).toBe(msg)
  return erro
}

describe(`catalog API (${testDbKind})`, () => {
  it.each(['slider', 'ced', 'TopPdts', 'recentes'] as const)('GET /inicio?bloco=%s matches the contract', async (bloco) => {
    const { status, body, res } = await getJson(`/_next/api/inicio?bloco=${bloco}`)
    expect(status).toBe(200)
    expect(inicioResponseSchemas[bloco].parse(body).length).toBeGreaterThan(0)
    expect(res.headers.get('set-cookie')).toBeNull()
  })

  it('GET /inicio with an unknown or missing bloco is a 400 erro', async () => {
    const erro = await expectErro('/_next/api/inicio?bloco=nada', 400)
    expect(erro.msg).toMatch(/Bloco desconhecido/)
    await expectErro('/_next/api/inicio', 400)
  })

  it('GET /pesquisa matches the contract, suggests vqd, and records the search for a visitor with a session only', async () => {
    const app = createTestApp(database.db)
    const count = async () => (await database.db.select().from(sessions)).length
    const before = await count()
    const anonymous = await getJson(`/_next/api/pesquisa?p=tv`, app)
    expect(anonymous.status).toBe(200)
    // A search is a read: no session row, no cookie.
    expect(anonymous.res.headers.get('set-cookie')).toBeNull()
    expect(await count()).toBe(before)
    const { token } = await createSession(database.db)
    const asVisitor = async (path: string) => (await app.app.request(`http://localhost${path}`, { headers: { cookie: `vt_sid=${token}` } })).json()
    const [result] = pesquisaResponseSchema.parse(await asVisitor(`/_next/api/pesquisa?p=${encodeURIComponent('smartfone')}`))
    expect(result.vqd).toBe('smartphone')
    expect(result.data.length).toBeGreaterThan(0)
    await asVisitor(`/_next/api/pesquisa?p=${encodeURIComponent('  Câmera ')}`)
    await flushSearchHistory(database.db)
    const menu = dataMenuResponseSchema.parse(await asVisitor('/_next/api/DataMenu/'))
    expect(menu.histBusca).toEqual(['Câmera', 'smartfone'])
  })

  it.each([
    ['no term', '/_next/api/pesquisa'],
    ['blank term', '/_next/api/pesquisa?p=%20%20'],
    ['junk paging', '/_next/api/pesquisa?p=tv&pagina=-1&ordem=xyz&min=abc&max=%01'],
    ['sql', `/_next/api/pesquisa?p=${encodeURIComponent("'; drop table products; --")}`],
    ['wildcards', `/_next/api/pesquisa?p=${encodeURIComponent('%_\\')}`],
    ['emoji', `/_next/api/pesquisa?p=${encodeURIComponent('📱🔥')}`],
    ['10 KB', `/_next/api/pesquisa?p=${encodeURIComponent('galaxy '.repeat(1500))}`],
    ['repeated params', '/_next/api/pesquisa?p=tv&p=notebook&pagina=2&pagina=x'],
    ['bad percent-encoding', '/_next/api/pesquisa?p=%E0%A4%A&pagina=%ZZ'],
  ])('GET /pesquisa with %s answers 200 with the contract shape', async (_name, path) => {
    const { status, body } = await getJson(path)
    expect(status).toBe(200)
    expect(pesquisaResponseSchema.parse(body)[0].pagina).toBeGreaterThanOrEqual(1)
  })

  it('GET /detalhe-produto matches the contract, counts the view and marks what is in the cart', async () => {
    const app = createTestApp(database.db)
    const { status, body, res } = await getJson(`/_next/api/detalhe-produto?id=${A55}`, app)
    expect(status).toBe(200)
    expect(res.headers.get('cache-control')).toBe('private, no-store')
    const [detail, similares] = detalheProdutoResponseSchema.parse(body)
    expect(detail.link_real).toBe(A55)
    expect(detail.crr.crr).toBe(0)
    expect(similares.length).toBeGreaterThan(0)
    const byTitle = await getJson(`/_next/api/detalhe-produto?id=${encodeURIComponent('Câmera Digital Canon EOS Rebel T7')}`)
    expect(byTitle.status).toBe(200)
    const top = inicioResponseSchemas.TopPdts.parse((await getJson('/_next/api/inicio?bloco=TopPdts')).body)
    expect(top.find((c) => c.link_real === A55)).toBeDefined()
  })

  it.each(['nao-existe', '', "'%20OR%201=1", 'smartphone-antigo-desativado'])('GET /detalhe-produto?id=%s is the spec 404', async (id) => {
    await expectErro(`/_next/api/detalhe-produto?id=${id}`, 404, 'Não encontramos esse produto')
  })

  it('GET /itens-categoria matches the contract and falls back on bad params', async () => {
    const ok = await getJson('/_next/api/itens-categoria?id=celulares')
    expect(ok.status).toBe(200)
    const body = itensCategoriaResponseSchema.parse(ok.body)
    expect(body.titulo).toBe('Celulares')
    const junk = await getJson('/_next/api/itens-categoria?id=tok-celulares&pagina=abc&ordem=%3Cscript%3E&min=-1&max=9e99')
    expect(junk.status).toBe(200)
    expect(itensCategoriaResponseSchema.parse(junk.body).data.map((d) => d.hash)).toEqual(body.data.map((d) => d.hash))
    await expectErro('/_next/api/itens-categoria?id=nada', 404)
    await expectErro('/_next/api/itens-categoria', 404)
  })

  it('GET /itens-marca/{id} matches the contract (marca is a number)', async () => {
    for (const path of ['/_next/api/itens-marca/samsung', '/_next/api/itens-marca/samsung/?ordem=menor-preco&pagina=2']) {
      const { status, body } = await getJson(path)
      expect(status, path).toBe(200)
      const parsed = itensMarcaResponseSchema.parse(body)
      expect(parsed.data.every((d) => d.marca === fx.brand.samsung.id)).toBe(true)
    }
    await expectErro('/_next/api/itens-marca/nao-existe', 404, 'Nenhum resultado foi encontrado')
  })

  it('GET /busca-esp/{mc}/{name}/ answers the product list itself', async () => {
    for (const path of [
      '/_next/api/busca-esp/samsung/celulares/',
      '/_next/api/busca-esp/samsung/celulares',
      `/_next/api/busca-esp/samsung/${encodeURIComponent('Acessórios para Celular')}/`,
    ]) {
      const { status, body } = await getJson(path)
      expect(status, path).toBe(200)
      expect(Array.isArray(body), path).toBe(true)
      const cards = buscaEspResponseSchema.parse(body)
      expect(cards.length, path).toBeGreaterThan(0)
      expect(
        cards.every((p) => p.marca.link === 'samsung'),
        path,
      ).toBe(true)
    }
    // The same filters and sort as the brand page: every card within the price range, cheapest first.
    const { body } = await getJson('/_next/api/busca-esp/samsung/celulares/?ordem=menor-preco&max=2000')
    expect(buscaEspResponseSchema.parse(body).map((p) => p.valor)).toEqual([49.9, 129.9])
    await expectErro('/_next/api/busca-esp/samsung/nada/', 404)
    await expectErro('/_next/api/busca-esp/nada/celulares/', 404)
  })
})
