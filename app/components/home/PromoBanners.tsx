import { Link } from 'react-router'
import type { Slide } from '../../../contract/catalog'
import { slideImageSrc } from './HeroSlideshow'

/** Mid-page promo banners (1200×300), two side by side on wider screens. */
export function PromoBanners({ banners }: { banners: Slide[] }) {
  if (banners.length === 0) return null
  return (
    <section aria-label="Promoções" className={`grid gap-3 ${banners.length > 1 ? 'sm:grid-cols-2' : ''}`}>
      {banners.map((b) => (
        <Link key={b.imagem} to={b.link} className="group block overflow-hidden rounded-card shadow-card ring-1 ring-ink-100 transition hover:shadow-pop">
          <img
            src={slideImageSrc(b.imagem)}
            alt={b.titulo}
            width={1200}
            height={300}
            loading="lazy"
            decoding="async"
            className="aspect-[4/1] w-full object-cover transition duration-500 group-hover:scale-[1.02]"
          />
        </Link>
      ))}
    </section>
  )
}
