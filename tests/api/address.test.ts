import { eq, sql } from 'drizzle-orm'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ADDRESS_MESSAGES, MAX_ADDRESSES, buscaEnderecoResponseSchema, consultarCepResponseSchema, listaEnderecosResponseSchema } from '../../contract/address'
import { checkCepResponseSchema } from '../../contract/checkout'
import type { Database, Db } from '../../server/db/client'
import { addresses, cepLookups } from '../../server/db/schema'
import { rows } from '../../server/db/sql'
import { deleteOldLookups } from '../../server/domain/address'
import { createSession } from '../../server/domain/session/session'
import { createTestApp } from '../support/app'
import { createTestDatabase, testDbKind } from '../support/db'
import { refusedUrl, startFakeCepProvider, viaCep, type FakeProvider } from '../support/fake-cep-provider'

let database: Database
let db: Db
let provider: FakeProvider
const ids: Record<'ana' | 'bruno' | 'carla' | 'dora', number> = { ana: 0, bruno: 0, carla: 0, dora: 0 }
const tokens: Record<keyof typeof ids, string> = { ana: '', bruno: '', carla: '', dora: '' }

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  for (const name of ['ana', 'bruno', 'carla', 'dora'] as const) {
    // Raw SQL: only the columns every version of the customers table has.
    const [row] = await rows<{ id: number }>(
      db,
      sql`insert into customers (nome, email, password_hash) values (${name}, ${`${name}@example.com`}, 'x') returning id`,
    )
    ids[name] = row.id
    tokens[name] = (await createSession(db, row.id)).token
  }
  provider = await startFakeCepProvider((cep) =>
    cep === '13015100'
      ? { json: viaCep(cep, { logradouro: 'Rua Conceição', bairro: 'Centro', localidade: 'Campinas', uf: 'SP' }) }
      : cep === '13015101'
        ? { json: viaCep(cep, { logradouro: 'Rua Falsa', bairro: 'Centro', localidade: 'Recife', uf: 'PE' }) }
        : { json: { erro: 'true' } },
  )
})
afterAll(async () => {
  await provider?.close()
  await database?.close()
})

type Who = keyof typeof ids | null

async function callAs(who: Who, path: string, json?: unknown, env: { CEP_PROVIDER_URL?: string } = {}) {
  const { request } = createTestApp(db, env)
  const headers = who ? { cookie: `vt_sid=${tokens[who]}` } : undefined
  const res = await request(`/_next/api/${path}`, json === undefined ? { headers } : { method: 'POST', json, headers })
  expect(res.headers.get('cache-control'), path).toBe('private, no-store')
  return { status: res.status, body: (await res.json()) as Record<string, unknown> }
}

async function consult(who: Who, cep: string, env?: { CEP_PROVIDER_URL?: string }) {
  const { status, body } = await callAs(who, 'consultar-cep/', { cep }, env)
  expect(status).toBe(200)
  const parsed = consultarCepResponseSchema.parse(body)
  if (parsed.estado !== 'sucesso') throw new Error('expected a cod')
  return parsed.cod
}

const form = (cod: string, extra: Record<string, unknown> = {}) => ({
  cod,
  nome: '  Ana ',
  sobrenome: 'de Souza',
  telefone: '(11) 9 8765-4321',
  numero: '1578',
  complemento: 'Apto 12',
  ...extra,
})

const count = async (table: typeof addresses | typeof cepLookups) => (await db.select({ n: sql<number>`count(*)::int` }).from(table))[0].n

async function book(who: Who) {
  const { status, body } = await callAs(who, 'lista-enderecos/')
  expect(status).toBe(200)
  const parsed = listaEnderecosResponseSchema.parse(body)
  if (!('enderecos' in parsed)) throw new Error('expected the list')
  return parsed.enderecos
}

