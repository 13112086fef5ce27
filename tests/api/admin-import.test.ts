import { and, asc, eq, sql } from 'drizzle-orm'
import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_COLUMN_NAMES, type ImportView } from '../../contract/admin/catalog-import'
import type { Database, Db } from '../../server/db/client'
import { auditLog, catalogImports, linkRedirects, products, stockLedger, variationOptions, wholesaleTiers } from '../../server/db/schema'
import { CATALOG_IMPORT } from '../../contract/messages/catalog-import'
import { formatCents } from '../../contract/money'
import { importView, unfinishedImport } from '../../server/domain/catalog/import/analyse'
import { applyImportBatch, cancelImport } from '../../server/domain/catalog/import/apply'
import { decodeCsv } from '../../server/domain/catalog/import/decode'
import { readCatalogFile } from '../../server/domain/catalog/import/read'
import { catalogTemplate } from '../../server/domain/catalog/import/template'
import { insertCatalogFixture, type CatalogFixture } from '../support/catalog-fixtures'
import { adminClient, type AdminClient, type TestStaff, signedIn, staffOfEachRole } from '../support/admin'
import { createTestDatabase, testDbKind } from '../support/db'

let database: Database
let db: Db
let fixture: CatalogFixture
let dono: TestStaff
let operacao: TestStaff
let atendimento: TestStaff

beforeAll(async () => {
  database = await createTestDatabase()
  db = database.db
  fixture = await insertCatalogFixture(db)
  ;({ dono, operacao, atendimento } = await staffOfEachRole(db))
}, 60_000)
afterAll(async () => {
  await database?.close()
})

const as = (member: TestStaff) => signedIn(db, member)

const HEADER = CATALOG_COLUMN_NAMES.join(';')
/** A file from lines of cells by column name; the header holds the columns the lines use (the others are kept as they are). */
function csv(lines: Record<string, string>[], header = (CATALOG_COLUMN_NAMES as string[]).filter((n) => lines.some((l) => n in l))): string {
  return `${header.join(';')}\r\n${lines.map((l) => header.map((h) => l[h] ?? '').join(';')).join('\r\n')}\r\n`
}

async function upload(c: AdminClient, body: string | Uint8Array<ArrayBuffer>, name = 'catalogo.csv') {
  const res = await c.request(`/admin/api/importacoes?arquivo=${encodeURIComponent(name)}`, { method: 'POST', headers: { 'content-type': 'text/csv' }, body })
  const json = (await res.json()) as { importacao?: ImportView; msg?: string }
  return { status: res.status, body: json, view: json.importacao! }
}

/** Applies batches until the import is done; the number of calls. */
async function applyAll(c: AdminClient, id: string): Promise<{ calls: number; view: ImportView }> {
  let calls = 0
  for (;;) {
    const r = await c.post(`/admin/api/importacoes/${id}/aplicar`)
    expect(r.status, JSON.stringify(r.body)).toBe(200)
    calls++
    const view = r.body.importacao as ImportView
    if (view.situacao === 'concluida') return { calls, view }
    if (calls > 100) throw new Error('import never finished')
  }
}

const simple = (sku: string, extra: Record<string, string> = {}) => ({
  sku,
  titulo: `Produto importado ${sku}`,
  categoria: 'notebooks',
  marca: 'Dell',
  preco: '1.234,50',
  estoque: '5',
  ...extra,
})
const productBySku = async (sku: string) => (await db.select().from(products).where(eq(products.sku, sku)))[0]

