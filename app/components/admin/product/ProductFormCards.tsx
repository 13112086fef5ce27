import type { ReactNode } from 'react'
import { PRODUCT_SPECS_MAX, PRODUCT_TIERS_MAX, PRODUCT_TITLE_MAX } from '../../../../contract/admin/products'
import { formatCents } from '../../../../contract/money'
import type { CatalogChoices } from '../../../../server/domain/catalog/admin-products'
import { slugify } from '../../../../server/lib/text'
import { DescriptionEditor } from './DescriptionEditor'
import type { FormBits } from './ProductForm'
import type { FormState } from './form-state'

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-danger-600">
      {error}
    </p>
  ) : null
}

function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
  return (
    <section aria-labelledby={id} className="rounded-lg bg-white p-4 shadow-sm">
      <h2 id={id} className="mb-3 font-bold text-ink-900">
        {title}
      </h2>
      {children}
    </section>
  )
}

type InputExtra = { label: string; hint?: string; className?: string; inputMode?: 'decimal' | 'numeric' | 'text'; maxLength?: number; placeholder?: string }

/** One of the form's text fields, its error (or hint) under it. */
function TextInput({ name, form, errors, set, ...extra }: FormBits & InputExtra & { name: keyof FormState }) {
  const id = `p-${name}`
  const error = errors[name]
  return (
    <div className={extra.className}>
      <label htmlFor={id} className="adm-label">
        {extra.label}
      </label>
      <input
        id={id}
        className="adm-input"
        type="text"
        inputMode={extra.inputMode}
        maxLength={extra.maxLength}
        placeholder={extra.placeholder}
        value={String(form[name])}
        onChange={(e) => set(name, e.target.value as never)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : extra.hint ? `${id}-dica` : undefined}
      />
      {extra.hint && !error ? (
        <p id={`${id}-dica`} className="mt-1 text-xs text-ink-500">
          {extra.hint}
        </p>
      ) : null}
      <FieldError id={id} error={error} />
    </div>
  )
}

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

/** A row of a list field (specifications, wholesale tiers): its inputs, each with its error, and a remove button. */
function ListRow({ children, remove, label, buttonClass = '' }: { children: ReactNode; remove: () => void; label: string; buttonClass?: string }) {
  return (
    <div className="grid grid-cols-[1fr_1fr_auto] items-start gap-2">
      {children}
      <button type="button" className={`adm-btn-ghost px-2 ${buttonClass}`} aria-label={label} onClick={remove}>
        ✕
      </button>
    </div>
  )
}

function RowInput({
  id,
  label,
  error,
  srOnly,
  ...input
}: React.InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string; srOnly?: boolean }) {
  return (
    <div>
      <label htmlFor={id} className={srOnly ? 'sr-only' : 'adm-label'}>
        {label}
      </label>
      <input id={id} className="adm-input" aria-invalid={error ? true : undefined} {...input} />
      <FieldError id={id} error={error} />
    </div>
  )
}

export function SpecsCard(bits: FormBits) {
  const { form, errors, set } = bits
  const specs = form.especificacoes
  const change = (i: number, k: 'nome' | 'valor', v: string) =>
    set(
      'especificacoes',
      specs.map((x, j) => (j === i ? { ...x, [k]: v } : x)),
    )
  return (
    <Card title="Especificações" id="sec-espec">
      <div className="grid gap-2">
        {specs.map((s, i) => (
          <ListRow
            key={i}
            label={`Remover especificação ${i + 1}`}
            remove={() =>
              set(
                'especificacoes',
                specs.filter((_, j) => j !== i),
              )
            }
          >
            <RowInput
              srOnly
              id={`p-espec-${i}-nome`}
              label={`Nome da especificação ${i + 1}`}
              placeholder="Nome (ex.: Memória)"
              value={s.nome}
              maxLength={255}
              onChange={(e) => change(i, 'nome', e.target.value)}
              error={errors[`especificacoes.${i}.nome`]}
            />
            <RowInput
              srOnly
              id={`p-espec-${i}-valor`}
              label={`Valor da especificação ${i + 1}`}
              placeholder="Valor (ex.: 8 GB)"
              value={s.valor}
              maxLength={255}
              onChange={(e) => change(i, 'valor', e.target.value)}
              error={errors[`especificacoes.${i}.valor`]}
            />
          </ListRow>
        ))}
        <FieldError id="p-especificacoes" error={errors.especificacoes} />
        {specs.length < PRODUCT_SPECS_MAX ? (
          <button type="button" className="adm-btn-ghost justify-self-start" onClick={() => set('especificacoes', [...specs, { nome: '', valor: '' }])}>
            + Especificação
          </button>
        ) : null}
      </div>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Embalagem (para o frete)</h3>
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-4">
        <TextInput {...bits} name="alturaMm" label="Altura (mm)" inputMode="numeric" />
        <TextInput {...bits} name="larguraMm" label="Largura (mm)" inputMode="numeric" />
        <TextInput {...bits} name="comprimentoMm" label="Comprimento (mm)" inputMode="numeric" />
        <TextInput {...bits} name="pesoG" label="Peso (g)" inputMode="numeric" />
      </div>
    </Card>
  )
}

