import { Suspense, useRef } from 'react'
import { ProductCard, type ProductCardData } from '~/components/catalog/ProductCard'
import { inGroups } from '~/components/catalog/hydrate-later'
import { ChevronLeftIcon, ChevronRightIcon } from '../ui/icons'
import { SectionHeading } from './SectionHeading'

/** Card width in the row: two and a bit on phones (hinting at the scroll), five on desktops. */
const ROW_CARD_SIZES = '(min-width: 1280px) 240px, (min-width: 1024px) 19vw, (min-width: 640px) 30vw, 44vw'

/**
 * A titled, horizontally scrollable row of product cards (scroll-snap, swipe on phones, arrow
 * buttons on desktop). It is a plain list, so keyboard users tab through the cards.
 */
export function ProductRow({ id, title, products }: { id: string; title: string; products: ProductCardData[] }) {
  const scroller = useRef<HTMLUListElement>(null)
  if (products.length === 0) return null
  const scrollBy = (dir: 1 | -1) => {
    const el = scroller.current
    if (!el) return
    el.scrollBy({ left: dir * el.clientWidth * 0.9, behavior: 'smooth' })
  }
  const arrow =
    'absolute top-1/2 z-10 hidden h-10 w-10 -translate-y-1/2 items-center justify-center rounded-full bg-white text-ink-900 shadow-pop ring-1 ring-ink-100 transition hover:text-brand-700 lg:flex'
  return (
    <section aria-labelledby={id} className="relative">
      <SectionHeading id={id} title={title} />
      <div className="relative">
        <button type="button" className={`${arrow} -left-4`} onClick={() => scrollBy(-1)} aria-label={`Rolar ${title.toLowerCase()} para a esquerda`}>
          <ChevronLeftIcon width={20} height={20} />
        </button>
        <ul
          ref={scroller}
          aria-labelledby={id}
          data-testid={`row-${id}`}
          className="-mx-3 flex snap-x snap-mandatory scroll-px-3 gap-2.5 overflow-x-auto px-3 pb-2 [scrollbar-width:none] sm:mx-0 sm:scroll-px-0 sm:gap-3 sm:px-0 [&::-webkit-scrollbar]:hidden"
        >
          {inGroups(products).map(({ key, items }) => (
            <Suspense key={key}>
              {items.map((p) => (
                <li key={p.hash || p.link_real} className="w-[44%] shrink-0 snap-start sm:w-[30%] md:w-[23%] lg:w-[calc((100%-4*0.75rem)/5)]">
                  <ProductCard product={p} sizes={ROW_CARD_SIZES} />
                </li>
              ))}
            </Suspense>
          ))}
        </ul>
        <button type="button" className={`${arrow} -right-4`} onClick={() => scrollBy(1)} aria-label={`Rolar ${title.toLowerCase()} para a direita`}>
          <ChevronRightIcon width={20} height={20} />
        </button>
      </div>
    </section>
  )
}
