import { useEffect, useMemo } from 'react'
import { Link } from 'react-router'
import type { ProductCard, ProductDetail } from '../../../contract/catalog'
import type { PricingRules } from '../../../contract/pricing'
import { Breadcrumbs } from '~/components/catalog/Breadcrumbs'
import { type Crumb } from '~/lib/seo'
import { forViewport, whenVisible } from '~/lib/deferred'
import { galleryItems } from './media'
import { ProductInfo } from './ProductInfo'
import { useBuyBox } from './useBuyBox'
import { categoryPath } from '../../../contract/urls'

// Each layout's own parts load only on the screens that show them (lg is 1024 px).
const DESKTOP = '(min-width: 1024px)'
const PHONE = '(max-width: 1023.98px)'
// The server renders every part; the browser build keeps only the dynamic imports (~/lib/deferred).
const DesktopGallery = forViewport(
  DESKTOP,
  () => import('./DesktopGallery').then((m) => m.DesktopGallery),
  import.meta.env.SSR ? (await import('./DesktopGallery')).DesktopGallery : null,
  'hidden lg:block',
)
const MobileGallery = forViewport(
  PHONE,
  () => import('./MobileGallery').then((m) => m.MobileGallery),
  import.meta.env.SSR ? (await import('./MobileGallery')).MobileGallery : null,
  'lg:hidden',
)
const MobileBuyBar = forViewport(
  PHONE,
  () => import('./MobileBuyBar').then((m) => m.MobileBuyBar),
  import.meta.env.SSR ? (await import('./MobileBuyBar')).MobileBuyBar : null,
)
// Below the fold: description, specifications, similar products and reviews load when scrolled near.
const BelowTheFold = whenVisible(
  () => import('./BelowTheFold').then((m) => m.BelowTheFold),
  import.meta.env.SSR ? (await import('./BelowTheFold')).BelowTheFold : null,
)

/** Local storage key of the last product seen. */
export const LAST_PRODUCT_KEY = '_pdt'

/** Category trail (top level first), then the product itself. */
export function productCrumbs(detail: Pick<ProductDetail, 'breadcrumb' | 'categoria' | 'titulo'>): Crumb[] {
  const trail =
    detail.breadcrumb.length > 0 ? detail.breadcrumb : detail.categoria.link ? [{ titulo: detail.categoria.titulo, ndi: detail.categoria.link }] : []
  return [...trail.map((c) => ({ titulo: c.titulo, path: categoryPath(c.ndi) })), { titulo: detail.titulo }]
}

/**
 * The product page. Phones: slideshow on top, info below, sticky buy bar above the bottom
 * navigation. Desktops: gallery with thumbnails and magnifier on the left, info on the right.
 */
export function ProductPage({ detail, similares, rules }: { detail: ProductDetail; similares: ProductCard[]; rules: PricingRules }) {
  const buy = useBuyBox(detail, rules)
  const items = useMemo(() => galleryItems(detail), [detail])

  useEffect(() => {
    try {
      window.localStorage.setItem(LAST_PRODUCT_KEY, detail.hash)
    } catch {
      // Storage can be full or blocked (private mode); the page works without it.
    }
  }, [detail.hash])

  return (
    <div className="container-page pt-3 pb-6 sm:pt-5">
      <Breadcrumbs items={productCrumbs(detail)} />

      <div className="-mx-3 mt-3 grid bg-white shadow-card sm:mx-0 sm:rounded-card sm:ring-1 sm:ring-ink-100 md:grid-cols-2 md:gap-6 md:p-5 lg:grid-cols-[minmax(0,1fr)_420px] lg:gap-10 lg:p-6 xl:grid-cols-[minmax(0,1fr)_460px]">
        <div className="min-w-0">
          <DesktopGallery items={items} titulo={detail.titulo} />
          <MobileGallery items={items} titulo={detail.titulo} />
        </div>
        <div className="border-t border-ink-100 px-3 pt-4 pb-5 sm:px-5 md:border-0 md:p-0">
          <ProductInfo detail={detail} buy={buy} pixDesconto={rules.pixDescontoPercentual} />
        </div>
      </div>

      <BelowTheFold detail={detail} similares={similares} />

      <MobileBuyBar buy={buy} />
    </div>
  )
}

/** 'Não encontramos esse produto', served with HTTP 404. */
export function ProductNotFound() {
  return (
    <section className="container-page flex min-h-[55vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <span className="flex h-20 w-20 items-center justify-center rounded-full bg-brand-50 text-brand-600" aria-hidden="true">
        <svg viewBox="0 0 24 24" width="40" height="40" fill="none" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" strokeLinejoin="round">
          <path d="M3 7.5 12 3l9 4.5v9L12 21l-9-4.5z" />
          <path d="m3 7.5 9 4.5 9-4.5M12 12v9" />
          <path d="m15.5 14.5 3 3m0-3-3 3" />
        </svg>
      </span>
      <h1 className="text-2xl font-bold text-ink-900 sm:text-3xl">Não encontramos esse produto</h1>
      <p className="max-w-md text-ink-500">
        Ele pode ter saído de linha ou o endereço está incorreto. Use a busca no topo da página ou confira as ofertas da página inicial.
      </p>
      <Link to="/" className="btn-primary">
        Ir para a página inicial
      </Link>
    </section>
  )
}
