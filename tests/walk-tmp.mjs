import { chromium } from 'playwright-core'
const base = 'http://127.0.0.1:4350'
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium', args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] })
const ctx = await browser.newContext({ viewport: { width: 1280, height: 800 } })
const page = await ctx.newPage()
await page.goto(base + '/admin/entrar')
await page.waitForSelector('form')
await page.waitForTimeout(1500)
await page.getByLabel('E-mail').fill('dono.demo@example.com')
await page.getByLabel('Senha').fill('Demo@2026')
await page.getByRole('button', { name: 'Entrar' }).click()
await page.waitForURL((u) => /^\/admin\/?$/.test(u.pathname))
await page.waitForTimeout(1000)
const cookies = await ctx.cookies()
const shots = [['painel', '/admin/'], ['avaliacoes', '/admin/avaliacoes'], ['mensagens', '/admin/mensagens'], ['mensagem', '/admin/mensagens/1'], ['devolucoes', '/admin/devolucoes'], ['devolucao', '/admin/devolucoes/4']]
for (const [w, h, tag] of [[1280, 800, 'd'], [390, 844, 'm']]) {
  const c = await browser.newContext({ viewport: { width: w, height: h } })
  await c.addCookies(cookies)
  const p = await c.newPage()
  for (const [name, url] of shots) {
    const res = await p.goto(base + url)
    await p.waitForTimeout(700)
    await p.screenshot({ path: `/tmp/wt5-${name}-${tag}.png`, fullPage: name === 'painel' ? false : true })
    console.log(name, tag, res.status())
  }
  await c.close()
}
await browser.close()
