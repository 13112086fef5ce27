import type { CartItem } from '../../../contract/cart'
import { imageUrl } from '~/lib/image'
import { formatBRL } from '~/lib/money'
import { listSubtotal, pieceCount, pixSubtotal } from './cart-math'

/**
 * The cart as checkout summarises it (spec §2 "Resumo"): item count, each item's image, title,
 * first variation value and price, and the totals.
 */
export function OrderSummary({ itens }: { itens: CartItem[] }) {
  const count = pieceCount(itens)
  return (
    <section aria-labelledby="resumo-pedido" className="rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100">
      <h2 id="resumo-pedido" className="text-lg font-bold text-ink-900">
        Resumo ({count} {count === 1 ? 'item' : 'itens'})
      </h2>
      <ul className="mt-3 divide-y divide-ink-100">
        {itens.map((item) => (
          <li key={item.token} className="flex items-center gap-3 py-2" data-testid="resumo-item">
            <img src={imageUrl(item.imgs.link, { quality: 70, width: 160 })} alt="" width={48} height={48} className="h-12 w-12 shrink-0 rounded-md object-contain ring-1 ring-ink-100" />
            <div className="min-w-0 flex-1 text-sm">
              <p className="line-clamp-1 font-medium text-ink-900">{item.titulo}</p>
              <p className="text-xs text-ink-500">
                {item.quantidade}× {item.variacao[0] ? `· ${item.variacao[0].v2}` : ''}
              </p>
            </div>
            <p className="text-sm font-semibold text-ink-900">{formatBRL(item.valor_total)}</p>
          </li>
        ))}
      </ul>
      <dl className="mt-3 space-y-1 border-t border-ink-100 pt-3 text-sm">
        <div className="flex justify-between">
          <dt className="text-ink-700">Total</dt>
          <dd className="font-bold text-ink-900">{formatBRL(listSubtotal(itens))}</dd>
        </div>
        <div className="flex justify-between">
          <dt className="text-ink-700">Total no Pix</dt>
          <dd className="font-bold text-pix-600">{formatBRL(pixSubtotal(itens))}</dd>
        </div>
      </dl>
    </section>
  )
}
