import { useState } from 'react'
import { SearchField, SelectField } from '../Field'
import { FilterForm } from '../FilterForm'
import { PRODUCT_SORT_NAMES, PRODUCT_SORTS, PRODUCT_STOCK_FILTER_NAMES, PRODUCT_STOCK_FILTERS } from '../../../../contract/admin/products'
import type { CatalogChoices } from '../../../../server/domain/catalog/admin-products'

/** The list's filters, carried by the URL (a GET form); on a phone the ones beyond the search open on demand. */
export function ProductFilters({ raw, choices }: { raw: Record<string, string>; choices: CatalogChoices }) {
  const [moreFilters, setMoreFilters] = useState(false)
  const activeFilters = ['categoria', 'marca', 'ativo', 'estoque', 'video', 'atacado', 'ncm'].filter((k) => raw[k]).length
  return (
    <FilterForm
      clear="/admin/produtos"
      actionsClassName="sm:col-span-2 lg:col-span-6 lg:justify-end"
      extra={
        <button
          type="button"
          className="adm-btn-ghost mr-auto sm:hidden"
          aria-expanded={moreFilters}
          aria-controls="f-mais"
          onClick={() => setMoreFilters((v) => !v)}
        >
          {moreFilters ? 'Menos filtros' : `Mais filtros${activeFilters ? ` (${activeFilters})` : ''}`}
        </button>
      }
    >
      <SearchField defaultValue={raw.q ?? ''} placeholder="Título, código (SKU) ou marca" minLength={2} />
      <div id="f-mais" className={`${moreFilters ? 'grid' : 'hidden'} gap-3 sm:contents`}>
        <SelectField
          id="f-categoria"
          name="categoria"
          label="Categoria"
          defaultValue={raw.categoria ?? ''}
          all="Todas"
          options={choices.categorias.map((c) => [String(c.id), c.nome])}
          className="sm:col-span-2"
        />
        <SelectField
          id="f-marca"
          name="marca"
          label="Marca"
          defaultValue={raw.marca ?? ''}
          all="Todas"
          options={choices.marcas.map((m) => [String(m.id), m.nome])}
          className="sm:col-span-2"
        />
        <YesNo id="f-ativo" name="ativo" label="Situação" value={raw.ativo} yes="Ativos" no="Inativos" />
        <SelectField
          id="f-estoque"
          name="estoque"
          label="Estoque"
          defaultValue={raw.estoque ?? ''}
          all="Todos"
          options={PRODUCT_STOCK_FILTERS.map((s) => [s, PRODUCT_STOCK_FILTER_NAMES[s]])}
        />
        <YesNo id="f-video" name="video" label="Vídeo" value={raw.video} yes="Com vídeo" no="Sem vídeo" />
        <YesNo id="f-atacado" name="atacado" label="Atacado" value={raw.atacado} yes="Com atacado" no="Sem atacado" />
        <YesNo id="f-ncm" name="ncm" label="NCM (nota fiscal)" value={raw.ncm} yes="Com NCM" no="Sem NCM: não sai em nota" />
        <SelectField
          id="f-ordem"
          name="ordem"
          label="Ordem"
          defaultValue={raw.ordem ?? 'recentes'}
          options={PRODUCT_SORTS.map((s) => [s, PRODUCT_SORT_NAMES[s]])}
          className="sm:col-span-2"
        />
      </div>
    </FilterForm>
  )
}

function YesNo({ id, name, label, value, yes, no }: { id: string; name: string; label: string; value: string | undefined; yes: string; no: string }) {
  return (
    <SelectField
      id={id}
      name={name}
      label={label}
      defaultValue={value ?? ''}
      all="Todos"
      options={[
        ['sim', yes],
        ['nao', no],
      ]}
    />
  )
}
