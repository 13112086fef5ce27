import type { ProductCard, ProductDetail } from '../../../contract/catalog'
import { ProductRow } from '~/components/home/ProductRow'
import { ProductDescription, ProductReviews, ProductSpecs } from './ProductDetails'

/** The product page under the buy box: description, specifications, 'SIMILARES' and the reviews block. */
export function BelowTheFold({ detail, similares }: { detail: ProductDetail; similares: ProductCard[] }) {
  return (
    <>
      <div className="mt-6 grid items-start gap-4 sm:gap-6 lg:grid-cols-[minmax(0,1fr)_420px] xl:grid-cols-[minmax(0,1fr)_460px]">
        <ProductDescription desc={detail.desc} />
        <ProductSpecs detail={detail} />
      </div>

      {similares.length > 0 ? (
        <div className="mt-8">
          <ProductRow id="similares" title="SIMILARES" products={similares} />
        </div>
      ) : null}

      <div className="mt-8">
        <ProductReviews avaliacoes={detail.avaliacoes} />
      </div>
    </>
  )
}
