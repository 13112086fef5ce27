import { afterEach, describe, expect, it, vi } from 'vitest'
import { calls } from '../../../contract/calls'
import { fetchInCart, needsCartCheck } from './in-cart'

const answer = (crr: 0 | 1) =>
  new Response(JSON.stringify([{ hash: 'h1', crr: { crr } }, []]), { status: 200, headers: { 'content-type': 'application/json' } })

afterEach(() => {
  vi.unstubAllGlobals()
})

describe('in-cart marker after hydration', () => {
  it('asks only once the personal state is loaded and the cart holds something', () => {
    expect(needsCartCheck({ ItensCar: 0, histBusca: [], loaded: false })).toBe(false)
    expect(needsCartCheck({ ItensCar: 0, histBusca: ['tv'], loaded: true })).toBe(false)
    expect(needsCartCheck({ ItensCar: 2, histBusca: [], loaded: true })).toBe(true)
  })

  it("reads the visitor's crr from detalhe-produto, uncached and not counted as a view", async () => {
    const fetch = vi.fn(async () => answer(1))
    vi.stubGlobal('fetch', fetch)
    expect(await fetchInCart('a b/c')).toBe(true)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe(`${calls.detalheProduto.path}?id=a%20b%2Fc`)
    expect(init).toMatchObject({ method: 'GET', cache: 'no-store', credentials: 'same-origin' })
    // The page counted the visit already: this read says it is not another view.
    expect(init.headers).toMatchObject({ 'x-vitrine-not-a-view': '1' })

    vi.stubGlobal(
      'fetch',
      vi.fn(async () => answer(0)),
    )
    expect(await fetchInCart('h1')).toBe(false)
  })

  it('tells nothing when the call fails', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => new Response(JSON.stringify({ estado: 'erro', msg: 'Produto não encontrado' }), { status: 404 })),
    )
    expect(await fetchInCart('h1')).toBeNull()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    )
    expect(await fetchInCart('h1')).toBeNull()
  })

  it('lets an abort through (the page changed)', async () => {
    const controller = new AbortController()
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init?: RequestInit) =>
          new Promise((_, reject) => init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')))),
      ),
    )
    const pending = fetchInCart('h1', controller.signal)
    controller.abort()
    await expect(pending).rejects.toThrow('aborted')
  })
})
