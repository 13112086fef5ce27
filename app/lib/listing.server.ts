import { data, redirect, type MetaDescriptor } from 'react-router'
import { LISTING_PAGE_SIZE, listingQuerySchema, type ListingQuery } from '../../contract/catalog'
import { orBusy } from './busy.server'
import { siteOrigin } from './seo'

type ListingArgs = { request: Request; context: Parameters<typeof siteOrigin>[0] }

/**
 * The loader shape every catalog listing shares (category, brand, brand + category): paging, sort
 * and price range read from the URL, `load` run (503 when the store is too busy), and a 404 with
 * `notFound` when it finds nothing. `meta` is made here, on the server, so the browser ships no seo
 * helpers (decision 0060).
 */
export type ListingPage<T> = { found: false; origin: string; msg: string } | { found: true; origin: string; filtered: boolean; perPage: number; result: T }

export async function loadListing<T>(
  { request, context }: ListingArgs,
  notFound: string,
  load: (query: ListingQuery) => Promise<T | null>,
  meta: (page: ListingPage<T>) => MetaDescriptor[],
  /** On a miss: the path the listing moved to (a renamed link answers 301 forever), or null. */
  moved?: () => Promise<string | null>,
) {
  const url = new URL(request.url)
  const query = listingQuerySchema.parse(Object.fromEntries(url.searchParams))
  const origin = siteOrigin(context)
  const result = await orBusy(load(query))
  if (!result) {
    const target = moved ? await moved() : null
    if (target) throw redirect(target + url.search, 301)
    const page = { found: false as const, origin, msg: notFound }
    return data({ ...page, meta: meta(page) }, { status: 404 })
  }
  const page = { found: true as const, origin, filtered: query.min != null || query.max != null, perPage: LISTING_PAGE_SIZE, result }
  return { ...page, meta: meta(page) }
}
