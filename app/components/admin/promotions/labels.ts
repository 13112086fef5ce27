import { formatCents, formatCount } from '../../../../contract/money'

/** What a coupon or a promotion takes off, as the lists say it: "10 %", "R$ 50,00", "Frete grátis". */
export function discountLabel(d: { kind: 'percentual' | 'fixo' | 'frete'; value: number; shippingScope?: 'todos' | 'mais_barato' }): string {
  if (d.kind === 'percentual') return `${d.value} %`
  if (d.kind === 'fixo') return formatCents(d.value)
  return d.shippingScope === 'mais_barato' ? 'Frete grátis (mais barato)' : 'Frete grátis'
}

/** Uses as "used/total" ("3/100"; "3/∞" without a limit). */
export const usesLabel = (used: number, total: number | null) => `${formatCount(used)}/${total == null ? '∞' : formatCount(total)}`
