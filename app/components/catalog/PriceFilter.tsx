import { Form, Link, useLocation, useSearchParams, useSubmit } from 'react-router'
import { listingQueryFrom } from './listing-query'

const input =
  'h-10 w-full min-w-0 rounded-lg border border-ink-100 bg-white pr-2 pl-9 text-sm text-ink-900 outline-none placeholder:text-ink-300 hover:border-brand-200 focus:border-brand-500 focus:ring-2 focus:ring-brand-200'

function PriceInput({
  id,
  name,
  label,
  placeholder,
  value,
  labelClass = 'mb-1 block text-xs font-medium text-ink-500',
}: {
  id: string
  name: 'min' | 'max'
  label: string
  placeholder: string
  value: string
  labelClass?: string
}) {
  return (
    <div>
      <label htmlFor={id} className={labelClass}>
        {label}
      </label>
      <div className="relative">
        <span className="pointer-events-none absolute top-1/2 left-3 -translate-y-1/2 text-xs text-ink-500" aria-hidden="true">
          R$
        </span>
        <input id={id} name={name} inputMode="decimal" autoComplete="off" placeholder={placeholder} maxLength={12} defaultValue={value} className={input} />
      </div>
    </div>
  )
}

/**
 * Price filter: min and max in reais go to the URL as `?min=&max=`, the page restarts at 1 and the
 * sort order is kept. The server reads "1500", "1500,50" or "1.500,50" and ignores anything else.
 * `range` asks both ends; `upTo` is the brand listings' widget as docs/requirements.md words it, one field
 * 'Faixa de preço até: R$' (a min already in the URL is kept).
 */
export function PriceFilter({ kind = 'range', idPrefix = 'preco' }: { kind?: 'range' | 'upTo'; idPrefix?: string }) {
  const [params] = useSearchParams()
  const location = useLocation()
  const submit = useSubmit()
  const min = params.get('min') ?? ''
  const max = params.get('max') ?? ''
  const asked = kind === 'range' ? ['min', 'max'] : ['max']
  const keep = [...params].filter(([k]) => !asked.includes(k) && k !== 'pagina')
  const clear = new URLSearchParams([...params].filter(([k]) => k !== 'min' && k !== 'max' && k !== 'pagina'))
  const active = Boolean(min || max)
  return (
    <Form
      method="get"
      key={`${min}|${max}`}
      preventScrollReset
      onSubmit={(e) => {
        e.preventDefault()
        submit(listingQueryFrom(e.currentTarget), { method: 'get', preventScrollReset: true })
      }}
    >
      <fieldset>
        {kind === 'range' ? <legend className="mb-3 text-sm font-bold text-ink-900">Faixa de preço</legend> : null}
        {keep.map(([k, v]) => (
          <input key={k} type="hidden" name={k} value={v} />
        ))}
        {kind === 'range' ? (
          <div className="grid grid-cols-2 gap-2">
            <PriceInput id={`${idPrefix}-min`} name="min" label="De: R$" placeholder="0" value={min} />
            <PriceInput id={`${idPrefix}-max`} name="max" label="Até: R$" placeholder="sem limite" value={max} />
          </div>
        ) : (
          <PriceInput
            id={`${idPrefix}-max`}
            name="max"
            label="Faixa de preço até: R$"
            placeholder="sem limite"
            value={max}
            labelClass="mb-3 block text-sm font-bold text-ink-900"
          />
        )}
        <div className="mt-3 flex items-center gap-3">
          <button type="submit" className="btn-primary h-10 flex-1 py-0 text-sm">
            Filtrar
          </button>
          {active ? (
            <Link
              to={{ pathname: location.pathname, search: clear.toString() ? `?${clear}` : '' }}
              preventScrollReset
              className="text-sm font-medium text-brand-700 underline-offset-2 hover:underline"
            >
              Limpar
            </Link>
          ) : null}
        </div>
      </fieldset>
    </Form>
  )
}
