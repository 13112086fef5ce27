import { API_ROOTS } from '../../contract/calls'
import { sharedAnswer } from '../../server/http/cache-headers'
import { siteOrigin } from '~/lib/seo'
import type { Route } from './+types/robots.txt'

/**
 * Everything may be crawled except the shopper's private screens and search results (endless thin
 * variations of the category pages, which are the ones to index).
 */
export const ROBOTS_DISALLOW = ['/compras/', '/checkout', '/authorization/', '/cliente/', '/endereco', '/busca/', '/busca?', ...API_ROOTS]

export function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context)
  const body = ['User-agent: *', 'Allow: /', ...ROBOTS_DISALLOW.map((p) => `Disallow: ${p}`), '', `Sitemap: ${origin}/sitemap.xml`, ''].join('\n')
  return new Response(body, {
    headers: { ...sharedAnswer(), 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
