import { brandPath, categoryPath } from '../../contract/urls'
import { listAllProducts } from '../../server/domain/catalog'
import { sharedAnswer } from '../../server/http/cache-headers'
import { EmptyResults } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { ListingSidebar } from '~/components/catalog/ListingSidebar'
import { loadListing } from '~/lib/listing.server'
import { listingMeta } from '~/lib/seo'
import type { Route } from './+types/products'

const TITLE = 'Todos os produtos'

/** /products ('Ver mais produtos' in the cart panel): every active product, 50 per page. */
export const loader = (args: Route.LoaderArgs) =>
  loadListing(
    args,
    'Nenhum resultado foi encontrado',
    (query) => listAllProducts(args.context, query),
    (data) => {
      if (!data?.found) return []
      const { result: r } = data
      return listingMeta(data.origin, r, {
        path: '/products',
        title: TITLE,
        description: `Todos os produtos da Vitrine: ${productCount(r.total)} com desconto no Pix, parcelamento sem juros e entrega para todo o Brasil.`,
        crumbs: [{ titulo: TITLE }],
        perPage: data.perPage,
      })
    },
  )

export const headers: Route.HeadersFunction = () => sharedAnswer()

/** Computed by the loader (the seo helpers stay on the server, decision 0060). */
export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? []

export default function Products({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <EmptyResults headingLevel="h1" />
  const { result: r, filtered } = loaderData
  return (
    <ListingLayout
      crumbs={[{ titulo: TITLE }]}
      title={TITLE}
      subtitle={`${productCount(r.total)}${filtered ? ' na faixa de preço escolhida' : ''}`}
      sidebar={
        <ListingSidebar
          sections={[
            { title: 'Categorias', items: r.categorias.map((c) => ({ titulo: c.titulo, href: categoryPath(c.link), qtd: c.qtd })) },
            { title: 'Marcas', items: r.marcas.map((m) => ({ titulo: m.titulo, href: brandPath(m.link), qtd: m.qtd })) },
          ]}
        />
      }
      page={r}
      empty={<EmptyResults hint={filtered ? 'Nenhum produto nesta faixa de preço. Aumente a faixa ou limpe o filtro.' : undefined} />}
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}
