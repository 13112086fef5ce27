import { afterEach, describe, expect, expectTypeOf, it, vi } from 'vitest'
import { call, requestOf, type CallFailure } from './api'

const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** Stubs fetch with one answer and returns the mock, to read what was asked. */
function answer(response: Response | Promise<Response>) {
  const fetch = vi.fn(async (_url: string, _init?: RequestInit) => response)
  vi.stubGlobal('fetch', fetch)
  return fetch
}

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('requestOf: URLs from the registry', () => {
  it('fills path segments, encoded', () => {
    expect(requestOf('itensMarca', { id: 'lg' }).url).toBe('/_next/api/itens-marca/lg')
    expect(requestOf('buscaEsp', { mc: 'samsung', name: 'Áudio e Som/TV' }).url).toBe('/_next/api/busca-esp/samsung/%C3%81udio%20e%20Som%2FTV/')
  })

  it("puts a GET's other input in the query string, leaving out absent values", () => {
    expect(requestOf('pesquisa', { p: 'tv 4k', pagina: 2, ordem: undefined }).url).toBe('/_next/api/pesquisa?p=tv%204k&pagina=2')
    expect(requestOf('detalheProduto', { id: 'a b/c' }).url).toBe('/_next/api/detalhe-produto?id=a%20b%2Fc')
    expect(requestOf('inicioRecentes', { bloco: 'recentes' }).url).toBe('/_next/api/inicio?bloco=recentes')
    expect(requestOf('itensMarca', { id: 'lg', ordem: 'menor-preco', max: 1500.5 }).url).toBe('/_next/api/itens-marca/lg?ordem=menor-preco&max=1500.5')
    expect(requestOf('dataMenu')).toEqual({ method: 'GET', url: '/_next/api/DataMenu/' })
  })

  it("sends a POST's input as the body", () => {
    expect(requestOf('carrinhoAdd', { id: 'p1', qtd: 2 })).toEqual({ method: 'POST', url: '/_next/api/carrinho/add/', body: { id: 'p1', qtd: 2 } })
    expect(requestOf('loginStep1', { u: 'a@b.com', Acess: 't' }).url).toBe('/_auth/step/1/')
  })

  it("types each call's input from the registry (these lines are checked by tsc, not run)", () => {
    const typeChecks = () => {
      // @ts-expect-error detalhe-produto needs the product id
      void call('detalheProduto', {})
      // @ts-expect-error busca-esp needs both path segments
      void call('buscaEsp', { mc: 'lg' })
      // @ts-expect-error carrinho/add takes qtd as a number
      void call('carrinhoAdd', { id: 'p1', qtd: '1' })
      // @ts-expect-error no such call
      void call('naoExiste')
      void call('itensMarca', { id: 'lg', pagina: 2 })
    }
    expect(typeChecks).toBeTypeOf('function')
  })

  it('refuses a missing path segment instead of asking a wrong URL', () => {
    expect(() => requestOf('itensMarca', {})).toThrow(/id/)
  })
})

describe('call', () => {
  it('answers the typed data of a call that worked, asked with the session cookie', async () => {
    const fetch = answer(json({ estado: 'sucesso', itens: 3 }))
    const res = await call('carrinhoAdd', { id: 'p1', qtd: 1, variacao: 'op_azul' })
    expect(res).toEqual({ ok: true, status: 200, data: { estado: 'sucesso', itens: 3 } })
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/_next/api/carrinho/add/')
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' } })
    expect(JSON.parse(String(init?.body))).toEqual({ id: 'p1', qtd: 1, variacao: 'op_azul' })
    if (res.ok) expectTypeOf(res.data).toEqualTypeOf<{ estado: 'sucesso'; itens: number }>()
  })

  it('passes cache, signal and headers through; a GET has no body', async () => {
    const fetch = answer(json([]))
    const controller = new AbortController()
    await call('buscaEsp', { mc: 'lg', name: 'tvs' }, { cache: 'no-store', signal: controller.signal, headers: { 'x-a': '1' } })
    const [url, init] = fetch.mock.calls[0]
    expect(url).toBe('/_next/api/busca-esp/lg/tvs/')
    expect(init).toMatchObject({ method: 'GET', cache: 'no-store', signal: controller.signal, headers: { 'x-a': '1' } })
    expect(init?.body).toBeUndefined()
  })

  it("reads a non-2xx answer as a failure with the server's estado and msg", async () => {
    answer(json({ estado: 'erro', msg: 'Nenhum resultado foi encontrado' }, 404))
    expect(await call('itensMarca', { id: 'nada' })).toEqual({ ok: false, status: 404, estado: 'erro', msg: 'Nenhum resultado foi encontrado' })
  })

  it("reads a 200 answer with estado 'erro' (or checkout/1's 'error') as a failure", async () => {
    answer(json({ estado: 'erro', msg: 'Selecione uma variação do produto!' }))
    expect(await call('carrinhoAdd', { id: 'p1', qtd: 1 })).toEqual({
      ok: false,
      status: 200,
      estado: 'erro',
      msg: 'Selecione uma variação do produto!',
    })
    answer(json({ estado: 'error', msg: 'Identifique-se primeiro.' }))
    expect(await call('checkout1')).toMatchObject({ ok: false, estado: 'error', msg: 'Identifique-se primeiro.' })
  })

  it("keeps business answers that are not failures, such as 'MaxLimite' with its max", async () => {
    answer(json({ estado: 'MaxLimite', msg: 'Estoque máximo: 1', max: 1 }))
    expect(await call('alterarPedido', { pdt: 'ln_1', qtd: 3 })).toEqual({
      ok: true,
      status: 200,
      data: { estado: 'MaxLimite', msg: 'Estoque máximo: 1', max: 1 },
    })
  })

  it('has a message for people when the answer says none, or is not JSON, or there is no connection', async () => {
    answer(new Response('<html>502</html>', { status: 502 }))
    const bad = await call('dataMenu')
    expect(bad).toMatchObject({ ok: false, status: 502, estado: 'erro' })
    expect((bad as CallFailure).msg).toMatch(/Tente novamente/)
    answer(Promise.reject(new TypeError('Failed to fetch')))
    expect(await call('dataMenu')).toEqual({ ok: false, status: 0, estado: 'erro', msg: 'Sem conexão com a loja. Verifique sua internet.' })
  })

  it('lets an abort through (the caller cancelled)', async () => {
    answer(Promise.reject(new DOMException('aborted', 'AbortError')))
    await expect(call('dataMenu')).rejects.toThrow('aborted')
  })
})
