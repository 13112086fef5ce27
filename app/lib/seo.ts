// Browser-safe SEO helpers: one way to write a page's <meta>, canonical link and JSON-LD.
import type { MetaDescriptor } from 'react-router'
import type { ProductCard, ProductDetail } from '../../contract/catalog'
import { imageUrl } from './image'
import { productPath } from '../../contract/urls'
import { linkOrigin, type OriginSettings } from '../../server/lib/origin'

export const SITE_NAME = 'Vitrine'
const DESCRIPTION_MAX = 160

/** A breadcrumb step: `path` is absent for the current page. Shared by <Breadcrumbs> and the JSON-LD. */
export type Crumb = { titulo: string; path?: string }

type LdObject = { [key: string]: unknown }

/**
 * The store's origin for a page's absolute links (canonical, og, JSON-LD, sitemap, robots, e-mails
 * an action sends): the one server/http/client.ts storeOrigin worked out for this request (the
 * page handler and /admin put it on the context), never the request's own Host
 * (docs/decisions/0122-live-mode.md). Call it in loaders; hand the result to `meta` through the data.
 */
export function siteOrigin(context: { storeOrigin?: string; env: OriginSettings }): string {
  return context.storeOrigin ?? linkOrigin(context.env)
}

/**
 * Canonical URL of a listing page: the path alone, plus `?pagina=N` when N > 1. Sorting, price
 * filters and tracking parameters (utm_*, gclid…) are left out: they show the same products.
 */
export function canonicalUrl(origin: string, pathname: string, pagina = 1): string {
  const url = new URL(pathname, origin)
  if (pagina > 1) url.searchParams.set('pagina', String(pagina))
  return url.toString()
}

/** Plain text for a meta description: tags and runs of spaces removed, cut at a word under 160 characters. */
export function metaDescription(text: string, max = DESCRIPTION_MAX): string {
  const plain = text
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/\s+/g, ' ')
    .trim()
  if (plain.length <= max) return plain
  const cut = plain.slice(0, max - 1)
  const space = cut.lastIndexOf(' ')
  return `${(space > max / 2 ? cut.slice(0, space) : cut).replace(/[\s,.;:–-]+$/u, '')}…`
}

/** "Título | Vitrine" (the home passes a full title and `raw`). */
export function pageTitle(title: string, raw = false): string {
  return raw ? title : `${title} | ${SITE_NAME}`
}

/** Absolute URL of a catalog image for previews (og:image, JSON-LD). */
export function absoluteImage(origin: string, link: string): string {
  return new URL(imageUrl(link, { quality: 80, width: 800 }), origin).toString()
}

/**
 * Everything a page's `meta` returns: title, description, canonical, Open Graph and Twitter tags,
 * robots when the page must stay out of indexes, and JSON-LD blocks.
 */
export function seoMeta(page: {
  title: string
  /** True when `title` is already complete (no " | Vitrine" suffix). */
  rawTitle?: boolean
  description: string
  /** Absolute canonical URL (see canonicalUrl). */
  canonical?: string
  /** Absolute image URL. */
  image?: string
  type?: 'website' | 'product'
  noindex?: boolean
  jsonLd?: LdObject[]
}): MetaDescriptor[] {
  const title = pageTitle(page.title, page.rawTitle)
  const description = metaDescription(page.description)
  const tags: MetaDescriptor[] = [
    { title },
    { name: 'description', content: description },
    { property: 'og:site_name', content: SITE_NAME },
    { property: 'og:locale', content: 'pt_BR' },
    { property: 'og:type', content: page.type ?? 'website' },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { name: 'twitter:card', content: page.image ? 'summary_large_image' : 'summary' },
  ]
  if (page.canonical) {
    tags.push({ tagName: 'link', rel: 'canonical', href: page.canonical }, { property: 'og:url', content: page.canonical })
  }
  if (page.image) tags.push({ property: 'og:image', content: page.image })
  if (page.noindex) tags.push({ name: 'robots', content: 'noindex, follow' })
  for (const ld of page.jsonLd ?? []) tags.push({ 'script:ld+json': ld as never })
  return tags
}

