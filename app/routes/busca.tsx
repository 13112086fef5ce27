import type { MetaDescriptor } from 'react-router'
import { useEffect } from 'react'
import { Link, data } from 'react-router'
import { pesquisaQuerySchema } from '../../contract/catalog'
import { searchCatalog } from '../../server/domain/catalog'
import { SEARCH_HEADER, sharedAnswer } from '../../server/http/cache-headers'
import { EmptyResults } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { ListingSidebar } from '~/components/catalog/ListingSidebar'
import { refreshPersonal } from '~/lib/personal'
import { breadcrumbLd, canonicalUrl, seoMeta, siteOrigin } from '~/lib/seo'
import type { Route } from './+types/busca'
import { orBusy } from '~/lib/busy.server'
import { brandPath, categoryPath, searchPath } from '../../contract/urls'

/**
 * /busca/{text}: search results, 100 per page, with category and brand facets, the price filter and
 * the "did you mean" term (vqd). The header search box pre-fills itself from the same URL.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const query = pesquisaQuerySchema.parse({ ...Object.fromEntries(url.searchParams), p: params.text })
  const origin = siteOrigin(context)
  const filtered = query.min != null || query.max != null
  // Blank text searches nothing and is not kept in the visitor's history.
  const [result] = query.p.trim()
    ? await orBusy(searchCatalog(context, query, context.session))
    : [{ data: [], termo: '', total: 0, pagina: 1, paginas: 1, categorias: [], marcas: [] }]
  // Tells the micro-cache which term a cached copy of this page shows, so hits keep it in the history too.
  return data(
    { origin, filtered, result, meta: searchMeta(origin, result) },
    { headers: result.termo ? { [SEARCH_HEADER]: encodeURIComponent(result.termo) } : undefined },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const term = loaderHeaders.get(SEARCH_HEADER)
  return sharedAnswer(term ? { [SEARCH_HEADER]: term } : undefined)
}

export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? [{ title: 'Busca' }, { name: 'robots', content: 'noindex' }]

export default function Busca({ loaderData }: Route.ComponentProps) {
  const { result: r, filtered } = loaderData
  // The term has just joined the visitor's recent searches (histBusca): the shell shows them again.
  useEffect(() => {
    if (r.termo) void refreshPersonal()
  }, [r.termo])
  const suggestion = r.vqd && r.vqd !== r.termo ? searchPath(r.vqd) : null
  const didYouMean = suggestion ? (
    <p className="text-ink-700">
      Você quis dizer:{' '}
      <Link to={suggestion} className="font-semibold text-brand-700 underline underline-offset-2 hover:text-brand-800">
        {r.vqd}
      </Link>
      ?
    </p>
  ) : null
  const empty = r.data.length === 0
  const showSidebar = !empty || filtered
  return (
    <ListingLayout
      crumbs={[{ titulo: r.termo ? `Busca por “${r.termo}”` : 'Busca' }]}
      title={
        r.termo ? (
          <>
            Resultados para <span className="text-brand-700">“{r.termo}”</span>
          </>
        ) : (
          'Busca'
        )
      }
      subtitle={r.termo ? `${productCount(r.total)} encontrados` : undefined}
      notice={didYouMean && !empty ? <div className="mt-3 rounded-card bg-brand-50 px-4 py-3 text-sm ring-1 ring-brand-100">{didYouMean}</div> : null}
      sidebar={
        showSidebar ? (
          <ListingSidebar
            sections={[
              { title: 'Categorias', items: r.categorias.map((c) => ({ titulo: c.titulo, href: categoryPath(c.link), qtd: c.qtd })) },
              { title: 'Marcas', items: r.marcas.map((m) => ({ titulo: m.titulo, href: brandPath(m.link), qtd: m.qtd })) },
            ]}
          />
        ) : null
      }
      page={r}
      empty={
        <EmptyResults
          hint={
            filtered
              ? 'Nenhum produto nesta faixa de preço. Aumente a faixa ou limpe o filtro, ou tente palavras-chave diferentes ou mais genéricas.'
              : undefined
          }
        >
          {didYouMean}
        </EmptyResults>
      }
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}

type SearchPage = { termo: string; total: number; pagina: number }

/** The page's head tags, made on the server (decision 0060). */
function searchMeta(origin: string, r: SearchPage): MetaDescriptor[] {
  const path = searchPath(r.termo)
  const canonical = path ? canonicalUrl(origin, path, r.pagina) : undefined
  return seoMeta({
    title: r.termo ? `Busca por “${r.termo}”` : 'Busca',
    description: r.termo
      ? `${productCount(r.total)} para “${r.termo}” na Vitrine, com desconto no Pix e parcelamento sem juros.`
      : 'Busque produtos na Vitrine.',
    canonical,
    // Result pages are thin, endless variations: kept out of search engines (robots.txt too).
    noindex: true,
    jsonLd: [breadcrumbLd(origin, [{ titulo: `Busca por “${r.termo}”` }], canonical)],
  })
}
