import { Link } from 'react-router'
import type { CategoriaDestaque } from '../../../contract/catalog'
import { truncateAtWord } from '../../../contract/text'
import { imageUrl } from '~/lib/image'
import { ChevronRightIcon } from '../ui/icons'
import { SectionHeading } from './SectionHeading'
import { categoryPath, productPath } from '../../../contract/urls'

/** At most 6 categories with 6 products each; product titles cut above 25 characters. */
export const FEATURED_MAX_CATEGORIES = 6
export const FEATURED_MAX_PRODUCTS = 6
export const FEATURED_TITLE_MAX = 25

/** 'CATEGORIAS EM DESTAQUE': per category an image link to a product and up to 6 product links. */
export function FeaturedCategories({ categorias }: { categorias: CategoriaDestaque[] }) {
  const shown = categorias.slice(0, FEATURED_MAX_CATEGORIES)
  if (shown.length === 0) return null
  return (
    <section aria-labelledby="categorias-destaque">
      <SectionHeading id="categorias-destaque" title="CATEGORIAS EM DESTAQUE" />
      {/* Phones swipe through the categories (one and a bit in view); wider screens show a grid. The
          image sits at the top of its card: centred, it moved down as each product line arrived. */}
      <ul
        className="-mx-3 flex snap-x snap-mandatory scroll-px-3 gap-3 overflow-x-auto px-3 pb-2 [scrollbar-width:none] sm:mx-0 sm:grid sm:grid-cols-2 sm:overflow-visible sm:px-0 sm:pb-0 lg:grid-cols-3 [&::-webkit-scrollbar]:hidden"
        data-testid="featured-categories"
      >
        {shown.map((c) => (
          <li key={c.ndi} className="flex w-[88%] shrink-0 snap-start overflow-hidden rounded-card bg-white shadow-card ring-1 ring-ink-100 sm:w-auto">
            {c.link_real ? (
              <Link
                to={productPath(c.link_real)}
                className="group flex w-[32%] shrink-0 items-start justify-center bg-gradient-to-b from-brand-50 to-white p-2 sm:w-[38%] sm:p-3"
                aria-label={`Ver produto em destaque de ${c.titulo}`}
              >
                {c.imagem ? (
                  <img
                    src={imageUrl(c.imagem, { quality: 50, width: 320 })}
                    srcSet={`${imageUrl(c.imagem, { quality: 50, width: 240 })} 240w, ${imageUrl(c.imagem, { quality: 50, width: 320 })} 320w, ${imageUrl(c.imagem, { quality: 50, width: 480 })} 480w`}
                    sizes="(min-width: 1024px) 160px, (min-width: 640px) 19vw, 28vw"
                    alt=""
                    width={160}
                    height={160}
                    loading="lazy"
                    decoding="async"
                    className="aspect-square w-full object-contain transition duration-300 group-hover:scale-105"
                  />
                ) : null}
              </Link>
            ) : null}
            <div className="flex min-w-0 flex-1 flex-col p-3 sm:p-4">
              <h3 className="text-base font-bold text-ink-900">
                <Link to={categoryPath(c.ndi)} className="hover:text-brand-700">
                  {c.titulo}
                </Link>
              </h3>
              <ul className="mt-1 flex-1">
                {c.data.slice(0, FEATURED_MAX_PRODUCTS).map((p) => (
                  <li key={p.link_real} className="text-[13px] leading-snug">
                    <Link
                      to={productPath(p.link_real)}
                      title={p.titulo}
                      data-testid="featured-product-link"
                      className="block truncate py-1 text-ink-700 hover:text-brand-700 hover:underline"
                    >
                      {truncateAtWord(p.titulo, FEATURED_TITLE_MAX)}
                    </Link>
                  </li>
                ))}
              </ul>
              <Link
                to={categoryPath(c.ndi)}
                aria-label={`Ver categoria ${c.titulo}`}
                className="mt-2 flex items-center gap-0.5 self-start text-[13px] font-semibold text-brand-600 hover:text-brand-800"
              >
                Ver categoria <ChevronRightIcon width={14} height={14} />
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