/** schema.org BreadcrumbList; "Início" comes first, the current page (no path) last. */
export function breadcrumbLd(origin: string, crumbs: readonly Crumb[], currentUrl?: string): LdObject {
  const all: Crumb[] = [{ titulo: 'Início', path: '/' }, ...crumbs]
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: all.map((c, i) => {
      const item = c.path ? new URL(c.path, origin).toString() : currentUrl
      return { '@type': 'ListItem', position: i + 1, name: c.titulo, ...(item ? { item } : {}) }
    }),
  }
}

const availability = (qtd: number) => (qtd > 0 ? 'https://schema.org/InStock' : 'https://schema.org/OutOfStock')

/** schema.org ItemList of a listing page's products (their URLs, in order). */
export function itemListLd(origin: string, products: ReadonlyArray<Pick<ProductCard, 'link_real' | 'titulo'>>, offset = 0): LdObject {
  return {
    '@context': 'https://schema.org',
    '@type': 'ItemList',
    itemListElement: products.map((p, i) => ({
      '@type': 'ListItem',
      position: offset + i + 1,
      url: new URL(productPath(p.link_real), origin).toString(),
      name: p.titulo,
    })),
  }
}

/** schema.org Product with its offer in BRL (list price) for the product page. */
export function productLd(
  origin: string,
  p: Pick<ProductDetail, 'titulo' | 'desc' | 'imgs' | 'sku' | 'marca' | 'valor' | 'qtd' | 'link_real' | 'categoria' | 'avaliacoes'>,
): LdObject {
  const url = new URL(productPath(p.link_real), origin).toString()
  return {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: p.titulo,
    description: metaDescription(p.desc, 500),
    sku: p.sku || undefined,
    image: p.imgs.map((i) => absoluteImage(origin, i.link)),
    category: p.categoria.titulo || undefined,
    ...(p.marca.titulo ? { brand: { '@type': 'Brand', name: p.marca.titulo } } : {}),
    url,
    offers: {
      '@type': 'Offer',
      url,
      priceCurrency: 'BRL',
      price: p.valor.toFixed(2),
      availability: availability(p.qtd),
      itemCondition: 'https://schema.org/NewCondition',
      seller: { '@type': 'Organization', name: SITE_NAME },
    },
    ...reviewsLd(p.avaliacoes),
  }
}

/** AggregateRating and Review of the approved reviews; nothing without any. */
function reviewsLd(a: ProductDetail['avaliacoes']): LdObject {
  if (!a) return {}
  return {
    aggregateRating: { '@type': 'AggregateRating', ratingValue: a.media.toFixed(1), reviewCount: a.qtd, bestRating: 5, worstRating: 1 },
    review: a.lista.map((r) => ({
      '@type': 'Review',
      name: r.titulo,
      reviewBody: r.texto,
      datePublished: r.data.slice(0, 10),
      author: { '@type': 'Person', name: r.autor },
      reviewRating: { '@type': 'Rating', ratingValue: r.nota, bestRating: 5, worstRating: 1 },
    })),
  }
}

/**
 * A listing page's meta: "{title} - Página N" after the first page (`firstTitle` on the first, when
 * it reads differently), canonical with ?pagina=, the first card's image, breadcrumbs and the list.
 */
export function listingMeta(
  origin: string,
  listing: { pagina: number; data: ReadonlyArray<Pick<ProductCard, 'img' | 'link_real' | 'titulo'>> },
  page: { path: string; title: string; firstTitle?: string; description: string; crumbs: readonly Crumb[]; perPage: number },
): MetaDescriptor[] {
  const canonical = canonicalUrl(origin, page.path, listing.pagina)
  const first = listing.data.find((p) => p.img)
  return seoMeta({
    title: listing.pagina > 1 ? `${page.title} - Página ${listing.pagina}` : (page.firstTitle ?? page.title),
    description: page.description,
    canonical,
    image: first ? absoluteImage(origin, first.img) : undefined,
    jsonLd: [breadcrumbLd(origin, page.crumbs, canonical), itemListLd(origin, listing.data, (listing.pagina - 1) * page.perPage)],
  })
}
