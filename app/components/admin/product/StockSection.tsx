import type { SectionProps } from './sections'

/** Stock: the count, its changes (optimistic concurrency, "receber N unidades") and its ledger. */
export function StockSection({ data }: SectionProps<'stock'>) {
  return (
    <section aria-labelledby="sec-estoque" className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id="sec-estoque" className="mb-2 font-bold text-ink-900">Estoque</h2>
      <p className="text-sm text-ink-700">{data.stock} unidades</p>
    </section>
  )
}
