import { data } from 'react-router'
import { LISTING_PAGE_SIZE, listingQuerySchema, type ListingQuery } from '../../contract/catalog'
import { orBusy } from './busy.server'
import { siteOrigin } from './seo'

type ListingArgs = { request: Request; context: { env: { PUBLIC_URL?: string } } }

/**
 * The loader shape every catalog listing shares (category, brand, brand + category): paging, sort
 * and price range read from the URL, `load` run (503 when the store is too busy), and a 404 with
 * `notFound` when it finds nothing. `perPage` travels with the data for the meta's item positions.
 */
export async function loadListing<T>({ request, context }: ListingArgs, notFound: string, load: (query: ListingQuery) => Promise<T | null>) {
  const query = listingQuerySchema.parse(Object.fromEntries(new URL(request.url).searchParams))
  const origin = siteOrigin(request, context.env.PUBLIC_URL)
  const result = await orBusy(load(query))
  if (!result) return data({ found: false as const, origin, msg: notFound }, { status: 404 })
  return { found: true as const, origin, filtered: query.min != null || query.max != null, perPage: LISTING_PAGE_SIZE, result }
}
