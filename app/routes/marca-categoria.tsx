import { MARCA_NAO_ENCONTRADA } from '../../contract/messages/catalog'
import { brandCategoryPath, brandPath } from '../../contract/urls'
import { listBrand, listBrandInCategory } from '../../server/domain/catalog'
import { sharedAnswer } from '../../server/http/cache-headers'
import { BrandHeading } from '~/components/catalog/BrandHeading'
import { EmptyResults, ListingNotFound } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { BrandSidebar } from '~/components/catalog/ListingSidebar'
import { loadListing } from '~/lib/listing.server'
import { listingMeta, seoMeta } from '~/lib/seo'
import type { Route } from './+types/marca-categoria'

/**
 * /marca/{mc}/{name}/: a brand within a category (name = the category's title, ndi or token), same
 * layout and error screen as the brand page. Its header and sidebar come from this loader: the wire
 * call (busca-esp) answers the product list alone.
 *
 * Its sidebar links each of the brand's categories to /produto/marca/{id}/{link}/ as the spec says;
 * app/routes.ts serves this same listing there (its canonical link names /marca/{mc}/{ndi}/).
 */
export const loader = (args: Route.LoaderArgs) =>
  loadListing(
    args,
    MARCA_NAO_ENCONTRADA,
    async (query) => {
      const [result, brand] = await Promise.all([
        listBrandInCategory(args.context, args.params.mc, args.params.name, query),
        // Only for the sidebar: every category of the brand, with counts.
        listBrand(args.context, args.params.mc, { pagina: 1, ordem: 'relevancia' }),
      ])
      return result && brand ? { ...result, categorias: brand.categorias } : null
    },
    (data) => {
      if (!data?.found) return seoMeta({ title: 'Marca não encontrada', description: data?.msg ?? 'Marca não encontrada.', noindex: true })
      const { result: r } = data
      const name = `${r.categoria.titulo} ${r.marca.titulo}`
      return listingMeta(data.origin, r, {
        path: brandCategoryPath(r.marca.link, r.categoria.link),
        title: name,
        description: `${name} na Vitrine: ${productCount(r.total)} com desconto no Pix, parcelamento sem juros e entrega para todo o Brasil.`,
        crumbs: [{ titulo: r.marca.titulo, path: brandPath(r.marca.link) }, { titulo: r.categoria.titulo }],
        perPage: data.perPage,
      })
    },
  )

export const headers: Route.HeadersFunction = () => sharedAnswer()

/** Computed by the loader (the seo helpers stay on the server, decision 0060). */
export const meta: Route.MetaFunction = ({ data }) => data?.meta ?? []

export default function MarcaCategoria({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) return <ListingNotFound />
  const { result: r, filtered } = loaderData
  return (
    <ListingLayout
      layout="brand"
      crumbs={[{ titulo: r.marca.titulo, path: brandPath(r.marca.link) }, { titulo: r.categoria.titulo }]}
      title={<BrandHeading marca={r.marca.titulo} categoria={r.categoria.titulo} />}
      subtitle={productCount(r.total)}
      sidebar={<BrandSidebar marca={r.marca} categorias={r.categorias} current={r.categoria.link} />}
      page={r}
      empty={<EmptyResults hint={filtered ? 'Nenhum produto nesta faixa de preço. Aumente a faixa ou limpe o filtro.' : undefined} />}
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}