describe(`addresses API (${testDbKind})`, () => {
  it('answers auth (401) to a visitor on every call, and stores nothing', async () => {
    const before = [await count(addresses), await count(cepLookups)]
    const calls: Array<[string, unknown]> = [
      ['consultar-cep/', { cep: '01310-200' }],
      ['busca-endereco/', { cod: 'abc' }],
      ['salvar-endereco/', form('abc')],
      ['check-cep/', { cep: '01310200' }],
      ['lista-enderecos/', undefined],
      ['editar-endereco/', { id: '1', nome: 'A', sobrenome: 'B', telefone: '11987654321', numero: '1', complemento: 'c' }],
      ['endereco-principal/', { id: '1' }],
      ['excluir-endereco/', { id: '1' }],
    ]
    for (const [path, json] of calls) {
      const { status, body } = await callAs(null, path, json)
      expect([path, status, body]).toEqual([path, 401, { estado: 'erro', msg: 'auth' }])
    }
    expect([await count(addresses), await count(cepLookups)]).toEqual(before)
  })

  it('turns a CEP into a cod and the cod into the street (bundled list)', async () => {
    const cod = await consult('ana', '01.310-200')
    expect(cod).toMatch(/^[A-Za-z0-9_-]{20,}$/)
    const { status, body } = await callAs('ana', 'busca-endereco/', { cod })
    expect(status).toBe(200)
    expect(buscaEnderecoResponseSchema.parse(body)).toEqual({
      estado: 'sucesso',
      data: { cep: '01310200', estado: 'SP', cidade: 'São Paulo', bairro: 'Bela Vista', rua: 'Avenida Paulista' },
    })
  })

  it('knows only the city of a city-wide CEP', async () => {
    const cod = await consult('ana', '13015-000')
    const { body } = await callAs('ana', 'busca-endereco/', { cod })
    expect(body).toEqual({ estado: 'sucesso', data: { cep: '13015000', estado: 'SP', cidade: 'Campinas', bairro: '', rua: '' } })
  })

  it("answers 'Cep inexistente!' for a CEP in no range", async () => {
    const before = await count(cepLookups)
    expect(await callAs('ana', 'consultar-cep/', { cep: '00.000-001' })).toEqual({ status: 404, body: { estado: 'erro', msg: 'Cep inexistente!' } })
    expect(await count(cepLookups)).toBe(before)
  })

  it('refuses malformed CEPs and bodies in pt-BR, storing nothing', async () => {
    const before = await count(cepLookups)
    for (const cep of ['12', 'abcdefgh', '123456789', '01310-2000', 'x'.repeat(10_000), 1310200, null, "01310200' OR 1=1 --"]) {
      const { status, body } = await callAs('ana', 'consultar-cep/', { cep })
      expect([status, body.msg], String(cep).slice(0, 20)).toEqual([422, ADDRESS_MESSAGES.cepFormato])
    }
    expect((await callAs('ana', 'consultar-cep/', { cep: '01310200', extra: 1 })).status).toBe(422)
    expect((await callAs('ana', 'consultar-cep/', { cep: 'x'.repeat(110_000) })).status).toBe(413)
    const { request } = createTestApp(db)
    const junk = await request('/_next/api/consultar-cep/', {
      method: 'POST',
      body: '{"cep":',
      headers: { cookie: `vt_sid=${tokens.ana}`, 'content-type': 'application/json' },
    })
    expect(junk.status).toBe(400)
    expect(((await junk.json()) as { msg: string }).msg).toMatch(/JSON inválido/)
    expect(await count(cepLookups)).toBe(before)
  })

  it("does not let one customer use another's cod, nor a cod older than an hour", async () => {
    const cod = await consult('ana', '01001-000')
    const foreign = await callAs('bruno', 'busca-endereco/', { cod })
    expect(foreign).toEqual({ status: 404, body: { estado: 'erro', msg: ADDRESS_MESSAGES.consulta } })
    expect((await callAs('bruno', 'salvar-endereco/', form(cod))).status).toBe(404)
    expect(await book('bruno')).toEqual([])

    await db
      .update(cepLookups)
      .set({ createdAt: new Date(Date.now() - 61 * 60_000) })
      .where(eq(cepLookups.cod, cod))
    expect((await callAs('ana', 'busca-endereco/', { cod })).status).toBe(404)
    expect((await callAs('ana', 'salvar-endereco/', form(cod))).body).toEqual({ estado: 'erro', msg: ADDRESS_MESSAGES.consulta })
    for (const bad of ['', 'a b', 'x'.repeat(200), '<script>']) {
      expect((await callAs('ana', 'busca-endereco/', { cod: bad })).body).toEqual({ estado: 'erro', msg: ADDRESS_MESSAGES.consulta })
    }
  })

  it('saves an address from a cod; the first one is the principal', async () => {
    const cod = await consult('carla', '01310200')
    expect(await callAs('carla', 'salvar-endereco/', form(cod))).toEqual({ status: 200, body: { estado: 'sucesso' } })
    const [saved] = await book('carla')
    expect(saved).toMatchObject({
      nome: 'Ana',
      sobrenome: 'de Souza',
      destinatario: 'Ana de Souza',
      telefone: '(11) 9 8765-4321',
      cep: '01310200',
      rua: 'Avenida Paulista',
      numero: '1578',
      complemento: 'Apto 12',
      bairro: 'Bela Vista',
      cidade: 'São Paulo',
      estado: 'SP',
      principal: true,
    })
    // The look-up's street wins over anything sent for it.
    const again = await consult('carla', '01001000')
    expect((await callAs('carla', 'salvar-endereco/', form(again, { rua: 'Outra Rua', bairro: 'Outro' }))).status).toBe(200)
    const list = await book('carla')
    expect(list.map((a) => [a.rua, a.principal])).toEqual([
      ['Avenida Paulista', true],
      ['Praça da Sé', false],
    ])
  })

  it('requires bairro and rua when the CEP knows only the city', async () => {
    const cod = await consult('bruno', '13015000')
    expect((await callAs('bruno', 'salvar-endereco/', form(cod))).body).toEqual({ estado: 'erro', msg: ADDRESS_MESSAGES.bairro })
    expect((await callAs('bruno', 'salvar-endereco/', form(cod, { bairro: 'Centro' }))).body).toEqual({ estado: 'erro', msg: ADDRESS_MESSAGES.rua })
    expect(await book('bruno')).toEqual([])
    expect((await callAs('bruno', 'salvar-endereco/', form(cod, { bairro: ' Centro ', rua: 'Rua Barão de Jaguara' }))).status).toBe(200)
    expect(await book('bruno')).toMatchObject([{ cidade: 'Campinas', bairro: 'Centro', rua: 'Rua Barão de Jaguara', principal: true }])
  })

  it("edits the shopper's own fields of an address, never its place nor another customer's", async () => {
    const [before] = await book('bruno')
    const edited = await callAs('bruno', 'editar-endereco/', {
      id: before.id,
      nome: 'Bruno',
      sobrenome: 'Lima',
      telefone: '21 99876 5432',
      numero: '7',
      complemento: 'Fundos',
    })
    expect(edited.status).toBe(200)
    expect(listaEnderecosResponseSchema.parse(edited.body)).toEqual({
      estado: 'sucesso',
      enderecos: [
        { ...before, nome: 'Bruno', sobrenome: 'Lima', destinatario: 'Bruno Lima', telefone: '(21) 9 9876-5432', numero: '7', complemento: 'Fundos' },
      ],
    })
    const valid = { id: before.id, nome: 'Ana', sobrenome: 'Lima', telefone: '(21) 9 9876-5432', numero: '8', complemento: 'Casa' }
    expect(await callAs('ana', 'editar-endereco/', valid)).toEqual({ status: 404, body: { estado: 'erro', msg: ADDRESS_MESSAGES.endereco } })
    expect((await callAs('bruno', 'editar-endereco/', { ...valid, rua: 'Outra' })).status).toBe(422)
    expect((await callAs('bruno', 'editar-endereco/', { ...valid, numero: 'x' })).body).toEqual({ estado: 'erro', msg: ADDRESS_MESSAGES.numeroFormato })
    expect((await callAs('bruno', 'editar-endereco/', { ...valid, nome: '<b>' })).body).toEqual({ estado: 'erro', msg: ADDRESS_MESSAGES.nomeFormato })
    expect((await book('bruno'))[0]).toMatchObject({ nome: 'Bruno', numero: '7', rua: before.rua })
  })

  it('checks the fields in the order of the screen, in pt-BR, storing nothing', async () => {
    const cod = await consult('ana', '01310200')
    const before = await count(addresses)
    const cases: Array<[Record<string, unknown>, string, number?]> = [
      [{ nome: '   ' }, ADDRESS_MESSAGES.nome],
      [{ nome: '', sobrenome: '' }, ADDRESS_MESSAGES.nome],
      [{ sobrenome: '' }, ADDRESS_MESSAGES.sobrenome],
      [{ telefone: '' }, ADDRESS_MESSAGES.telefone],
      [{ telefone: '(11) 8765-4321' }, ADDRESS_MESSAGES.telefoneFormato],
      [{ telefone: '(00) 9 8765-4321' }, ADDRESS_MESSAGES.telefoneFormato],
      [{ numero: ' ' }, ADDRESS_MESSAGES.numero],
      [{ numero: '12a' }, ADDRESS_MESSAGES.numeroFormato],
      [{ complemento: '' }, ADDRESS_MESSAGES.complemento],
      [{ nome: '<img src=x onerror=alert(1)>' }, ADDRESS_MESSAGES.nomeFormato],
      [{ sobrenome: "Souza'); DROP TABLE addresses; --" }, ADDRESS_MESSAGES.sobrenomeFormato],
      [{ complemento: "'; DELETE FROM addresses; --" }, ADDRESS_MESSAGES.complementoFormato],
      [{ complemento: '<script>alert(1)</script>' }, ADDRESS_MESSAGES.complementoFormato],
      [{ nome: 'A'.repeat(121) }, ADDRESS_MESSAGES.nomeLongo],
      [{ complemento: 'x'.repeat(256) }, ADDRESS_MESSAGES.complementoLongo],
      [{ nome: 12 }, ADDRESS_MESSAGES.nome],
      [{ admin: true }, 'Campo não reconhecido: admin.'],
    ]
    for (const [extra, msg] of cases) {
      const { status, body } = await callAs('ana', 'salvar-endereco/', form(cod, extra))
      expect([JSON.stringify(extra).slice(0, 40), status, body]).toEqual([JSON.stringify(extra).slice(0, 40), 422, { estado: 'erro', msg }])
    }
    expect((await callAs('ana', 'salvar-endereco/', form(cod, { complemento: 'x'.repeat(100 * 1024) }))).status).toBe(413)
    expect(await count(addresses)).toBe(before)
  })

  it('chooses the principal and deletes addresses, promoting another; never another customer’s', async () => {
    const list = await book('carla')
    const [first, second] = list
    const chosen = await callAs('carla', 'endereco-principal/', { id: second.id })
    expect(chosen.status).toBe(200)
    expect(listaEnderecosResponseSchema.parse(chosen.body)).toMatchObject({
      estado: 'sucesso',
      enderecos: [
        { id: second.id, principal: true },
        { id: first.id, principal: false },
      ],
    })

    // Bruno names Carla's address: 404, nothing changes.
    for (const path of ['endereco-principal/', 'excluir-endereco/']) {
      expect(await callAs('bruno', path, { id: first.id })).toEqual({ status: 404, body: { estado: 'erro', msg: ADDRESS_MESSAGES.endereco } })
      expect((await callAs('bruno', path, { id: '1 OR 1=1' })).status).toBe(422)
      expect((await callAs('bruno', path, { id: '99999999999' })).status).toBe(404)
    }
    expect((await book('carla')).length).toBe(2)

    const deleted = await callAs('carla', 'excluir-endereco/', { id: second.id })
    expect(deleted.status).toBe(200)
    expect((deleted.body as { enderecos: unknown[] }).enderecos).toMatchObject([{ id: first.id, principal: true }])
    expect((await callAs('carla', 'excluir-endereco/', { id: second.id })).status).toBe(404)
    expect((await callAs('carla', 'excluir-endereco/', { id: first.id })).body).toEqual({ estado: 'sucesso', enderecos: [] })
  })

  it(`keeps at most ${MAX_ADDRESSES} addresses per customer`, async () => {
    const cod = await consult('carla', '01310200')
    for (let i = 0; i < MAX_ADDRESSES; i++) expect((await callAs('carla', 'salvar-endereco/', form(cod, { numero: String(i + 1) }))).status).toBe(200)
    expect(await callAs('carla', 'salvar-endereco/', form(cod))).toEqual({ status: 409, body: { estado: 'erro', msg: ADDRESS_MESSAGES.limite } })
    const list = await book('carla')
    expect(list).toHaveLength(MAX_ADDRESSES)
    expect(list.filter((a) => a.principal)).toHaveLength(1)
  })

  it('check-cep answers ViaCEP names for the checkout', async () => {
    expect(checkCepResponseSchema.parse((await callAs('ana', 'check-cep/', { cep: '013.10-200' })).body)).toEqual({
      logradouro: 'Avenida Paulista',
      bairro: 'Bela Vista',
      localidade: 'São Paulo',
    })
    expect(await callAs('ana', 'check-cep/', { cep: '00000001' })).toEqual({ status: 404, body: { estado: 'erro', msg: 'Cep inexistente!' } })
    expect((await callAs('ana', 'check-cep/', { cep: '12' })).status).toBe(422)
  })

  it('asks the online provider first, keeps its answer and stands it in while the provider is down', async () => {
    const env = { CEP_PROVIDER_URL: provider.url }
    const cod = await consult('ana', '13015-100', env)
    expect((await callAs('ana', 'busca-endereco/', { cod })).body).toMatchObject({ data: { cidade: 'Campinas', rua: 'Rua Conceição', bairro: 'Centro' } })
    expect(provider.asked).toContain('13015100')
    const [kept] = await db.select().from(cepLookups).where(eq(cepLookups.cod, cod))
    expect(kept).toMatchObject({ fonte: 'provedor', customerId: ids.ana })

    const down = { CEP_PROVIDER_URL: await refusedUrl() }
    const later = await consult('bruno', '13015100', down)
    expect((await callAs('bruno', 'busca-endereco/', { cod: later })).body).toMatchObject({ data: { rua: 'Rua Conceição' } })

    // Nonsense (a city outside the range) and a CEP it does not know: the bundled data answers.
    const wrong = await consult('ana', '13015101', env)
    expect((await callAs('ana', 'busca-endereco/', { cod: wrong })).body).toMatchObject({ data: { cidade: 'Campinas', rua: '' } })
    const listed = await consult('ana', '01310200', env)
    expect((await callAs('ana', 'busca-endereco/', { cod: listed })).body).toMatchObject({ data: { rua: 'Avenida Paulista' } })
  })

  it('rations CEP look-ups: 60 per customer in 10 minutes', async () => {
    for (let i = 0; i < 60; i++) expect((await callAs('dora', i % 2 ? 'check-cep/' : 'consultar-cep/', { cep: '01310200' })).status).toBe(200)
    expect(await callAs('dora', 'consultar-cep/', { cep: '01310200' })).toEqual({
      status: 429,
      body: { estado: 'erro', msg: ADDRESS_MESSAGES.consultasDemais },
    })
    expect((await callAs('dora', 'check-cep/', { cep: '01310200' })).status).toBe(429)
    // Another customer is not held back.
    expect((await callAs('ana', 'consultar-cep/', { cep: '01310200' })).status).toBe(200)
  })

  it('maintenance drops expired look-ups but keeps the provider’s answers for 30 days', async () => {
    const hourAgo = new Date(Date.now() - 2 * 60 * 60_000)
    await db.update(cepLookups).set({ createdAt: hourAgo })
    await deleteOldLookups(db)
    const left = await db.select({ fonte: cepLookups.fonte }).from(cepLookups)
    expect(left.length).toBeGreaterThan(0)
    expect(left.every((row) => row.fonte === 'provedor')).toBe(true)
    await db.update(cepLookups).set({ createdAt: new Date(Date.now() - 31 * 86_400_000) })
    await deleteOldLookups(db)
    expect(await count(cepLookups)).toBe(0)
  })
})
