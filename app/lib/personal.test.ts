import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { calls } from '../../contract/calls'
import type { DataMenu } from '../../contract/menu'
import type * as PersonalModule from './personal'

const menu = (over: Partial<DataMenu> = {}): DataMenu => ({ ItensCar: 0, histBusca: [], Categorias: [], Sgt: [], ...over })
const json = (body: unknown, status = 200) => new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } })

/** A fetch whose answers the test releases one by one, in any order. */
function controlledFetch() {
  const pending: Array<{ url: string; init?: RequestInit; answer: (r: Response) => void }> = []
  const fetch = vi.fn((url: string, init?: RequestInit) => new Promise<Response>((answer) => pending.push({ url, init, answer })))
  return { fetch, pending }
}

const settle = () => new Promise((r) => setTimeout(r, 0))

let personal: typeof PersonalModule
beforeEach(async () => {
  // The store lives in module state: a fresh copy per test.
  vi.resetModules()
  personal = await import('./personal')
})
afterEach(() => {
  vi.unstubAllGlobals()
})

describe('personal state (badge and recent searches)', () => {
  it('starts empty and not loaded, like the server render', () => {
    expect(personal.getPersonal()).toEqual({ ItensCar: 0, histBusca: [], loaded: false })
    expect(personal.getPersonal()).toBe(personal.EMPTY_PERSONAL)
  })

  it('loads DataMenu once, uncached and with the session cookie, and keeps only the personal part', async () => {
    const fetch = vi.fn(async () => json(menu({ ItensCar: 3, histBusca: ['notebook', 'fone'], Sgt: [{ titulo: 'TVs', ndi: 'tvs' }] })))
    vi.stubGlobal('fetch', fetch)
    personal.loadPersonal()
    await settle()
    expect(fetch).toHaveBeenCalledTimes(1)
    const [url, init] = fetch.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe(calls.dataMenu.path)
    expect(init).toMatchObject({ method: 'GET', cache: 'no-store', credentials: 'same-origin' })
    expect(personal.getPersonal()).toEqual({ ItensCar: 3, histBusca: ['notebook', 'fone'], loaded: true })
    personal.loadPersonal()
    await settle()
    expect(fetch).toHaveBeenCalledTimes(1)
  })

  it('the first load is skipped when a page already asked (the search page on a direct visit)', async () => {
    const fetch = vi.fn(async () => json(menu({ histBusca: ['tv'] })))
    vi.stubGlobal('fetch', fetch)
    const refreshed = personal.refreshPersonal()
    personal.loadPersonal()
    await refreshed
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(personal.getPersonal().histBusca).toEqual(['tv'])
  })

  it('refreshing after a search shows the new history; a late older answer is dropped', async () => {
    const { fetch, pending } = controlledFetch()
    vi.stubGlobal('fetch', fetch)
    const first = personal.refreshPersonal()
    const second = personal.refreshPersonal()
    pending[1].answer(json(menu({ histBusca: ['notebook', 'fone'] })))
    await second
    pending[0].answer(json(menu({ histBusca: ['fone'] })))
    await first
    expect(personal.getPersonal().histBusca).toEqual(['notebook', 'fone'])
  })

  it('a failed answer keeps what is shown', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json(menu({ ItensCar: 2 }))),
    )
    await personal.refreshPersonal()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => json({ estado: 'erro', msg: 'falhou' }, 500)),
    )
    await personal.refreshPersonal()
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => Promise.reject(new TypeError('offline'))),
    )
    await personal.refreshPersonal()
    expect(personal.getPersonal()).toEqual({ ItensCar: 2, histBusca: [], loaded: true })
  })

  it('a cart answer with itens sets the count without asking DataMenu', () => {
    const fetch = vi.fn()
    vi.stubGlobal('fetch', fetch)
    personal.cartChanged(4)
    expect(fetch).not.toHaveBeenCalled()
    expect(personal.getPersonal()).toEqual({ ItensCar: 4, histBusca: [], loaded: true })
  })

  it('a cart change without a count asks DataMenu', async () => {
    const fetch = vi.fn(async () => json(menu({ ItensCar: 1 })))
    vi.stubGlobal('fetch', fetch)
    personal.cartChanged()
    await settle()
    expect(fetch).toHaveBeenCalledTimes(1)
    expect(personal.getPersonal().ItensCar).toBe(1)
  })

  it('a refresh started before a cart answer keeps the newer count but takes the searches', async () => {
    const { fetch, pending } = controlledFetch()
    vi.stubGlobal('fetch', fetch)
    const refreshed = personal.refreshPersonal()
    personal.cartChanged(5)
    pending[0].answer(json(menu({ ItensCar: 4, histBusca: ['tv'] })))
    await refreshed
    expect(personal.getPersonal()).toEqual({ ItensCar: 5, histBusca: ['tv'], loaded: true })
  })
})
