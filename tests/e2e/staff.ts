import type { Page } from 'playwright-core'
import { hydrated } from './browser'
import { DEMO } from './shopper'

/** Logs a demo staff member (the Dono unless told) into the back office, as a person does, and waits for the Painel. */
export async function staffLogin(page: Page, email = 'dono.demo@example.com'): Promise<void> {
  await page.goto('/admin/entrar')
  await hydrated(page, 'form')
  await page.getByLabel('E-mail').fill(email)
  await page.getByLabel('Senha').fill(DEMO.senha)
  await page.getByRole('button', { name: 'Entrar' }).click()
  await page.waitForURL((url) => /^\/admin\/?$/.test(url.pathname), { waitUntil: 'commit' })
  await page.getByRole('heading', { name: 'Painel', level: 1, exact: true }).waitFor()
}
