/**
 * Internal headers between the pages/handlers and the micro-cache (server/http/micro-cache.ts).
 * They are read and removed by the micro-cache; none of them ever reaches the browser.
 */

/** The answer is the same for every visitor (no session data in it): it may be cached and shared. */
export const SHARED_HEADER = 'x-vitrine-cache'
export const SHARED_VALUE = 'shared'

/** The product a page or detalhe-produto shows: a cached copy still counts a view (MAIS ACESSADOS). */
export const VIEW_HEADER = 'x-vitrine-view'

/**
 * The search term (URI-encoded) a results page or pesquisa shows: a cached copy still records the
 * term in the visitor's search history (histBusca).
 */
export const SEARCH_HEADER = 'x-vitrine-search'

/**
 * The product this shared answer shows as not in the cart (detalhe-produto's crr 0): a cached copy
 * serves only visitors whose cart does not hold it; the others go to the handler.
 */
export const NOT_IN_CART_HEADER = 'x-vitrine-not-in-cart'

export const INTERNAL_HEADERS = [SHARED_HEADER, VIEW_HEADER, SEARCH_HEADER, NOT_IN_CART_HEADER] as const

/** Headers a route returns to say "this page is the same for everyone". */
export function sharedAnswer(extra?: Record<string, string>): Record<string, string> {
  return { [SHARED_HEADER]: SHARED_VALUE, ...extra }
}

/**
 * Headers of a page made for one visitor (checkout, the account): no shared marker, so the
 * micro-cache never keeps it, and `private, no-store` so no browser or proxy does either.
 */
export function privateAnswer(): Record<string, string> {
  return { 'Cache-Control': 'private, no-store' }
}
