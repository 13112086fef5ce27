import { useState } from 'react'
import { Form, Link } from 'react-router'
import { PRODUCT_SORT_NAMES, PRODUCT_SORTS, PRODUCT_STOCK_FILTER_NAMES, PRODUCT_STOCK_FILTERS } from '../../../../contract/admin/products'
import type { CatalogChoices } from '../../../../server/domain/catalog/admin-products'

/** The list's filters, carried by the URL (a GET form); on a phone the ones beyond the search open on demand. */
export function ProductFilters({ raw, choices }: { raw: Record<string, string>; choices: CatalogChoices }) {
  const [moreFilters, setMoreFilters] = useState(false)
  const activeFilters = ['categoria', 'marca', 'ativo', 'estoque', 'video', 'atacado'].filter((k) => raw[k]).length
  return (
    <Form method="get" className="adm-card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filtros">
      <div className="sm:col-span-2">
        <label htmlFor="f-q" className="adm-label">
          Busca
        </label>
        <input
          id="f-q"
          name="q"
          type="search"
          defaultValue={raw.q ?? ''}
          placeholder="Título, código (SKU) ou marca"
          className="adm-input"
          minLength={2}
          maxLength={100}
        />
      </div>
      <div id="f-mais" className={`${moreFilters ? 'grid' : 'hidden'} gap-3 sm:contents`}>
        <Select
          id="f-categoria"
          name="categoria"
          label="Categoria"
          value={raw.categoria}
          all="Todas"
          options={choices.categorias.map((c) => [String(c.id), c.nome])}
          wide
        />
        <Select id="f-marca" name="marca" label="Marca" value={raw.marca} all="Todas" options={choices.marcas.map((m) => [String(m.id), m.nome])} wide />
        <YesNo id="f-ativo" name="ativo" label="Situação" value={raw.ativo} yes="Ativos" no="Inativos" />
        <Select
          id="f-estoque"
          name="estoque"
          label="Estoque"
          value={raw.estoque}
          all="Todos"
          options={PRODUCT_STOCK_FILTERS.map((s) => [s, PRODUCT_STOCK_FILTER_NAMES[s]])}
        />
        <YesNo id="f-video" name="video" label="Vídeo" value={raw.video} yes="Com vídeo" no="Sem vídeo" />
        <YesNo id="f-atacado" name="atacado" label="Atacado" value={raw.atacado} yes="Com atacado" no="Sem atacado" />
        <Select id="f-ordem" name="ordem" label="Ordem" value={raw.ordem ?? 'recentes'} options={PRODUCT_SORTS.map((s) => [s, PRODUCT_SORT_NAMES[s]])} wide />
      </div>
      <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6 lg:justify-end">
        <button
          type="button"
          className="adm-btn-ghost mr-auto sm:hidden"
          aria-expanded={moreFilters}
          aria-controls="f-mais"
          onClick={() => setMoreFilters((v) => !v)}
        >
          {moreFilters ? 'Menos filtros' : `Mais filtros${activeFilters ? ` (${activeFilters})` : ''}`}
        </button>
        <button type="submit" className="adm-btn">
          Filtrar
        </button>
        <Link to="/admin/produtos" className="adm-btn-ghost">
          Limpar
        </Link>
      </div>
    </Form>
  )
}

function Select({
  id,
  name,
  label,
  value,
  all,
  options,
  wide,
}: {
  id: string
  name: string
  label: string
  value: string | undefined
  all?: string
  options: Array<[string, string]>
  wide?: boolean
}) {
  return (
    <div className={wide ? 'sm:col-span-2' : undefined}>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className="adm-input">
        {all ? <option value="">{all}</option> : null}
        {options.map(([v, text]) => (
          <option key={v} value={v}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

function YesNo({ id, name, label, value, yes, no }: { id: string; name: string; label: string; value: string | undefined; yes: string; no: string }) {
  return (
    <Select
      id={id}
      name={name}
      label={label}
      value={value}
      all="Todos"
      options={[
        ['sim', yes],
        ['nao', no],
      ]}
    />
  )
}
