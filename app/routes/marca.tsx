import { data } from 'react-router'
import { MARCA_NAO_ENCONTRADA, listingQuerySchema } from '../../contract/catalog'
import { listBrand } from '../../server/domain/catalog'
import { sharedAnswer } from '../../server/http/cache-headers'
import { BrandHeading } from '~/components/catalog/BrandHeading'
import { EmptyResults } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { ListingSidebar } from '~/components/catalog/ListingSidebar'
import { PriceFilter } from '~/components/catalog/PriceFilter'
import { cardFromBrandItem } from '~/components/catalog/ProductCard'
import { absoluteImage, breadcrumbLd, canonicalUrl, itemListLd, seoMeta, siteOrigin } from '~/lib/seo'
import type { Route } from './+types/marca'
import { orBusy } from '~/lib/busy.server'
import { brandCategoryPath, brandPath } from '../../contract/urls'

/** /marca/{id}/: a brand's products, 4 per row, with its categories in the sidebar. */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const query = listingQuerySchema.parse(Object.fromEntries(url.searchParams))
  const origin = siteOrigin(request, context.env.PUBLIC_URL)
  const result = await orBusy(listBrand(context, params.id, query))
  if (!result) return data({ found: false as const, origin, msg: MARCA_NAO_ENCONTRADA }, { status: 404 })
  return { found: true as const, origin, filtered: query.min != null || query.max != null, result }
}

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data?.found) return seoMeta({ title: 'Marca não encontrada', description: data?.msg ?? 'Marca não encontrada.', noindex: true })
  const { origin, result: r } = data
  const canonical = canonicalUrl(origin, brandPath(r.link), r.pagina)
  const first = r.data.find((p) => p.img)
  return seoMeta({
    title: r.pagina > 1 ? `${r.titulo}: produtos - Página ${r.pagina}` : `${r.titulo}: produtos com desconto no Pix`,
    description: `Produtos ${r.titulo} na Vitrine: ${productCount(r.total)} com desconto no Pix, parcelamento sem juros e entrega para todo o Brasil.`,
    canonical,
    image: first ? absoluteImage(origin, first.img) : undefined,
    jsonLd: [breadcrumbLd(origin, [{ titulo: r.titulo }], canonical), itemListLd(origin, r.data, (r.pagina - 1) * 50)],
  })
}

export default function Marca({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="container-page py-8">
        <EmptyResults headingLevel="h1" />
      </div>
    )
  }
  const { result: r, filtered } = loaderData
  return (
    <ListingLayout
      layout="brand"
      crumbs={[{ titulo: r.titulo }]}
      title={<BrandHeading marca={r.titulo} />}
      subtitle={productCount(r.total)}
      sidebar={
        <ListingSidebar
          sections={[
            {
              title: 'Categorias',
              // Spec: one entry per category link, linking to /marca/{id}/{titulo}/.
              items: r.categorias.map((c) => ({ titulo: c.titulo, href: brandCategoryPath(r.link, c.titulo), qtd: c.qtd })),
            },
          ]}
        >
          <PriceFilter />
        </ListingSidebar>
      }
      page={{ ...r, data: r.data.map(cardFromBrandItem) }}
      empty={
        <EmptyResults hint={filtered ? 'Nenhum produto desta marca nesta faixa de preço. Aumente a faixa ou limpe o filtro.' : undefined} />
      }
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}
