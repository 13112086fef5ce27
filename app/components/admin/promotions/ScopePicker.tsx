import { useEffect, useState } from 'react'
import { useFetcher } from 'react-router'
import { PRODUCT_PICK_PATH, type ScopeForm } from '../../../../contract/admin/promotions'
import type { PickedProduct, ScopeChoices } from '../../../../server/domain/promotions/admin-scope'

type Named = { id: number; nome: string }

/** Chosen items as removable chips. */
function Chips({ items, label, disabled, onRemove }: { items: Named[]; label: string; disabled: boolean; onRemove: (id: number) => void }) {
  if (!items.length) return null
  return (
    <ul className="mt-2 flex flex-wrap gap-1.5" aria-label={label}>
      {items.map((i) => (
        <li key={i.id} className="flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs text-brand-800">
          {i.nome}
          <button
            type="button"
            disabled={disabled}
            onClick={() => onRemove(i.id)}
            aria-label={`Remover ${i.nome}`}
            className="rounded-full px-1.5 text-brand-700 hover:bg-brand-100"
          >
            ×
          </button>
        </li>
      ))}
    </ul>
  )
}

/** A category or brand list: one select adds, chips remove. */
function ListPicker({
  id,
  label,
  options,
  picked,
  disabled,
  onChange,
}: {
  id: string
  label: string
  options: Named[]
  picked: number[]
  disabled: boolean
  onChange: (ids: number[]) => void
}) {
  const byId = new Map(options.map((o) => [o.id, o]))
  return (
    <div>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <select id={id} className="adm-input" value="" disabled={disabled} onChange={(e) => e.target.value && onChange([...picked, Number(e.target.value)])}>
        <option value="">Adicionar…</option>
        {options
          .filter((o) => !picked.includes(o.id))
          .map((o) => (
            <option key={o.id} value={o.id}>
              {o.nome}
            </option>
          ))}
      </select>
      <Chips
        items={picked.map((p) => byId.get(p) ?? { id: p, nome: `#${p}` })}
        label={label}
        disabled={disabled}
        onRemove={(x) => onChange(picked.filter((p) => p !== x))}
      />
    </div>
  )
}

/** A product list: a search of the catalog adds, chips remove. */
function ProductPicker({
  id,
  label,
  picked,
  known,
  disabled,
  onPick,
  onChange,
}: {
  id: string
  label: string
  picked: number[]
  known: Map<number, PickedProduct>
  disabled: boolean
  onPick: (p: PickedProduct) => void
  onChange: (ids: number[]) => void
}) {
  const [q, setQ] = useState('')
  const search = useFetcher<{ produtos: PickedProduct[]; erro: string | null }>()
  const { load } = search
  useEffect(() => {
    if (q.trim().length < 2) return
    const timer = setTimeout(() => void load(`${PRODUCT_PICK_PATH}?${new URLSearchParams({ q: q.trim() })}`), 250)
    return () => clearTimeout(timer)
  }, [q, load])
  const found = q.trim().length >= 2 ? (search.data?.produtos ?? []).filter((p) => !picked.includes(p.id)) : []
  return (
    <div>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <input
        id={id}
        type="search"
        className="adm-input"
        placeholder="Busque por título ou código"
        value={q}
        disabled={disabled}
        onChange={(e) => setQ(e.target.value)}
      />
      {found.length ? (
        <ul className="adm-card mt-1 max-h-48 overflow-y-auto p-1 text-sm" aria-label={`Resultados — ${label}`}>
          {found.map((p) => (
            <li key={p.id}>
              <button
                type="button"
                className="block w-full rounded px-2 py-1 text-left hover:bg-brand-50"
                onClick={() => {
                  onPick(p)
                  onChange([...picked, p.id])
                }}
              >
                {p.titulo} <span className="text-xs text-ink-500">{p.sku}</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <Chips
        items={picked.map((x) => ({ id: x, nome: known.get(x)?.titulo ?? `#${x}` }))}
        label={label}
        disabled={disabled}
        onRemove={(x) => onChange(picked.filter((p) => p !== x))}
      />
    </div>
  )
}

/**
 * What a coupon or a promotion applies to: products, categories (with their subcategories) and
 * brands; nothing chosen is every product. Excluded products never get it.
 */
export function ScopePicker({
  value,
  onChange,
  choices,
  products,
  disabled = false,
}: {
  value: ScopeForm
  onChange: (scope: ScopeForm) => void
  choices: ScopeChoices
  products: PickedProduct[]
  disabled?: boolean
}) {
  const [known, setKnown] = useState(() => new Map(products.map((p) => [p.id, p])))
  const pick = (p: PickedProduct) => setKnown((m) => new Map(m).set(p.id, p))
  const set = (key: keyof ScopeForm) => (ids: number[]) => onChange({ ...value, [key]: ids })
  const everything = value.produtos.length + value.categorias.length + value.marcas.length === 0
  return (
    <fieldset className="grid gap-4 sm:grid-cols-2" disabled={disabled}>
      <legend className="mb-2 text-sm text-ink-500">
        {everything ? 'Vale para todos os produtos da loja.' : 'Vale para os produtos escolhidos, das categorias (e subcategorias) e das marcas escolhidas.'}
      </legend>
      <ProductPicker id="escopo-produtos" label="Produtos" picked={value.produtos} known={known} disabled={disabled} onPick={pick} onChange={set('produtos')} />
      <ListPicker
        id="escopo-categorias"
        label="Categorias"
        options={choices.categorias}
        picked={value.categorias}
        disabled={disabled}
        onChange={set('categorias')}
      />
      <ListPicker id="escopo-marcas" label="Marcas" options={choices.marcas} picked={value.marcas} disabled={disabled} onChange={set('marcas')} />
      <ProductPicker
        id="escopo-excluidos"
        label="Produtos excluídos"
        picked={value.excluidos}
        known={known}
        disabled={disabled}
        onPick={pick}
        onChange={set('excluidos')}
      />
    </fieldset>
  )
}