export function PriceCard({ pix, pixCents, ...bits }: FormBits & { pix: number; pixCents: number | null }) {
  const { form, errors, set } = bits
  const tiers = form.atacado
  const change = (i: number, k: 'min' | 'preco', v: string) =>
    set(
      'atacado',
      tiers.map((x, j) => (j === i ? { ...x, [k]: v } : x)),
    )
  return (
    <Card title="Preço" id="sec-preco">
      <div className="grid gap-3">
        <TextInput {...bits} name="preco" label="Preço (R$)" inputMode="decimal" placeholder="0,00" />
        <TextInput
          {...bits}
          name="precoDe"
          label={'Preço "de" (R$, opcional)'}
          inputMode="decimal"
          placeholder="Riscado acima do preço"
          hint="Aparece riscado na loja quando é maior que o preço."
        />
        <p className="rounded-lg bg-pix-50 px-3 py-2 text-sm text-pix-600" data-testid="pix-preview">
          No Pix: <strong>{formatCents(pixCents)}</strong> <span className="text-xs">({pix}% de desconto da loja)</span>
        </p>
      </div>
      <h3 className="mt-4 mb-2 text-sm font-semibold text-ink-900">Atacado</h3>
      <div className="grid gap-2">
        {tiers.map((t, i) => (
          <ListRow
            key={i}
            label={`Remover faixa de atacado ${i + 1}`}
            buttonClass="mt-6"
            remove={() =>
              set(
                'atacado',
                tiers.filter((_, j) => j !== i),
              )
            }
          >
            <RowInput
              id={`p-atacado-${i}-min`}
              label="A partir de (peças)"
              inputMode="numeric"
              value={t.min}
              onChange={(e) => change(i, 'min', e.target.value)}
              error={errors[`atacado.${i}.min`]}
            />
            <RowInput
              id={`p-atacado-${i}-preco`}
              label="Preço unitário (R$)"
              inputMode="decimal"
              value={t.preco}
              onChange={(e) => change(i, 'preco', e.target.value)}
              error={errors[`atacado.${i}.preco`]}
            />
          </ListRow>
        ))}
        <FieldError id="p-atacado" error={errors.atacado} />
        {tiers.length < PRODUCT_TIERS_MAX ? (
          <button type="button" className="adm-btn-ghost justify-self-start" onClick={() => set('atacado', [...tiers, { min: '', preco: '' }])}>
            + Faixa de atacado
          </button>
        ) : null}
      </div>
    </Card>
  )
}

export function VideoStockCard({ creating, ...bits }: FormBits & { creating: boolean }) {
  return (
    <Card title="Vídeo e estoque" id="sec-video">
      <div className="grid gap-3">
        <TextInput
          {...bits}
          name="video"
          label="Vídeo (arquivo em media/videos)"
          placeholder="ex.: demo.mp4"
          hint="MP4 ou WebM; deixe vazio para não ter vídeo."
        />
        {creating ? (
          <TextInput
            {...bits}
            name="estoque"
            label="Estoque inicial"
            inputMode="numeric"
            hint={'Peças disponíveis ao criar (fica no histórico como "Cadastro").'}
          />
        ) : (
          <p className="text-sm text-ink-700">O estoque se ajusta na seção Estoque, abaixo.</p>
        )}
      </div>
    </Card>
  )
}
