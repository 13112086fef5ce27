import { listMenuCategories } from '../../server/domain/menu/menu'
import { categoryPath, siteOrigin } from '~/lib/seo'
import type { Route } from './+types/sitemap.xml'

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000

const escapeXml = (s: string) =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** One <url> entry; `lastmod` as an ISO date. */
export function urlEntry(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
}

/** /sitemap.xml: the home and every category, as absolute URLs of the public origin. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const origin = siteOrigin(request, context.env.PUBLIC_URL)
  const abs = (path: string) => new URL(path, origin).toString()
  const categorias = await listMenuCategories(context.db)
  const paths = ['/', ...categorias.flatMap((c) => [categoryPath(c.ndi), ...c.subcategorias.map((s) => categoryPath(s.ndi))])]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...paths.slice(0, SITEMAP_MAX_URLS).map((p) => urlEntry(abs(p))),
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
