import { Form, useSearchParams, useSubmit } from 'react-router'
import type { Ordem } from '../../../contract/catalog'
import { listingQueryFrom } from './listing-query'

/** Sort orders of spec listings, in menu order (`?ordem=`; absent or unknown = relevância). */
export const SORT_LABELS: Record<Ordem, string> = {
  relevancia: 'Relevância',
  'menor-preco': 'Menor preço',
  'maior-preco': 'Maior preço',
  'mais-vendidos': 'Mais vendidos',
  novidades: 'Novidades',
}

export function currentOrdem(value: string | null): Ordem {
  return value && value in SORT_LABELS ? (value as Ordem) : 'relevancia'
}

/**
 * "Ordenar por" select: changing it reloads the listing from page 1 and keeps the price filter. From
 * sm up its width is fixed: a page painted while its options were still arriving would otherwise
 * widen the select option by option and move the right-aligned form (a layout shift).
 */
export function SortSelect({ id = 'ordem', className = '' }: { id?: string; className?: string }) {
  const [params] = useSearchParams()
  const submit = useSubmit()
  const ordem = currentOrdem(params.get('ordem'))
  const keep = [...params].filter(([k]) => k !== 'ordem' && k !== 'pagina')
  return (
    <Form
      method="get"
      preventScrollReset
      // From sm, two fixed columns: the select's place is kept while the HTML still arrives, so the
      // label does not slide left when the select comes after it.
      className={`flex items-center gap-2 sm:grid sm:w-[17rem] sm:grid-cols-[minmax(0,1fr)_10.5rem] ${className}`}
      onChange={(e) => submit(listingQueryFrom(e.currentTarget), { method: 'get', preventScrollReset: true })}
    >
      {keep.map(([k, v]) => (
        <input key={k} type="hidden" name={k} value={v} />
      ))}
      <label htmlFor={id} className="sr-only text-sm whitespace-nowrap text-ink-500 sm:not-sr-only sm:justify-self-end sm:whitespace-nowrap">
        Ordenar por
      </label>
      <select
        id={id}
        name="ordem"
        key={ordem}
        defaultValue={ordem}
        className="h-10 w-[10.5rem] flex-none rounded-lg sm:w-full border border-ink-100 bg-white pr-8 pl-3 text-sm font-medium text-ink-900 shadow-sm outline-none hover:border-brand-200 focus:border-brand-500 focus:ring-2 focus:ring-brand-200"
      >
        {Object.entries(SORT_LABELS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit" className="btn-ghost h-10">
          Aplicar
        </button>
      </noscript>
    </Form>
  )
}
