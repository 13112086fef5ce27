import type { SectionProps } from './sections'

/** Variations: option groups (Cor, Memória…) and their values, each with its price, stock and hash. */
export function VariationsSection({ data }: SectionProps<'variations'>) {
  return (
    <section aria-labelledby="sec-variacoes" className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id="sec-variacoes" className="mb-2 font-bold text-ink-900">Variações</h2>
      {data.groups.length === 0 ? <p className="text-sm text-ink-500">Sem variações.</p> : null}
      {data.groups.map((g) => (
        <p key={g.id} className="text-sm text-ink-700">
          {g.nome}: {g.options.map((o) => o.nome).join(', ')}
        </p>
      ))}
    </section>
  )
}
