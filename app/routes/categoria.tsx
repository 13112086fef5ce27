import { Link } from 'react-router'
import { CATEGORIA_NAO_ENCONTRADA } from '../../contract/messages/catalog'
import { brandCategoryPath, categoryPath } from '../../contract/urls'
import { listCategory } from '../../server/domain/catalog'
import { movedCategoryLink } from '../../server/domain/catalog/redirects'
import { sharedAnswer } from '../../server/http/cache-headers'
import { EmptyResults, ListingNotFound } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { ListingSidebar } from '~/components/catalog/ListingSidebar'
import { loadListing } from '~/lib/listing.server'
import { listingMeta, seoMeta, type Crumb } from '~/lib/seo'
import type { Route } from './+types/categoria'

/** /categoria/{ndi} and /categoria/{token}: a category (or subcategory) listing, 50 per page. */
export const loader = (args: Route.LoaderArgs) =>
  loadListing(
    args,
    CATEGORIA_NAO_ENCONTRADA,
    (query) => listCategory(args.context, { ...query, id: args.params.id }),
    (data) => {
      if (!data?.found) {
        return seoMeta({ title: 'Categoria não encontrada', description: data?.msg ?? 'Categoria não encontrada.', noindex: true })
      }
      const { result: r } = data
      return listingMeta(data.origin, r, {
        path: categoryPath(r.ndi),
        title: r.titulo,
        description: `${r.titulo} com desconto no Pix e parcelamento sem juros: ${productCount(r.total)} com entrega para todo o Brasil. Compre na Vitrine.`,
        crumbs: crumbsOf(r.breadcrumb, r.titulo),
        perPage: data.perPage,
      })
    },
    // A renamed category's old link answers 301 to its current one, forever.
    async () => {
      const link = await movedCategoryLink(args.context.db, args.params.id)
      return link ? categoryPath(link) : null
    },
  )

export const headers: Route.HeadersFunction = () => sharedAnswer()

/** The category path, top level first; the current category (last) has no link. */
function crumbsOf(breadcrumb: ReadonlyArray<{ titulo: string; ndi: string }>, titulo: string): Crumb[] {
  if (breadcrumb.length === 0) return [{ titulo }]
  return breadcrumb.map((c, i) => (i === breadcrumb.length - 1 ? { titulo: c.titulo } : { titulo: c.titulo, path: categoryPath(c.ndi) }))
}

/** Computed by the loader (the seo helpers stay on the server, decision 0060). */
export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? []

export default function Categoria({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return <ListingNotFound title={loaderData.msg} hint="Ela pode ter mudado de nome ou sido removida. Veja as outras categorias no menu ou use a busca." />
  }
  const { result: r, filtered } = loaderData
  return (
    <ListingLayout
      crumbs={crumbsOf(r.breadcrumb, r.titulo)}
      title={r.titulo}
      subtitle={`${productCount(r.total)} ${filtered ? 'na faixa de preço escolhida' : 'nesta categoria'}`}
      chips={
        r.subcategorias.length ? (
          <nav aria-label="Subcategorias" className="-mx-3 mt-3 overflow-x-auto px-3 sm:mx-0 sm:px-0">
            <ul className="flex gap-2 pb-1 sm:flex-wrap">
              {r.subcategorias.map((s) => (
                <li key={s.ndi} className="shrink-0">
                  <Link
                    to={categoryPath(s.ndi)}
                    className="block rounded-full bg-white px-4 py-1.5 text-sm font-medium text-ink-700 shadow-card ring-1 ring-ink-100 transition hover:bg-brand-50 hover:text-brand-700 hover:ring-brand-200"
                  >
                    {s.titulo}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ) : null
      }
      sidebar={
        <ListingSidebar
          sections={[{ title: 'Marcas', items: r.marcas.map((m) => ({ titulo: m.titulo, href: brandCategoryPath(m.link, r.ndi), qtd: m.qtd })) }]}
        />
      }
      page={r}
      empty={
        <EmptyResults
          title={filtered ? 'Nenhum produto nesta faixa de preço' : 'Nenhum produto nesta categoria por enquanto'}
          hint={
            filtered
              ? 'Aumente a faixa de preço ou limpe o filtro para ver todos os produtos.'
              : 'Novidades chegam toda semana. Enquanto isso, veja outras categorias ou use a busca.'
          }
        />
      }
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}