describe(`catalog import and export (${testDbKind})`, () => {
  it('answers 401 to nobody; Atendimento may export but not import (403, audited)', async () => {
    const nobody = adminClient(db)
    expect((await nobody.request('/admin/api/catalogo.csv')).status).toBe(401)
    expect((await upload(nobody, csv([simple('X-1')]))).status).toBe(401)
    const c = await as(atendimento)
    expect((await c.request('/admin/api/catalogo.csv')).status).toBe(200)
    expect((await c.request('/admin/api/catalogo-modelo.csv')).status).toBe(200)
    expect(await upload(c, csv([simple('X-1')]))).toMatchObject({ status: 403 })
    expect((await c.post('/admin/api/importacoes/abcdefghijklmnopqrst/cancelar')).status).toBe(403)
    expect((await c.post('/admin/api/importacoes/abcdefghijklmnopqrst/aplicar')).status).toBe(403)
    const denied = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'acesso negado'), eq(auditLog.actorId, atendimento.id)))
    expect(denied.length).toBeGreaterThanOrEqual(2)
    expect(await productBySku('X-1')).toBeUndefined()
  })

  it('exports as Excel in Brazil opens it and imports the export back unchanged', async () => {
    const c = await as(operacao)
    const res = await c.request('/admin/api/catalogo.csv')
    expect(res.headers.get('content-type')).toBe('text/csv; charset=utf-8')
    const bytes = new Uint8Array(await res.arrayBuffer()) as Uint8Array<ArrayBuffer>
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf])
    const text = new TextDecoder().decode(bytes)
    expect(text.slice(0, text.indexOf('\r\n'))).toBe(HEADER)
    // One line per option for the product with two colours, decimal commas.
    expect(text).toMatch(
      /\r\nSKU-1;Smartphone Samsung Galaxy A55 5G 256GB;smartphone-samsung-galaxy-a55-5g-256gb;smartphones;Samsung;2099,00;;;sim;210;152;9;80;;;0;SEM GTIN;UN;10;1999,00;Cor;Azul;2199,00;3;sim;/,
    )
    expect(text).toMatch(/\r\nSKU-1;[^\r\n]*;Cor;Preto;2099,00;2;sim;/)
    expect(text).toMatch(/\r\nSKU-12;Smartphone Antigo Desativado;[^\r\n]*;100,00;;5;não;/)
    const total = (await db.select({ n: sql<number>`count(*)::int` }).from(products))[0].n

    const dry = await upload(c, bytes, 'exportado.csv')
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.view.relatorio).toMatchObject({ codificacao: 'UTF-8', separador: ';', novos: 0, alterados: 0, iguais: total, linhasComErro: 0, erros: [] })
    // Nothing to apply: done at once, and the page has nothing to go on with.
    expect(dry.view).toMatchObject({ situacao: 'concluida', total: 0, arquivo: 'exportado.csv' })
    expect(
      await db
        .select()
        .from(auditLog)
        .where(and(eq(auditLog.action, 'catalogo.importacao.analisar'), eq(auditLog.entityId, dry.view.id))),
    ).toMatchObject([{ actorId: operacao.id, after: { arquivo: 'exportado.csv', novos: 0 } }])
    expect(await unfinishedImport(db)).toBeNull()
    expect((await c.post(`/admin/api/importacoes/${dry.view.id}/aplicar`)).status).toBe(409)

    // A filter exports only what the list shows.
    const filtered = await (await c.request(`/admin/api/catalogo.csv?marca=${fixture.brand.dell.id}`)).text()
    expect(filtered.trim().split('\r\n')).toHaveLength(2)
    const skusOf = async (query: string) =>
      (await (await c.request(`/admin/api/catalogo.csv?${query}`)).text())
        .split('\r\n')
        .slice(1, -1)
        .map((l) => l.split(';')[0])
    expect(await skusOf('q=galáxy')).toEqual(['SKU-1', 'SKU-1', 'SKU-3', 'SKU-4', 'SKU-7'])
    expect(await skusOf('estoque=esgotado&ativo=sim')).toEqual(['SKU-3'])
    expect(await skusOf(`categoria=${fixture.cat.celulares.id}&atacado=sim`)).toEqual(['SKU-1', 'SKU-1'])
    expect((await c.request('/admin/api/catalogo.csv?estoque=talvez')).status).toBe(400)
  })

  it('the dry run counts new, changed and unchanged products and explains each bad line; nothing changes until applied', async () => {
    const c = await as(operacao)
    const before = await productBySku('SKU-2')
    const file = csv([
      simple('NOVO-1'), // line 2: new
      { sku: 'SKU-2', titulo: before.titulo, categoria: 'smartphones', marca: 'Apple', preco: '5.899,90', estoque: '20' }, // 3: changed price
      {
        sku: 'SKU-6',
        titulo: 'Notebook Dell Inspiron 15 Intel Core i5 8GB',
        categoria: 'Informática > Notebooks',
        marca: 'dell',
        preco: '3899,00',
        estoque: '7',
      }, // 4: unchanged (path, brand by link)
      simple('NOVO-2', { preco: '12,3,4' }), // 5: bad number
      simple('NOVO-3', { categoria: 'geladeiras' }), // 6: unknown category
      simple('NOVO-4', { link: 'smartphone-apple-iphone-15-128gb-preto' }), // 7: link of another product
      simple('NOVO-5', { atacado_min: '10', atacado_preco: '1.500,00' }), // 8: wholesale above the price
      simple('NOVO-6', { estoque: '-3' }), // 9: negative stock
      simple('NOVO-7', { estoque: '2,5' }), // 10: fractional stock
      { sku: 'NOVO-8', titulo: 'Fone com cores', categoria: 'audio', preco: '99,90', variacao: 'Cor', opcao: 'Preto', opcao_estoque: '4' }, // 11
      { sku: 'NOVO-8', variacao: 'Cor', opcao: 'Branco', opcao_preco: '109,90', opcao_estoque: '1' }, // 12
      simple('NOVO-9', { marca: 'Marca Que Não Existe' }), // 13: unknown brand
    ])
    const dry = await upload(c, file)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    const r = dry.view.relatorio
    expect(r).toMatchObject({ linhas: 12, novos: 2, alterados: 1, iguais: 1, linhasComErro: 7, produtosComErro: 7 })
    expect(r.erros).toEqual([
      { linha: 5, sku: 'NOVO-2', motivo: 'Preço inválido: "12,3,4" (use o formato 1234,56).' },
      { linha: 6, sku: 'NOVO-3', motivo: expect.stringMatching(/^Categoria desconhecida: "geladeiras"/) },
      { linha: 7, sku: 'NOVO-4', motivo: 'O link "smartphone-apple-iphone-15-128gb-preto" já é de outro produto (SKU SKU-2).' },
      {
        linha: 8,
        sku: 'NOVO-5',
        motivo: `O preço de atacado (${formatCents(150000)} a partir de 10 peças) deve ser menor que o preço (${formatCents(123450)}).`,
      },
      { linha: 9, sku: 'NOVO-6', motivo: 'Estoque negativo: "-3" (use 0 ou mais).' },
      { linha: 10, sku: 'NOVO-7', motivo: 'Estoque deve ser um número inteiro: "2,5".' },
      { linha: 13, sku: 'NOVO-9', motivo: 'Marca desconhecida: "Marca Que Não Existe" (cadastre a marca antes de importar).' },
    ])
    expect(r.previa).toEqual([
      { linha: 2, sku: 'NOVO-1', titulo: 'Produto importado NOVO-1', tipo: 'novo', mudancas: [] },
      { linha: 3, sku: 'SKU-2', titulo: before.titulo, tipo: 'alterado', mudancas: ['preco'] },
      { linha: 11, sku: 'NOVO-8', titulo: 'Fone com cores', tipo: 'novo', mudancas: [] },
    ])
    expect(await productBySku('NOVO-1')).toBeUndefined()
    expect((await productBySku('SKU-2')).priceCents).toBe(before.priceCents)

    // Applied on confirmation: one batch, audited, stock moves recorded as 'Importação' by the person.
    const { view } = await applyAll(c, dry.view.id)
    expect(view).toMatchObject({ situacao: 'concluida', total: 3, feitos: 3, relatorio: { aplicacao: { novos: 2, alterados: 1, erros: [] } } })
    const novo = await productBySku('NOVO-1')
    expect(novo).toMatchObject({
      titulo: 'Produto importado NOVO-1',
      priceCents: 123450,
      stock: 5,
      active: true,
      linkReal: 'produto-importado-novo-1',
      brandId: fixture.brand.dell.id,
      categoryId: fixture.cat.notebooks.id,
    })
    expect(novo.searchTitle).toBe('produto importado novo-1')
    expect(novo.searchBody).toContain('dell')
    const sku2 = await productBySku('SKU-2')
    expect(sku2).toMatchObject({ priceCents: 589990, version: before.version + 1 })
    const fone = await productBySku('NOVO-8')
    const fOptions = await db.select().from(variationOptions).where(eq(variationOptions.productId, fone.id)).orderBy(asc(variationOptions.position))
    expect(fOptions.map((o) => [o.name, o.priceCents, o.stock])).toEqual([
      ['Preto', 9990, 4],
      ['Branco', 10990, 1],
    ])
    expect(fone.priceCents).toBe(9990)
    const ledger = await db.select().from(stockLedger).where(eq(stockLedger.productId, novo.id))
    expect(ledger).toMatchObject([{ before: 0, after: 5, reason: 'Importação', actorKind: 'staff', actorId: operacao.id, actorLabel: operacao.nome }])
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogo.importar'), eq(auditLog.entityId, dry.view.id)))
    expect(audits).toHaveLength(1)
    expect(audits[0].after).toMatchObject({ novos: ['NOVO-1', 'NOVO-8'], alterados: ['SKU-2'], concluida: true })
    // Done: applying again is refused, and the page has nothing to go on with.
    expect((await c.post(`/admin/api/importacoes/${dry.view.id}/aplicar`)).status).toBe(409)
    expect(await unfinishedImport(db)).toBeNull()
  })

  it('renames a link with a 301 kept, replaces wholesale, deactivates an option left out and keeps a sale made after the analysis', async () => {
    const c = await as(dono)
    const a55 = await productBySku('SKU-1')
    const capa = await productBySku('SKU-4')
    const file = csv([
      {
        sku: 'SKU-1',
        titulo: a55.titulo,
        categoria: 'smartphones',
        marca: 'Samsung',
        preco: '2099,00',
        atacado_min: '5 | 20',
        atacado_preco: '2.000,00 | 1.950,00',
        variacao: 'Cor',
        opcao: 'Azul',
        opcao_preco: '2199,00',
        opcao_estoque: '10',
      },
      { sku: 'SKU-4', titulo: capa.titulo, link: 'capa-galaxy-a55', categoria: 'acessorios-celular', marca: 'Samsung', preco: '49,90', estoque: '150' },
    ])
    const dry = await upload(c, file)
    expect(dry.view.relatorio.previa.map((p) => [p.sku, p.mudancas])).toEqual([
      ['SKU-1', ['atacado', 'opcoes']],
      ['SKU-4', ['link', 'estoque']],
    ])
    // Two sold between the dry run and the confirmation (checkout's own transaction).
    await db
      .update(products)
      .set({ stock: sql`stock - 2` })
      .where(eq(products.id, capa.id))
    await db
      .update(variationOptions)
      .set({ stock: sql`stock - 1` })
      .where(and(eq(variationOptions.productId, a55.id), eq(variationOptions.name, 'Azul')))
    await applyAll(c, dry.view.id)
    expect(await productBySku('SKU-4')).toMatchObject({ linkReal: 'capa-galaxy-a55', stock: 148 })
    expect((await db.select().from(linkRedirects).where(eq(linkRedirects.oldLink, capa.linkReal)))[0]).toMatchObject({ kind: 'produto', targetId: capa.id })
    const opts = await db.select().from(variationOptions).where(eq(variationOptions.productId, a55.id)).orderBy(asc(variationOptions.id))
    expect(opts.map((o) => [o.name, o.stock, o.active])).toEqual([
      ['Azul', 9, true],
      ['Preto', 2, false],
    ])
    const tiers = await db.select().from(wholesaleTiers).where(eq(wholesaleTiers.productId, a55.id)).orderBy(asc(wholesaleTiers.minQty))
    expect(tiers.map((t) => [t.minQty, t.priceCents])).toEqual([
      [5, 200000],
      [20, 195000],
    ])
  })

  it("reads an option's own measures (all four or none), keeps them when the cells are empty, and exports them (decision 0133)", async () => {
    const c = await as(dono)
    const a55 = await productBySku('SKU-1')
    const line = (extra: Record<string, string>) => ({
      sku: 'SKU-1',
      titulo: a55.titulo,
      categoria: 'smartphones',
      marca: 'Samsung',
      preco: '2099,00',
      variacao: 'Cor',
      ...extra,
    })
    const measures = { opcao_peso_g: '350', opcao_altura_mm: '170', opcao_largura_mm: '90', opcao_comprimento_mm: '40' }
    const partial = await upload(c, csv([line({ opcao: 'Azul', opcao_peso_g: '350' }), line({ opcao: 'Preto' })]))
    expect(partial.view.relatorio.erros.map((e) => e.motivo)).toContain('Medidas da opção: preencha as quatro (peso, altura, largura, comprimento) ou nenhuma.')
    await c.post(`/admin/api/importacoes/${partial.view.id}/cancelar`)
    const dry = await upload(c, csv([line({ opcao: 'Azul', ...measures }), line({ opcao: 'Preto' })]))
    expect(dry.view.relatorio.erros).toEqual([])
    expect(dry.view.relatorio.previa.find((p) => p.sku === 'SKU-1')?.mudancas).toContain('opcoes')
    await applyAll(c, dry.view.id)
    const read = async () =>
      Object.fromEntries(
        (await db.select().from(variationOptions).where(eq(variationOptions.productId, a55.id))).map((o) => [
          o.name,
          [o.pesoG, o.alturaMm, o.larguraMm, o.comprimentoMm],
        ]),
      )
    expect(await read()).toMatchObject({ Azul: [350, 170, 90, 40], Preto: [null, null, null, null] })
    // A file without the cells (an older sheet) keeps them.
    const again = await upload(c, csv([line({ opcao: 'Azul' }), line({ opcao: 'Preto' })]))
    expect(again.view.relatorio.previa.find((p) => p.sku === 'SKU-1')?.mudancas ?? []).not.toContain('opcoes')
    if (again.view.situacao !== 'concluida') await applyAll(c, again.view.id)
    expect((await read()).Azul).toEqual([350, 170, 90, 40])
    const exported = await (await c.request('/admin/api/catalogo.csv')).text()
    expect(exported).toMatch(/;Azul;[^\r\n]*;350;170;90;40;/)
  })

  it('applies in batches, resumes after an interruption, never applies a batch twice and refuses a second file meanwhile', async () => {
    const c = await as(operacao)
    const lines = Array.from({ length: 450 }, (_, i) => simple(`LOTE-${String(i + 1).padStart(4, '0')}`, { titulo: `Produto em lote ${i + 1}` }))
    const dry = await upload(c, csv(lines))
    expect(dry.view).toMatchObject({ total: 450, feitos: 0, relatorio: { novos: 450 } })
    const first = await c.post(`/admin/api/importacoes/${dry.view.id}/aplicar`)
    expect(first.body.importacao).toMatchObject({ situacao: 'aplicando', feitos: 200 })
    const count = async () =>
      (
        await db
          .select({ n: sql<number>`count(*)::int` })
          .from(products)
          .where(sql`sku LIKE 'LOTE-%'`)
      )[0].n
    expect(await count()).toBe(200)
    // The tab closed: another browser finds the unfinished import; a new file must wait.
    const other = await as(dono)
    expect(await unfinishedImport(db)).toMatchObject({ id: dry.view.id, situacao: 'aplicando', feitos: 200, total: 450 })
    expect(await upload(other, csv([simple('OUTRO-1')]))).toMatchObject({ status: 409, body: { msg: CATALOG_IMPORT.stillApplying(dry.view.arquivo).message } })
    // Both press Continuar at once: the import row is locked, each batch is applied once.
    const [a, b] = await Promise.all([c.post(`/admin/api/importacoes/${dry.view.id}/aplicar`), other.post(`/admin/api/importacoes/${dry.view.id}/aplicar`)])
    expect([a.status, b.status]).toEqual([200, 200])
    expect(Math.max((a.body.importacao as ImportView).feitos, (b.body.importacao as ImportView).feitos)).toBe(450)
    expect(await count()).toBe(450)
    expect(await other.post(`/admin/api/importacoes/${dry.view.id}/aplicar`)).toMatchObject({ status: 409, body: { msg: CATALOG_IMPORT.finished.message } })
    const view = await importView(db, dry.view.id)
    expect(view).toMatchObject({ situacao: 'concluida', feitos: 450, relatorio: { aplicacao: { novos: 450, erros: [] } } })
    const audits = await db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'catalogo.importar'), eq(auditLog.entityId, dry.view.id)))
      .orderBy(asc(auditLog.id))
    expect(audits.map((x) => (x.after as { feitos: number }).feitos)).toEqual([200, 400, 450])
    expect(new Set(audits.map((x) => x.actorId))).toEqual(new Set([operacao.id, dono.id]))
  })

  it('converts a Windows-1252 (Latin-1) file from Excel and reads a comma-separated one', async () => {
    const c = await as(operacao)
    const text = csv([simple('LATIN-1', { titulo: 'Câmera de Ação à Prova d’Água', categoria: 'Câmeras' })]).replace('’', "'")
    const dry = await upload(c, new Uint8Array(Buffer.from(text, 'latin1')))
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.view.relatorio).toMatchObject({ codificacao: 'Windows-1252 (convertido para UTF-8)', novos: 1, erros: [] })
    await applyAll(c, dry.view.id)
    expect((await productBySku('LATIN-1')).titulo).toBe("Câmera de Ação à Prova d'Água")

    const comma = 'sku,titulo,categoria,preco\r\nVIRG-1,"Cabo, USB-C",audio,"19,90"\r\n'
    const dry2 = await upload(c, comma)
    expect(dry2.view.relatorio).toMatchObject({ separador: ',', novos: 1, erros: [] })
    await c.post(`/admin/api/importacoes/${dry2.view.id}/cancelar`)
  })

  it('reads the NF-e columns: NCM with dots, GTIN by its check digit, origem 0–8; a bad one is explained per line', async () => {
    const c = await as(operacao)
    const text = csv([
      simple('FISCAL-1', { ncm: '8517.13.00', gtin: '7891000315507', origem: '2', unidade: 'pc' }),
      simple('FISCAL-2', { ncm: '85171', gtin: '7891000315508', origem: '9' }),
    ])
    const dry = await upload(c, text)
    expect(dry.status, JSON.stringify(dry.body)).toBe(200)
    expect(dry.view.relatorio.novos).toBe(1)
    const motivos = dry.view.relatorio.erros.map((e) => e.motivo).join(' ')
    expect(motivos).toContain('NCM inválido')
    expect(motivos).toContain('GTIN inválido')
    expect(motivos).toContain('Origem inválida')
    await applyAll(c, dry.view.id)
    expect(await productBySku('FISCAL-1')).toMatchObject({ ncm: '85171300', gtin: '7891000315507', origem: 2, unidade: 'PC' })
  })

  it('says why a file or an import is refused by its code', async () => {
    const actor = { kind: 'staff' as const, staffId: operacao.id, name: operacao.nome, ip: null }
    expect(decodeCsv(new Uint8Array(0))).toMatchObject({ code: CATALOG_IMPORT.empty.code })
    expect(decodeCsv(new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1]))).toMatchObject({ code: CATALOG_IMPORT.spreadsheet.code })
    expect(decodeCsv(new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))).toMatchObject({ code: CATALOG_IMPORT.notText.code })
    expect(readCatalogFile('sku;titulo;categoria\nA;b;c\n')).toMatchObject({ code: CATALOG_IMPORT.badColumns.code })
    expect(readCatalogFile(`${HEADER}\nA;"sem fim\n`)).toMatchObject({ code: CATALOG_IMPORT.badCsv.code })
    expect(readCatalogFile(`${HEADER}\n`)).toMatchObject({ code: CATALOG_IMPORT.headerOnly.code })
    expect(await applyImportBatch(db, { id: 'naoexiste0000', actor })).toMatchObject({ code: CATALOG_IMPORT.notFound.code })
    const dry = await upload(await as(operacao), csv([simple('COD-1')]))
    expect(await cancelImport(db, { id: dry.view.id, actor })).toMatchObject({ situacao: 'cancelada' })
    expect(await applyImportBatch(db, { id: dry.view.id, actor })).toMatchObject({ code: CATALOG_IMPORT.cancelled.code })
    expect(await cancelImport(db, { id: dry.view.id, actor })).toMatchObject({ code: CATALOG_IMPORT.cancelled.code })
  })

  it('refuses a file with wrong columns, a spreadsheet, a broken CSV, an empty file or junk, changing nothing', async () => {
    const c = await as(operacao)
    expect(await upload(c, 'sku;titulo;categoria\r\nA;b;c\r\n')).toMatchObject({
      status: 422,
      body: { msg: expect.stringMatching(/^Colunas do arquivo inválidas: faltam as colunas obrigatórias preco\./) },
    })
    expect(await upload(c, 'sku;titulo;categoria;preco;cor\r\nA;b;c;1\r\n')).toMatchObject({
      status: 422,
      body: { msg: expect.stringMatching(/colunas desconhecidas: cor/) },
    })
    expect(await upload(c, new Uint8Array([0x50, 0x4b, 0x03, 0x04, 1, 2, 3]))).toMatchObject({ status: 415, body: { msg: CATALOG_IMPORT.spreadsheet.message } })
    expect(await upload(c, new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0, 0, 0, 1]))).toMatchObject({ status: 415 })
    expect(await upload(c, `${HEADER}\r\nA;"sem fim\r\n`)).toMatchObject({ status: 422, body: { msg: expect.stringMatching(/^CSV inválido/) } })
    expect(await upload(c, '')).toMatchObject({ status: 422, body: { msg: CATALOG_IMPORT.empty.message } })
    expect(await upload(c, `${HEADER}\r\n`)).toMatchObject({ status: 422 })
    // A line with fewer cells, a repeated SKU, a title over the limit: line errors.
    const dry = await upload(c, `sku;titulo;categoria;preco\r\nJ-1;ok;audio\r\nJ-2;ok;audio;10\r\nJ-2;de novo;audio;10\r\nJ-3;${'x'.repeat(256)};audio;10\r\n`)
    expect(dry.view.relatorio.erros.map((e) => [e.linha, e.motivo.slice(0, 30)])).toEqual([
      [2, 'A linha tem 3 colunas e o cabe'],
      [4, 'Título diferente da linha 3 do'],
      [4, 'SKU repetido: já está na linha'],
      [5, 'Título longo demais (até 255 c'],
    ])
    expect(dry.view.relatorio).toMatchObject({ novos: 0, linhasComErro: 3 })
    await c.post(`/admin/api/importacoes/${dry.view.id}/cancelar`)
    expect((await c.post('/admin/api/importacoes/naoexiste0000/aplicar')).status).toBe(404)
    expect((await c.request('/admin/api/importacoes', { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' })).status).toBe(415)
    const big = new Uint8Array(21 * 1024 * 1024)
    expect((await upload(c, big)).status).toBe(413)
  })

  it('ships a template that imports into a store with its categories and brands', async () => {
    expect(readFileSync('docs/catalogo-modelo.csv', 'utf8')).toBe(catalogTemplate())
    const doc = readFileSync('docs/catalogo.md', 'utf8')
    for (const name of CATALOG_COLUMN_NAMES) expect(doc, name).toContain(`| \`${name}\` |`)
    const c = await as(operacao)
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(await (await c.request('/admin/api/catalogo-modelo.csv')).arrayBuffer())).toBe(
      catalogTemplate(),
    )
    const dry = await upload(c, catalogTemplate())
    // The fixture's catalog has other categories and brands than the demo store's: explained per line.
    expect(dry.view.relatorio.erros.map((e) => e.motivo.slice(0, 22))).toContain('Categoria desconhecida')
    await c.post(`/admin/api/importacoes/${dry.view.id}/cancelar`)
    const rowsLeft = await db
      .select({ n: sql<number>`count(*)::int` })
      .from(catalogImports)
      .where(sql`status IN ('analisada', 'aplicando')`)
    expect(rowsLeft[0].n).toBe(0)
  })
})
