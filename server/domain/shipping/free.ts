// Free shipping (docs/decisions/0133-shipping-settings-and-free-shipping.md): the store's rules apply to
// whatever quoted — the table or a carrier — by the destination (UFs, CEP ranges) and the value of the
// items after automatic promotions and the coupon, before the Pix discount. Pure: the caller prices
// the items with priceCart first.
import type { FreeShippingRule } from '../../../contract/admin/shipping-settings'
import { PICKUP_INDEX } from './options'
import type { ShippingOption, ShippingQuote } from './quotes'

/** Whether a rule covers a destination (UF, CEP of 8 digits): one of its UFs or CEP ranges; with neither, all of Brazil. */
export function ruleCovers(rule: Pick<FreeShippingRule, 'ufs' | 'faixasCep'>, uf: string, cep: string): boolean {
  if (rule.ufs.length === 0 && rule.faixasCep.length === 0) return true
  const digits = cep.replace(/\D/g, '')
  return (
    rule.ufs.includes(uf as FreeShippingRule['ufs'][number]) || rule.faixasCep.some((f) => f.de.replace('-', '') <= digits && digits <= f.ate.replace('-', ''))
  )
}

/**
 * The home deliveries these rules make free for these items, by index, with the rule that does it:
 * a rule covering the destination whose minimum the items reach frees the cheapest delivery that
 * carries the parcel ('mais_barato', by the quoted price, the lower index on a tie) or every one ('todos').
 */
export function freeDeliveries(
  rules: readonly FreeShippingRule[],
  quote: Pick<ShippingQuote, 'uf' | 'cep' | 'options'>,
  itemsCents: number,
): Map<number, string> {
  const free = new Map<number, string>()
  const deliveries = quote.options.filter((o) => o.index !== PICKUP_INDEX && o.disponivel)
  if (!deliveries.length) return free
  const cheapest = deliveries.reduce((a, b) => (b.valorCents < a.valorCents ? b : a))
  for (const rule of rules) {
    if (itemsCents < rule.minimoCentavos || !ruleCovers(rule, quote.uf, quote.cep)) continue
    for (const o of rule.servicos === 'todos' ? deliveries : [cheapest]) if (!free.has(o.index)) free.set(o.index, rule.nome)
  }
  return free
}

/** The options as the shopper is offered them: the free ones at R$ 0, saying which rule. */
export function offeredOptions(options: readonly ShippingOption[], free: ReadonlyMap<number, string>): ShippingOption[] {
  return options.map((o) => (free.has(o.index) ? { ...o, valorCents: 0, gratis: free.get(o.index)! } : o))
}
