import type { CatalogChoices } from '../../../../server/domain/catalog/admin-products'
import { PRODUCT_TITLE_MAX } from '../../../../contract/admin/products'
import { slugify } from '../../../../server/lib/text'
import { DescriptionEditor } from './DescriptionEditor'
import { Card, FieldError, TextInput } from './form-fields'
import type { FormBits } from './ProductForm'

function Choice({
  name,
  label,
  empty,
  options,
  bits,
}: {
  name: 'categoria' | 'marca'
  label: string
  empty: string
  options: CatalogChoices['categorias']
  bits: FormBits
}) {
  const error = bits.errors[name]
  return (
    <div>
      <label htmlFor={`p-${name}`} className="adm-label">
        {label}
      </label>
      <select
        id={`p-${name}`}
        className="adm-input"
        value={bits.form[name]}
        onChange={(e) => bits.set(name, e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `p-${name}-erro` : undefined}
      >
        <option value="">{empty}</option>
        {options.map((c) => (
          <option key={c.id} value={c.id}>
            {c.nome}
            {c.oculta ? ' (oculta)' : ''}
          </option>
        ))}
      </select>
      <FieldError id={`p-${name}`} error={error} />
    </div>
  )
}

/** Dados principais: title, link (and where the old one goes), code, active, category and brand. */
export function MainCard({
  choices,
  oldLink,
  onLinkTyped,
  ...bits
}: FormBits & { choices: CatalogChoices; oldLink: string | null; onLinkTyped: (link: string) => void }) {
  const { form, errors, set } = bits
  return (
    <Card title="Dados principais" id="sec-dados">
      <div className="grid gap-3 sm:grid-cols-2">
        <TextInput
          {...bits}
          name="titulo"
          label="Título"
          className="sm:col-span-2"
          maxLength={PRODUCT_TITLE_MAX}
          hint={`${form.titulo.length}/${PRODUCT_TITLE_MAX} caracteres`}
        />
        <div className="sm:col-span-2">
          <label htmlFor="p-link" className="adm-label">
            Link
          </label>
          <div className="flex items-stretch gap-2">
            <span className="hidden items-center text-sm text-ink-500 sm:flex">/produto/</span>
            <input
              id="p-link"
              className="adm-input"
              value={form.link}
              onChange={(e) => onLinkTyped(e.target.value)}
              aria-invalid={errors.link ? true : undefined}
              aria-describedby={errors.link ? 'p-link-erro' : 'p-link-dica'}
            />
            <button type="button" className="adm-btn-ghost shrink-0" onClick={() => set('link', slugify(form.titulo, 120))}>
              Gerar do título
            </button>
          </div>
          {!errors.link ? (
            <p id="p-link-dica" className="mt-1 text-xs text-ink-500">
              {oldLink != null && form.link !== oldLink
                ? `O link antigo (/produto/${oldLink}) continuará levando a este produto.`
                : 'Letras minúsculas sem acento, números e hífens.'}
            </p>
          ) : null}
          <FieldError id="p-link" error={errors.link} />
        </div>
        <TextInput {...bits} name="sku" label="Código (SKU)" maxLength={64} />
        <div className="flex items-end pb-2">
          <label className="flex items-center gap-2 text-sm font-medium text-ink-900">
            <input type="checkbox" checked={form.ativo} onChange={(e) => set('ativo', e.target.checked)} className="h-4 w-4" />
            Ativo (à venda na loja)
          </label>
        </div>
        <Choice name="categoria" label="Categoria" empty="Escolha…" options={choices.categorias} bits={bits} />
        <Choice name="marca" label="Marca" empty="Sem marca" options={choices.marcas} bits={bits} />
      </div>
    </Card>
  )
}

export function DescriptionCard({ form, errors, set, canWrite }: FormBits & { canWrite: boolean }) {
  return (
    <Card title="Descrição" id="sec-descricao">
      <label htmlFor="p-descricao" className="sr-only">
        Descrição
      </label>
      <DescriptionEditor id="p-descricao" value={form.descricao} onChange={(v) => set('descricao', v)} disabled={!canWrite} error={errors.descricao} />
      <FieldError id="p-descricao" error={errors.descricao} />
    </Card>
  )
}
