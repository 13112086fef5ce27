import { Link } from 'react-router'
import type { ItemMarca, ProductCard as ProductCardData } from '../../../contract/catalog'
import { isLowStock } from '../../../contract/pricing'
import { truncate } from '../../../contract/text'
import { responsiveImage } from '~/lib/image'
import { formatBRL } from '~/lib/money'
import { brandPath, productPath } from '../../../contract/urls'
import { Glyph } from '../ui/icons'
import { Stars, formatRating } from '../product/Stars'

export type { ProductCardData }

/** Card title limit. */
export const CARD_TITLE_MAX = 50

/** How wide a card image shows in the grids below (2 columns on phones, 3 on tablets, 4–5 on desktops). */
export const CARD_IMAGE_SIZES = '(min-width: 1280px) 240px, (min-width: 1024px) 22vw, (min-width: 640px) 31vw, 48vw'
const CARD_IMAGE_WIDTHS = [160, 240, 320, 480, 640] as const

/** Brand listings carry the brand id in `marca` (spec quirk) and the brand itself in `marcaInfo`. */
export function cardFromBrandItem(item: ItemMarca): ProductCardData {
  const { marcaInfo, ...rest } = item
  return { ...rest, marca: marcaInfo }
}

type StockState = 'esgotado' | 'ultimas' | null

export function stockState(qtd: number): StockState {
  if (qtd <= 0) return 'esgotado'
  return isLowStock(qtd) ? 'ultimas' : null
}

const badge = 'pc-badge'

/**
 * Product card: image, brand link, title cut at 50 characters, list price ("de … por …" with the
 * running promotion's name as a mark over the image, so it takes no room), Pix price,
 * instalments, and marks for wholesale, video and stock. The whole card is clickable through the
 * title link; the brand link sits above it.
 */
export function ProductCard({
  product,
  priority = false,
  headingLevel = 'h3',
  sizes = CARD_IMAGE_SIZES,
}: {
  product: ProductCardData
  /** Above the fold: load the image eagerly with high priority (first row of a page). */
  priority?: boolean
  headingLevel?: 'h2' | 'h3' | 'h4'
  sizes?: string
}) {
  const p = product
  const Heading = headingLevel
  const href = productPath(p.link_real)
  const stock = stockState(p.qtd)
  const soldOut = stock === 'esgotado'
  // With a promotion running: "de" valorDe (the list price, or a higher "de" one) "por" one unit with it.
  const price = p.promocao?.valor ?? p.valor
  return (
    <article data-testid="product-card" className={priority ? 'pc' : 'pc offscreen-lazy'}>
      <div className="pc-media">
        {p.img ? (
          <img
            {...responsiveImage(p.img, { sizes, widths: CARD_IMAGE_WIDTHS, fallbackWidth: 320, quality: 80 })}
            alt=""
            width={320}
            height={320}
            loading={priority ? 'eager' : 'lazy'}
            fetchPriority={priority ? 'high' : undefined}
            decoding="async"
            className={soldOut ? 'pc-img opacity-50 grayscale' : 'pc-img'}
          />
        ) : (
          <div className="flex h-full w-full items-center justify-center rounded-lg bg-ink-50 text-xs text-ink-500">Sem imagem</div>
        )}
        <div className="pc-marks">
          {p.promocao ? (
            <span className={`${badge} max-w-full bg-green-700 text-white`} data-testid="card-promotion">
              <span className="min-w-0 truncate">{p.promocao.nome}</span>
            </span>
          ) : null}
          {p.atacado === 1 ? <span className={`${badge} bg-brand-700 text-white`}>Atacado</span> : null}
          {p.video === 1 ? (
            <span className={`${badge} bg-ink-900/85 text-white`}>
              <Glyph viewBox="0 0 10 10" size={8} d="M2 1l7 4-7 4z" />
              Vídeo
            </span>
          ) : null}
        </div>
        {stock ? (
          <span
            className={`${badge} pointer-events-none absolute bottom-2 left-2 ${
              soldOut ? 'bg-ink-700 text-white' : 'bg-amber-100 text-warn-500 ring-1 ring-amber-300'
            }`}
          >
            {soldOut ? 'Esgotado' : 'Últimas unidades'}
          </span>
        ) : null}
      </div>

      <div className="pc-body">
        {p.marca.link ? (
          <Link to={brandPath(p.marca.link)} className="pc-brand">
            {p.marca.titulo}
          </Link>
        ) : (
          <span className="h-4" aria-hidden="true" />
        )}
        <Heading className="pc-title">
          <Link to={href} title={p.titulo} className="pc-link">
            {truncate(p.titulo, CARD_TITLE_MAX)}
          </Link>
        </Heading>
        {p.nota ? (
          <p className="mt-1 flex items-center gap-1 text-xs text-ink-500" data-testid="card-rating">
            <Stars value={p.nota.media} size={13} />
            <span className="sr-only">Nota {formatRating(p.nota.media)} de 5, </span>
            <span>({p.nota.qtd})</span>
          </p>
        ) : null}

        <div className="pt-2">
          <p className="text-[13px] text-ink-500">
            {p.valorDe != null && p.valorDe > price ? (
              <>
                <span className="sr-only">De </span>
                <s className="mr-1.5" data-testid="card-compare-at">
                  {formatBRL(p.valorDe)}
                </s>
                <span className="sr-only">por </span>
              </>
            ) : (
              <span className="sr-only">Preço: </span>
            )}
            {/* data-valor: the price shown, after the running promotion: the one listings sort and filter by (docs/decisions/0127-promotions.md). */}
            <span data-testid="card-price" data-valor={price}>
              {formatBRL(price)}
            </span>
          </p>
          <p className="leading-tight text-pix-600">
            <span className="text-lg font-extrabold sm:text-xl">{formatBRL(p.valorPix)}</span>{' '}
            <span className="block text-xs font-semibold">à vista no Pix</span>
          </p>
          {p.parcelas.qtd > 1 ? (
            <p className="pc-small">
              ou {p.parcelas.qtd}x de {formatBRL(p.parcelas.valor)} sem juros
            </p>
          ) : (
            <p className="pc-small">ou {formatBRL(price)} no cartão</p>
          )}
          {p.valorAtacado != null ? <p className="mt-1 text-xs font-medium text-brand-700">No atacado: {formatBRL(p.valorAtacado)}/un.</p> : null}
        </div>
      </div>
    </article>
  )
}
