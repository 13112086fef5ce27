import { parse } from 'csv-parse/sync'
import type { Browser } from 'playwright-core'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { CATALOG_COLUMN_NAMES } from '../../contract/admin/catalog-import'
import { DESKTOP, hydrated, launchBrowser, openPage } from './browser'
import { staffLogin } from './staff'

/**
 * Catalog import at 1280×800: the demo owner sends a 1,000-line spreadsheet with 3 bad lines, reads
 * the dry run (997 new, 3 lines with errors and why), applies it with the progress bar, and one
 * imported product is on the storefront.
 */
let browser: Browser
beforeAll(async () => {
  browser = await launchBrowser()
})
afterAll(() => browser?.close())

describe('catalog import (1280×800)', () => {
  it('the owner imports 1,000 lines with 3 bad ones: 997 applied, 3 reported, the product on the storefront', async () => {
    const { page, errors } = await openPage(browser, DESKTOP)
    await staffLogin(page)

    // A real category and brand of the demo store, from its own export.
    const exported = await (await page.request.get('/admin/api/catalogo.csv?ativo=sim')).text()
    const [first] = parse(exported.replace(/^\uFEFF/, ''), { delimiter: ';', columns: true, to: 2 }) as Record<string, string>[]
    const lines = Array.from({ length: 1000 }, (_, i) => {
      const n = i + 1
      const cells: Record<string, string> = {
        sku: `E2E-${String(n).padStart(4, '0')}`,
        titulo: `Produto Importado E2E ${n}`,
        categoria: first.categoria,
        marca: first.marca,
        preco: '149,90',
        estoque: '10',
      }
      if (n === 10) cells.preco = 'cento e dez'
      if (n === 500) cells.categoria = 'categoria-que-nao-existe'
      if (n === 900) cells.estoque = '-2'
      return CATALOG_COLUMN_NAMES.map((c) => cells[c] ?? '').join(';')
    })
    const file = `\uFEFF${CATALOG_COLUMN_NAMES.join(';')}\r\n${lines.join('\r\n')}\r\n`

    await page.getByRole('navigation', { name: 'Painel' }).getByRole('link', { name: 'Produtos', exact: true }).click()
    await page.getByRole('link', { name: 'Importar planilha' }).click()
    await page.getByRole('heading', { name: 'Importar produtos', level: 1 }).waitFor()
    await hydrated(page, '#arquivo')
    await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'catalogo-e2e.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
    await page.getByRole('button', { name: 'Analisar arquivo' }).click()
    await page.getByRole('heading', { name: 'Resultado da análise' }).waitFor({ timeout: 60_000 })
    const stat = (label: string) => page.locator('dt', { hasText: label }).locator('xpath=following-sibling::dd')
    expect(await stat('Produtos novos').textContent()).toBe('997')
    expect(await stat('Linhas com erro').textContent()).toBe('3')
    const bad = page.getByRole('table').filter({ hasText: 'Motivo' }).locator('tbody tr')
    expect(await bad.allTextContents()).toEqual([
      expect.stringMatching(/^11E2E-0010Preço inválido: "cento e dez"/),
      expect.stringMatching(/^501E2E-0500Categoria desconhecida: "categoria-que-nao-existe"/),
      expect.stringMatching(/^901E2E-0900Estoque negativo: "-2"/),
    ])

    await page.getByRole('button', { name: 'Aplicar 997 produtos' }).click()
    await page.getByRole('dialog').getByRole('button', { name: 'Aplicar', exact: true }).click()
    await page.getByRole('progressbar', { name: /^Aplic/ }).waitFor()
    await page.getByText('Importação concluída: 997 produtos novos e 0 alterados.').waitFor({ timeout: 120_000 })
    expect(await page.getByRole('progressbar', { name: /^Aplic/ }).getAttribute('aria-valuenow')).toBe('997')

    await page.goto('/produto/produto-importado-e2e-1')
    await page.getByRole('heading', { name: 'Produto Importado E2E 1', level: 1 }).waitFor()
    expect(errors).toEqual([])
  })
})
