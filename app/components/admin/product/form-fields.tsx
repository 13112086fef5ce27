// The product form's pieces (/admin/produtos/{id}): a card, a text field with its error or hint, and
// the rows of the list fields (specifications, wholesale tiers).
import type { ReactNode } from 'react'
import type { FormBits } from './ProductForm'
import type { FormState } from './form-state'

/** A field's error under it, named by the field's aria-describedby. */
export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={`${id}-erro`} className="mt-1 text-xs font-medium text-danger-600">
      {error}
    </p>
  ) : null
}

export function Card({ title, children, id }: { title: string; children: ReactNode; id: string }) {
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
export function TextInput({ name, form, errors, set, ...extra }: FormBits & InputExtra & { name: keyof FormState }) {
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

type ListName = 'especificacoes' | 'atacado'
type ListItem<N extends ListName> = FormState[N][number]

/** The edits of a list field: a row's key changed, a row removed, a blank row added. */
function listEdits<N extends ListName>(set: FormBits['set'], name: N, list: FormState[N]) {
  const rows = list as ListItem<N>[]
  const put = (next: ListItem<N>[]) => set(name, next as FormState[N])
  return {
    change: (i: number, key: keyof ListItem<N>, value: string) => put(rows.map((row, j) => (j === i ? { ...row, [key]: value } : row))),
    remove: (i: number) => put(rows.filter((_, j) => j !== i)),
    add: (blank: ListItem<N>) => put([...rows, blank]),
  }
}

/** One input of a list field's rows: the row's key it edits, its label for row `i`, and the input's own attributes. */
type ListColumn<N extends ListName> = { key: keyof ListItem<N> & string; label: (i: number) => string; srOnly?: boolean } & Pick<
  React.InputHTMLAttributes<HTMLInputElement>,
  'placeholder' | 'maxLength' | 'inputMode'
>

/**
 * A list field (specifications, wholesale tiers): a row of `columns` inputs each (ids p-{idPrefix}-{i}-{key},
 * errors under `{name}.{i}.{key}`) with its remove button, the list's own error, and "+ add" while under `max`.
 */
export function ListField<N extends ListName>({
  bits,
  name,
  idPrefix,
  columns,
  removeLabel,
  buttonClass,
  addLabel,
  max,
  blank,
}: {
  bits: FormBits
  name: N
  idPrefix: string
  columns: ListColumn<N>[]
  removeLabel: (i: number) => string
  buttonClass?: string
  addLabel: string
  max: number
  blank: ListItem<N>
}) {
  const rows = bits.form[name] as ListItem<N>[]
  const edits = listEdits(bits.set, name, bits.form[name])
  return (
    <div className="grid gap-2">
      {rows.map((row, i) => (
        <ListRow key={i} label={removeLabel(i)} buttonClass={buttonClass} remove={() => edits.remove(i)}>
          {columns.map(({ key, label, ...input }) => (
            <RowInput
              key={key}
              {...input}
              id={`p-${idPrefix}-${i}-${key}`}
              label={label(i)}
              value={String(row[key])}
              onChange={(e) => edits.change(i, key, e.target.value)}
              error={bits.errors[`${name}.${i}.${key}`]}
            />
          ))}
        </ListRow>
      ))}
      <FieldError id={`p-${name}`} error={bits.errors[name]} />
      {rows.length < max ? (
        <button type="button" className="adm-btn-ghost justify-self-start" onClick={() => edits.add(blank)}>
          {addLabel}
        </button>
      ) : null}
    </div>
  )
}
