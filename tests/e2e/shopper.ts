import { solveChallenge, type Challenge } from 'altcha-lib'
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2'
import type { APIRequestContext } from 'playwright-core'
import { expect } from 'vitest'
import { cpfWithCheckDigits } from '../../server/seed/customer'

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
  const recentes = (await (await request.get('/_next/api/inicio?bloco=recentes')).json()) as Array<{
    hash: string
    titulo: string
    qtd: number
    vari_pdt: unknown[]
  }>
  const product = recentes.find((p) => p.qtd > 2 && p.vari_pdt.length === 0)
  expect(product).toBeDefined()
  expect((await post(request, '/_next/api/carrinho/add/', { id: product!.hash, qtd: 1 })).status).toBe(200)
  return product!.titulo
}

/**
 * The logged-in demo customer's order: one unit in the cart, then identification, 'Padrão' and
 * `metodo` through the calls the checkout pages make; the order's code.
 */
export async function checkoutDemoCart(request: APIRequestContext, metodo: 'pix' | 'boleto' = 'pix'): Promise<string> {
  await demoCart(request)
  expect(
    (await post(request, '/_next/api/checkout/step/1/', { nome: 'Cliente Demo', email: DEMO.email, cpf: '390.533.447-05', celular: '(11) 9 8765-4321' }))
      .status,
  ).toBe(200)
  expect((await post(request, '/_next/api/checkout/envio/', { opcao: 0 })).status).toBe(200)
  expect((await post(request, '/_next/api/checkout/pagamento/', { metodo })).status).toBe(200)
  const placed = await post(request, '/_next/api/checkout/finalizar/', {})
  expect(placed.status).toBe(200)
  return placed.body.pedido as string
}

let registered = 0

/**
 * Registers a new customer through the registration call, its captcha solved here as the widget
 * does (the store's proof of work, cheap in e2e); the context is then logged in as that customer,
 * who has no address and no order yet. Its CPF (valid) comes from the clock and a counter, so each is new.
 */
export async function registerCustomer(request: APIRequestContext, nome = 'Nova'): Promise<{ email: string; senha: string; cpf: string }> {
  const challenge = (await (await request.get('/_auth/captcha/')).json()) as Challenge
  const solution = await solveChallenge({ challenge, deriveKey })
  expect(solution).toBeTruthy()
  const altcha = Buffer.from(JSON.stringify({ challenge, solution })).toString('base64')
  const seq = String(Date.now() % 1_000_000).padStart(6, '0') + String(++registered % 1000).padStart(3, '0')
  const cpf = cpfWithCheckDigits(seq)
  const email = `e2e-${nome.toLowerCase()}-${Date.now()}-${registered}@example.com`
  const senha = 'Compra-Azul-2026'
  const res = await post(request, '/_auth/cadastro/', {
    nome,
    sobrenome: 'Compradora',
    documento: cpf,
    email,
    telefone: '(11) 9 8765-4321',
    senha,
    confirmacao: senha,
    termos: true,
    altcha,
  })
  expect(res).toEqual({ status: 200, body: { estado: 'sucesso' } })
  return { email, senha, cpf }
}
