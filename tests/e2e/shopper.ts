import type { APIRequestContext } from 'playwright-core'
import { expect } from 'vitest'

/** The seeded demo customer (README "Demo data"). */
export const DEMO = { email: 'cliente.demo@example.com', senha: 'Demo@2026' }

export async function post(request: APIRequestContext, path: string, data: unknown) {
  const res = await request.post(path, { data })
  return { status: res.status(), body: (await res.json()) as Record<string, unknown> }
}

/** Logs the demo customer in through the login calls (the browser context keeps the cookie). */
export async function loginDemo(request: APIRequestContext): Promise<void> {
  const permission = await post(request, '/_auth/permission/', {})
  const step1 = await post(request, '/_auth/step/1/', { u: DEMO.email, Acess: permission.body.TokenAcess })
  expect((await post(request, '/_auth/step/2/', { s: DEMO.senha, Acess: step1.body.TokenPass })).body.status).toBe('success')
}

/** Puts one unit of a recent product without variations, with stock, in the cart; returns its title. */
export async function demoCart(request: APIRequestContext): Promise<string> {
  const recentes = (await (await request.get('/_next/api/inicio?bloco=recentes')).json()) as Array<{ hash: string; titulo: string; qtd: number; vari_pdt: unknown[] }>
  const product = recentes.find((p) => p.qtd > 2 && p.vari_pdt.length === 0)
  expect(product).toBeDefined()
  expect((await post(request, '/_next/api/carrinho/add/', { id: product!.hash, qtd: 1 })).status).toBe(200)
  return product!.titulo
}
