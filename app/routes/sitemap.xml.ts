import { listSitemapEntries } from '../../server/domain/catalog'
import { listMenuCategories } from '../../server/domain/menu/menu'
import { sharedAnswer } from '../../server/http/cache-headers'
import { siteOrigin } from '~/lib/seo'
import type { Route } from './+types/sitemap.xml'
import { brandPath, categoryPath, productPath } from '../../contract/urls'

/** The sitemap protocol's limit per file. */
export const SITEMAP_MAX_URLS = 50_000

const escapeXml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&apos;')

/** One <url> entry; `lastmod` as an ISO date. */
export function urlEntry(loc: string, lastmod?: string): string {
  return `<url><loc>${escapeXml(loc)}</loc>${lastmod ? `<lastmod>${lastmod}</lastmod>` : ''}</url>`
}

/** /sitemap.xml: the home, every category, brand and active product, as absolute URLs of the public origin. */
export async function loader({ context }: Route.LoaderArgs) {
  const origin = siteOrigin(context)
  const abs = (path: string) => new URL(path, origin).toString()
  const [categorias, entries] = await Promise.all([listMenuCategories(context.db), listSitemapEntries(context.db, SITEMAP_MAX_URLS)])
  const urls = [
    urlEntry(abs('/')),
    ...categorias.flatMap((c) => [categoryPath(c.ndi), ...c.subcategorias.map((s) => categoryPath(s.ndi))]).map((p) => urlEntry(abs(p))),
    ...entries.brands.map((b) => urlEntry(abs(brandPath(b)))),
    ...entries.products.map((p) => urlEntry(abs(productPath(p.linkReal)), p.updatedAt)),
  ]
  const body = [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">',
    ...urls.slice(0, SITEMAP_MAX_URLS),
    '</urlset>',
    '',
  ].join('\n')
  return new Response(body, {
    headers: { ...sharedAnswer(), 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' },
  })
}
