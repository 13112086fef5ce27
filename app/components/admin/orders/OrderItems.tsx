import { DetailCard } from '~/components/admin/PageBits'
import { formatCents } from '../../../../contract/money'
import type { AdminOrderDetail } from '../../../../server/domain/order/admin-detail'

/**
 * The order's items as they were bought (the purchase's snapshot), each with what its discounts took
 * off, and the totals with each discount by name (promotion, coupon, free shipping, Pix).
 */
export function OrderItems({ order, items, discounts }: Pick<AdminOrderDetail, 'order' | 'items' | 'discounts'>) {
  return (
    <DetailCard id="itens" title="Itens" table>
      <table className="w-full text-sm">
        <thead className="text-left text-xs text-ink-500 uppercase">
          <tr>
            <th className="py-2 pr-2">Produto (como foi comprado)</th>
            <th className="px-2 py-2 text-right">Qtd.</th>
            <th className="hidden px-2 py-2 text-right sm:table-cell">Unitário</th>
            <th className="py-2 pl-2 text-right">Total</th>
          </tr>
        </thead>
        <tbody>
          {items.map((i) => (
            <tr key={i.id} className="border-t border-ink-100 align-top">
              <td className="py-2 pr-2">
                <span className="font-medium" title={i.productId ? undefined : 'Produto removido do catálogo'}>
                  {i.titulo}
                </span>
                {i.variacao ? <span className="block text-xs text-ink-500">{i.variacao}</span> : null}
                {i.wholesale ? <span className="block text-xs text-ink-500">Atacado: a partir de {i.wholesale.min} un.</span> : null}
              </td>
              <td className="px-2 py-2 text-right tabular-nums">{i.quantity}</td>
              <td className="hidden px-2 py-2 text-right tabular-nums sm:table-cell">
                {formatCents(i.unitPriceCents)}
                {i.listUnitPriceCents && i.listUnitPriceCents !== i.unitPriceCents ? (
                  <span className="block text-xs text-ink-500 line-through">{formatCents(i.listUnitPriceCents)}</span>
                ) : null}
              </td>
              <td className="py-2 pl-2 text-right tabular-nums">
                {formatCents(i.totalCents)}
                {i.discountCents ? <span className="block text-xs text-green-700">− {formatCents(i.discountCents)} em descontos</span> : null}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="text-sm">
          <Total label="Subtotal" cents={order.subtotalCents} />
          {discounts.length ? (
            discounts.map((d) => <Total key={`${d.source}-${d.label}`} label={d.label} cents={-d.amountCents} />)
          ) : order.discountCents ? (
            <Total label="Desconto" cents={-order.discountCents} />
          ) : null}
          {order.couponCode ? <Total label="Cupom usado" text={order.couponCode} /> : null}
          <Total label={`Frete (${order.shippingMethod})`} cents={order.shippingCents} />
          <Total label="Total" cents={order.totalCents} strong />
        </tfoot>
      </table>
    </DetailCard>
  )
}

function Total({ label, cents = 0, text, strong }: { label: string; cents?: number; text?: string; strong?: boolean }) {
  return (
    <tr className={strong ? 'border-t border-ink-100 font-bold' : ''}>
      <td colSpan={3} className="hidden py-1 pr-2 text-right text-ink-500 sm:table-cell">
        {label}
      </td>
      <td colSpan={2} className="py-1 pr-2 text-right text-ink-500 sm:hidden">
        {label}
      </td>
      <td className="py-1 pl-2 text-right tabular-nums">{text ?? (cents < 0 ? `− ${formatCents(-cents)}` : formatCents(cents))}</td>
    </tr>
  )
}
