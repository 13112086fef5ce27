import { chromium } from 'playwright-core'
const base = 'http://localhost:4340'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'pt-BR' })
const page = await ctx.newPage()
page.setDefaultTimeout(60000)
await page.goto(base + '/admin/entrar')
await page.waitForTimeout(2000)
await page.getByLabel('E-mail').fill('dono.demo@example.com')
await page.getByLabel('Senha').fill('Demo@2026')
await page.getByRole('button', { name: 'Entrar' }).click()
await page.getByRole('heading', { name: 'Painel', level: 1, exact: true }).waitFor()
const exported = await (await page.request.get(base + '/admin/api/catalogo.csv?ativo=sim')).text()
const second = exported.split('\r\n')[1].split(';')
const cols = exported.replace(/^\uFEFF/, '').split('\r\n')[0].split(';')
const lines = []
for (let i = 1; i <= 600; i++) {
  const c = { sku: `SHOT-${i}`, titulo: `Produto de exemplo ${i}`, categoria: second[3], marca: second[4], preco: '149,90', estoque: '10' }
  if (i === 7) c.preco = '12,3,4'
  if (i === 40) c.categoria = 'geladeiras'
  if (i === 41) c.estoque = '-1'
  lines.push(cols.map((k) => c[k] ?? '').join(';'))
}
// a change to an existing product, from the export
const changed = exported.split('\r\n')[1]
lines.push(changed.replace(/;sim;/, ';não;'))
const file = '\uFEFF' + cols.join(';') + '\r\n' + lines.join('\r\n') + '\r\n'
await page.goto(base + '/admin/produtos/importar')
await page.waitForTimeout(3000)
await page.screenshot({ path: '/tmp/wt4-shot-empty.png', fullPage: false })
await page.getByLabel('Arquivo CSV').setInputFiles({ name: 'catalogo.csv', mimeType: 'text/csv', buffer: Buffer.from(file) })
await page.getByRole('button', { name: 'Analisar arquivo' }).click()
await page.getByRole('heading', { name: 'Resultado da análise' }).waitFor()
await page.screenshot({ path: '/tmp/wt4-shot-dry-desktop.png', fullPage: true })
await page.setViewportSize({ width: 390, height: 844 })
await page.waitForTimeout(500)
await page.screenshot({ path: '/tmp/wt4-shot-dry-phone.png', fullPage: false })
await page.setViewportSize({ width: 1280, height: 800 })
await page.getByRole('button', { name: /^Aplicar \d+ produtos/ }).click()
await page.screenshot({ path: '/tmp/wt4-shot-confirm.png' })
await page.getByRole('dialog').getByRole('button', { name: 'Aplicar', exact: true }).click()
await page.getByRole('progressbar').waitFor()
await page.waitForFunction(() => { const p = document.querySelector('[role=progressbar]'); return p && Number(p.getAttribute('aria-valuenow')) >= 200 })
await page.getByRole('button', { name: 'Pausar' }).click()
await page.waitForTimeout(3000)
// reload: the unfinished import with Continuar
await page.reload()
await page.waitForTimeout(2500)
await page.screenshot({ path: '/tmp/wt4-shot-resume-desktop.png', fullPage: false })
await page.setViewportSize({ width: 390, height: 844 })
await page.waitForTimeout(500)
await page.screenshot({ path: '/tmp/wt4-shot-resume-phone.png', fullPage: false })
await page.setViewportSize({ width: 1280, height: 800 })
await page.getByRole('button', { name: 'Continuar' }).click()
await page.getByText(/Importação concluída:/).waitFor({ timeout: 120000 })
await page.screenshot({ path: '/tmp/wt4-shot-done.png', fullPage: false })
await browser.close()
