import type { Desconto } from '../../../contract/promotions'
import { formatBRL } from '~/lib/money'

/**
 * The discount lines of a cart or a purchase, each with its name and taken off ("− R$ 10,00").
 * `desconto`: a purchase made before discounts were kept line by line had only the Pix discount,
 * so its total shows as that.
 */
export function DiscountLines({ descontos, desconto = 0 }: { descontos: readonly Desconto[] | undefined; desconto?: number }) {
  const lines: readonly Desconto[] = descontos?.length ? descontos : desconto > 0 ? [{ tipo: 'pix', nome: 'Desconto Pix', valor: desconto }] : []
  return lines.map((d) => (
    <div key={`${d.tipo}-${d.nome}`} className={`flex justify-between ${d.tipo === 'pix' ? 'text-pix-600' : 'text-green-700'}`}>
      <dt>{d.nome}</dt>
      <dd>− {formatBRL(d.valor)}</dd>
    </div>
  ))
}
