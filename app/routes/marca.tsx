import { MARCA_NAO_ENCONTRADA } from '../../contract/messages/catalog'
import { brandPath } from '../../contract/urls'
import { listBrand } from '../../server/domain/catalog'
import { movedBrandLink } from '../../server/domain/catalog/redirects'
import { sharedAnswer } from '../../server/http/cache-headers'
import { BrandHeading } from '~/components/catalog/BrandHeading'
import { EmptyResults, ListingNotFound } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { BrandSidebar } from '~/components/catalog/ListingSidebar'
import { cardFromBrandItem } from '~/components/catalog/ProductCard'
import { loadListing } from '~/lib/listing.server'
import { listingMeta, seoMeta } from '~/lib/seo'
import type { Route } from './+types/marca'

/** /marca/{id}/: a brand's products, 4 per row, with its categories in the sidebar. */
export const loader = (args: Route.LoaderArgs) =>
  loadListing(
    args,
    MARCA_NAO_ENCONTRADA,
    (query) => listBrand(args.context, args.params.id, query),
    (data) => {
      if (!data?.found) return seoMeta({ title: 'Marca não encontrada', description: data?.msg ?? 'Marca não encontrada.', noindex: true })
      const { result: r } = data
      return listingMeta(data.origin, r, {
        path: brandPath(r.link),
        title: `${r.titulo}: produtos`,
        firstTitle: `${r.titulo}: produtos com desconto no Pix`,
        description: `Produtos ${r.titulo} na Vitrine: ${productCount(r.total)} com desconto no Pix, parcelamento sem juros e entrega para todo o Brasil.`,
        crumbs: [{ titulo: r.titulo }],
        perPage: data.perPage,
      })
    },
    // A renamed brand's old link answers 301 to its current one, forever.
    async () => {
      const link = await movedBrandLink(args.context.db, args.params.id)
      return link ? brandPath(link) : null
    },
  )

export const headers: Route.HeadersFunction = () => sharedAnswer()

/** Computed by the loader (the seo helpers stay on the server, decision 0060). */
export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? []

export default function Marca({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <ListingNotFound />
  const { result: r, filtered } = loaderData
  return (
    <ListingLayout
      layout="brand"
      crumbs={[{ titulo: r.titulo }]}
      title={<BrandHeading marca={r.titulo} />}
      subtitle={productCount(r.total)}
      sidebar={<BrandSidebar marca={r} categorias={r.categorias} />}
      page={{ ...r, data: r.data.map(cardFromBrandItem) }}
      empty={<EmptyResults hint={filtered ? 'Nenhum produto desta marca nesta faixa de preço. Aumente a faixa ou limpe o filtro.' : undefined} />}
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}
