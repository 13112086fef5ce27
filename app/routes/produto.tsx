import type { ProductDetail } from '../../contract/catalog'
import type { MetaDescriptor } from 'react-router'
import { data, isRouteErrorResponse, redirect, useRouteError } from 'react-router'
import { PRODUTO_NAO_ENCONTRADO } from '../../contract/messages/catalog'
import { getProductDetail, pricingRules, renamedProductLink } from '../../server/domain/catalog'
import { VIEW_HEADER, sharedAnswer } from '../../server/http/cache-headers'
import { countsAsView } from '../../server/lib/requests'
import { ProductNotFound, ProductPage, productCrumbs } from '~/components/product/ProductPage'
import { formatBRL } from '~/lib/money'
import { absoluteImage, breadcrumbLd, metaDescription, pageTitle, productLd, seoMeta, siteOrigin } from '~/lib/seo'
import type { Route } from './+types/produto'
import { productPath } from '../../contract/urls'

/**
 * /produto/{link_real} (also a hash or the title): the detail, its similar products and a recorded
 * view. The page is the same for everyone, so crr is always 0 here; the browser asks for the
 * visitor's own marker (useBuyBox).
 */
export async function loader({ params, context, request }: Route.LoaderArgs) {
  const found = await getProductDetail(context, params.id, { sessionId: null, recordView: countsAsView(request) })
  if (!found) {
    // A renamed product's old link answers 301 to its current one, forever.
    const moved = await renamedProductLink(context.db, params.id)
    if (moved) throw redirect(productPath(moved), 301)
    throw data({ estado: 'erro', msg: PRODUTO_NAO_ENCONTRADO }, { status: 404 })
  }
  const [detail, similares] = found.response
  const origin = siteOrigin(context)
  // Tells the micro-cache which product a cached copy of this page shows, so hits count views too.
  return data(
    { detail, similares, rules: pricingRules(context.store), meta: productMeta(origin, detail) },
    { headers: { [VIEW_HEADER]: String(found.productId) } },
  )
}

export const headers: Route.HeadersFunction = ({ loaderHeaders }) => {
  const view = loaderHeaders.get(VIEW_HEADER)
  return sharedAnswer(view ? { [VIEW_HEADER]: view } : undefined)
}

/*
 * No preload tag here: the main image is rendered eagerly with fetchpriority="high" (same srcset and
 * sizes in both layouts), and React 19 already emits <link rel="preload" as="image"> for it at the
 * top of <head>; a second one from meta would only duplicate it.
 */
export const meta: Route.MetaFunction = ({ loaderData }) =>
  loaderData?.meta ?? [{ title: pageTitle('Produto não encontrado') }, { name: 'robots', content: 'noindex' }]

export default function Produto({ loaderData }: Route.ComponentProps) {
  const { detail, similares, rules } = loaderData
  // A new product (e.g. from SIMILARES) starts with a fresh choice and quantity.
  return <ProductPage key={detail.hash} detail={detail} similares={similares} rules={rules} />
}

export function ErrorBoundary() {
  const error = useRouteError()
  if (isRouteErrorResponse(error) && error.status === 404) return <ProductNotFound />
  return (
    <section className="container-page flex min-h-[50vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-2xl font-bold text-ink-900">Não foi possível carregar este produto</h1>
      <p className="text-ink-500">Tente novamente em instantes.</p>
    </section>
  )
}

/** The page's head tags, made on the server (decision 0060). */
function productMeta(origin: string, detail: ProductDetail): MetaDescriptor[] {
  const canonical = new URL(productPath(detail.link_real), origin).toString()
  const first = detail.imgs[0]
  const offer =
    detail.parcelas.qtd > 1
      ? `${formatBRL(detail.valorPix)} no Pix ou ${detail.parcelas.qtd}x de ${formatBRL(detail.parcelas.valor)} sem juros.`
      : `${formatBRL(detail.valorPix)} no Pix.`
  return [
    ...seoMeta({
      title: detail.titulo,
      description: `${detail.titulo} por ${offer} ${metaDescription(detail.desc, 300)}`,
      canonical,
      image: first ? absoluteImage(origin, first.link) : undefined,
      type: 'product',
      jsonLd: [productLd(origin, detail), breadcrumbLd(origin, productCrumbs(detail), canonical)],
    }),
    { property: 'product:price:amount', content: detail.valor.toFixed(2) },
    { property: 'product:price:currency', content: 'BRL' },
    { property: 'product:availability', content: detail.qtd > 0 ? 'in stock' : 'out of stock' },
  ]
}
