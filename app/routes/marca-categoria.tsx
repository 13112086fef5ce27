import { data } from 'react-router'
import { MARCA_NAO_ENCONTRADA, listingQuerySchema } from '../../contract/catalog'
import { listBrand, listBrandInCategory } from '../../server/domain/catalog'
import { sharedAnswer } from '../../server/http/cache-headers'
import { BrandHeading } from '~/components/catalog/BrandHeading'
import { EmptyResults } from '~/components/catalog/EmptyResults'
import { ListingError } from '~/components/catalog/ListingError'
import { ListingLayout, productCount } from '~/components/catalog/ListingLayout'
import { ListingSidebar } from '~/components/catalog/ListingSidebar'
import { PriceFilter } from '~/components/catalog/PriceFilter'
import { absoluteImage, breadcrumbLd, canonicalUrl, itemListLd, seoMeta, siteOrigin } from '~/lib/seo'
import type { Route } from './+types/marca-categoria'
import { orBusy } from '~/lib/busy.server'
import { brandCategoryPath, brandPath } from '../../contract/urls'

/**
 * /marca/{mc}/{name}/: a brand within a category (name = the category's title, ndi or token), same
 * layout and error screen as the brand page.
 *
 * Decision: the spec's sidebar here links to /produto/marca/{id}/{link}/, a path no screen serves
 * (it would land on "product not found"). Ours lists the brand's categories and links each to this
 * very page for that category, /marca/{mc}/{titulo}/ — what the quirky link evidently meant.
 */
export async function loader({ params, request, context }: Route.LoaderArgs) {
  const url = new URL(request.url)
  const query = listingQuerySchema.parse(Object.fromEntries(url.searchParams))
  const origin = siteOrigin(request, context.env.PUBLIC_URL)
  const [result, brand] = await orBusy(
    Promise.all([
      listBrandInCategory(context, params.mc, params.name, query),
      // Only for the sidebar: every category of the brand, with counts.
      listBrand(context, params.mc, { pagina: 1, ordem: 'relevancia' }),
    ]),
  )
  if (!result || !brand) return data({ found: false as const, origin, msg: MARCA_NAO_ENCONTRADA }, { status: 404 })
  return { found: true as const, origin, filtered: query.min != null || query.max != null, result, categorias: brand.categorias }
}

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = ({ data }) => {
  if (!data?.found) return seoMeta({ title: 'Marca não encontrada', description: data?.msg ?? 'Marca não encontrada.', noindex: true })
  const { origin, result: r } = data
  const canonical = canonicalUrl(origin, brandCategoryPath(r.marca.link, r.categoria.link), r.pagina)
  const first = r.data.find((p) => p.img)
  const name = `${r.categoria.titulo} ${r.marca.titulo}`
  return seoMeta({
    title: r.pagina > 1 ? `${name} - Página ${r.pagina}` : name,
    description: `${name} na Vitrine: ${productCount(r.total)} com desconto no Pix, parcelamento sem juros e entrega para todo o Brasil.`,
    canonical,
    image: first ? absoluteImage(origin, first.img) : undefined,
    jsonLd: [
      breadcrumbLd(origin, [{ titulo: r.marca.titulo, path: brandPath(r.marca.link) }, { titulo: r.categoria.titulo }], canonical),
      itemListLd(origin, r.data, (r.pagina - 1) * 50),
    ],
  })
}

export default function MarcaCategoria({ loaderData }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <div className="container-page py-8">
        <EmptyResults headingLevel="h1" />
      </div>
    )
  }
  const { result: r, categorias, filtered } = loaderData
  return (
    <ListingLayout
      layout="brand"
      crumbs={[{ titulo: r.marca.titulo, path: brandPath(r.marca.link) }, { titulo: r.categoria.titulo }]}
      title={<BrandHeading marca={r.marca.titulo} categoria={r.categoria.titulo} />}
      subtitle={productCount(r.total)}
      sidebar={
        <ListingSidebar
          sections={[
            {
              title: 'Categorias',
              items: [
                { titulo: `Todos os produtos ${r.marca.titulo}`, href: brandPath(r.marca.link) },
                ...categorias.map((c) => ({
                  titulo: c.titulo,
                  href: brandCategoryPath(r.marca.link, c.titulo),
                  qtd: c.qtd,
                  current: c.link === r.categoria.link,
                })),
              ],
            },
          ]}
        >
          <PriceFilter />
        </ListingSidebar>
      }
      page={r}
      empty={
        <EmptyResults hint={filtered ? 'Nenhum produto nesta faixa de preço. Aumente a faixa ou limpe o filtro.' : undefined} />
      }
    />
  )
}

export function ErrorBoundary() {
  return <ListingError />
}
