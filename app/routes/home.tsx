import type { MetaDescriptor } from 'react-router'
import { listFeaturedCategories, listHomeBanners, listRecentProducts, listSlides, listTopProducts } from '../../server/domain/catalog'
import { sharedAnswer } from '../../server/http/cache-headers'
import { FeaturedCategories } from '~/components/home/FeaturedCategories'
import { HeroSlideshow, PHONE_SLIDE_MEDIA, slideImageSrc, slideMobileSrc } from '~/components/home/HeroSlideshow'
import { ProductRow } from '~/components/home/ProductRow'
import { PromoBanners } from '~/components/home/PromoBanners'
import { TrustStrip } from '~/components/home/TrustStrip'
import { SITE_NAME, seoMeta, siteOrigin } from '~/lib/seo'
import type { Route } from './+types/home'

/** The four home blocks of docs/requirements.md (slider, ced, TopPdts, recentes), read in parallel. */
export async function loader({ context }: Route.LoaderArgs) {
  const [slider, ced, topPdts, recentes, banners] = await Promise.all([
    listSlides(context.db),
    listFeaturedCategories(context.db),
    listTopProducts(context),
    listRecentProducts(context),
    listHomeBanners(context.db),
  ])
  const origin = siteOrigin(context)
  return {
    meta: homeMeta(origin, slider),
    slider,
    banners,
    ced,
    topPdts,
    recentes,
    pix: context.store.pix.descontoPercentual,
    parcelas: context.store.parcelamento.maxParcelasSemJuros,
  }
}

const TITLE = 'Vitrine | Eletrônicos com desconto no Pix e parcelamento sem juros'
const DESCRIPTION = 'Smartphones, notebooks, TVs, games, áudio e acessórios com desconto no Pix, parcelamento sem juros e entrega para todo o Brasil.'

export const headers: Route.HeadersFunction = () => sharedAnswer()

export const meta: Route.MetaFunction = ({ loaderData }) => loaderData?.meta ?? [{ title: TITLE }, { name: 'description', content: DESCRIPTION }]

function preloadFirstSlide(first: { imagem: string } | undefined) {
  if (!first) return []
  const wide = slideImageSrc(first.imagem)
  const phone = slideMobileSrc(first.imagem)
  const link = (href: string, media?: string) => ({ tagName: 'link', rel: 'preload', as: 'image', href, fetchPriority: 'high', ...(media ? { media } : {}) })
  return phone ? [link(phone, PHONE_SLIDE_MEDIA), link(wide, '(min-width: 640px)')] : [link(wide)]
}

export default function Home({ loaderData }: Route.ComponentProps) {
  const { slider, banners, ced, topPdts, recentes, pix, parcelas } = loaderData
  return (
    <div className="pb-4">
      <h1 className="sr-only">{SITE_NAME}: loja de eletrônicos com desconto no Pix e entrega para todo o Brasil</h1>
      <div className="mx-auto w-full max-w-[1320px] lg:px-6 lg:pt-4">
        <HeroSlideshow slides={slider} />
      </div>
      <div className="container-page mt-3 space-y-8 sm:mt-4 sm:space-y-10">
        <TrustStrip pixDesconto={pix} maxParcelas={parcelas} />
        <FeaturedCategories categorias={ced} />
        <ProductRow id="mais-acessados" title="MAIS ACESSADOS" products={topPdts} />
        <PromoBanners banners={banners} />
        <ProductRow id="recentes" title="RECENTES" products={recentes} />
      </div>
    </div>
  )
}

/** The page's head tags, made on the server (decision 0060). */
function homeMeta(origin: string, slider: Awaited<ReturnType<typeof listSlides>>): MetaDescriptor[] {
  const first = slider[0]
  const canonical = new URL('/', origin).toString()
  return [
    ...seoMeta({
      title: TITLE,
      rawTitle: true,
      description: DESCRIPTION,
      canonical,
      image: first ? new URL(slideImageSrc(first.imagem), origin).toString() : undefined,
      jsonLd: [
        {
          '@context': 'https://schema.org',
          '@type': 'WebSite',
          name: SITE_NAME,
          url: canonical,
          inLanguage: 'pt-BR',
          potentialAction: {
            '@type': 'SearchAction',
            target: { '@type': 'EntryPoint', urlTemplate: `${origin}/busca/{search_term_string}` },
            'query-input': 'required name=search_term_string',
          },
        },
      ],
    }),
    // The first slide is the LCP: fetch it (the phone or the wide picture) before the CSS is parsed.
    ...preloadFirstSlide(first),
  ]
}
