import { Hono } from 'hono'
import type { AppBindings } from '../context'

/**
 * Calls of spec §7 whose features have not landed yet. They answer 501 with a pt-BR JSON message
 * (never fake data). Each feature issue removes its lines when it mounts the real handlers.
 */
export const PENDING_CALLS: ReadonlyArray<readonly ['GET' | 'POST', string]> = [
  ['GET', '/_next/api/listar-carrinho/'],
  ['POST', '/_next/api/carrinho/add/'],
  ['POST', '/_next/api/carrinho/rmv/'],
  ['POST', '/_next/api/alterar-pedido/'],
  ['POST', '/_next/api/atualizar-variacao/'],
  ['GET', '/_next/api/dados-compra/'],
  ['GET', '/_next/api/calcular-frete-qqer/'],
  ['GET', '/_next/api/lista-enderecos/'],
  ['POST', '/_auth/step/1/'],
  ['POST', '/_auth/step/2/'],
  ['POST', '/_auth/permission/'],
  ['POST', '/_next/api/consultar-cep/'],
  ['POST', '/_next/api/busca-endereco/'],
  ['POST', '/_next/api/salvar-endereco/'],
  ['POST', '/_next/api/checkout/step/1/'],
  ['GET', '/_next/api/checkout/1/'],
  ['POST', '/_next/api/check-cep/'],
  ['POST', '/_next/api/checkout/step/2/'],
]

export const pendingApi = new Hono<AppBindings>()
for (const [method, path] of PENDING_CALLS) {
  pendingApi.on(method, path, (c) =>
    c.json({ estado: 'erro', msg: 'Este recurso ainda não está disponível na loja.', implementado: false }, 501),
  )
}
