import { imageUrl } from '~/lib/image'

/**
 * A line's small picture (cart, checkout, order, the back office's product list): the 160-px
 * rendition, decorative since the line's title stands beside it. `className` sizes it to `size`.
 */
export function LineThumb({ link, size, className, loading }: { link: string; size: 40 | 48 | 64; className: string; loading?: 'lazy' }) {
  return <img src={imageUrl(link, { quality: 70, width: 160 })} alt="" width={size} height={size} loading={loading} className={className} />
}
