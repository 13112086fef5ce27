// The coupon and promotion editors' shared plumbing: the form's state, its save through the page's
// action (a refusal names its field, shown beside it), and the fields bound to that state.
import { useState, type ReactNode } from 'react'
import { useNavigate } from 'react-router'
import { useStaffAction } from '~/lib/admin-action'
import { Field, SelectField } from '../Field'

type SaveAnswer = { ok: true; msg?: string; id: number } | { ok: false; code: string; msg: string; campo?: string }

export type FormBits<F> = {
  form: F
  set: <K extends keyof F>(key: K, value: F[K]) => void
  /** The refused field's message, by field name. */
  errorOf: (name: keyof F & string) => string | undefined
  disabled: boolean
}

/**
 * A form over `initial`, posted as `{ intent: 'criar' | 'salvar', [field]: form }`; a creation goes on
 * to the new thing's page (`pathOf`). The page keys the form by what it loaded, so a save starts it again.
 */
export function usePromoForm<F>(
  initial: F,
  { field, creating, pathOf, canWrite }: { field: string; creating: boolean; pathOf: (id: number) => string; canWrite: boolean },
) {
  const navigate = useNavigate()
  const [form, setForm] = useState(initial)
  const [touched, setTouched] = useState(false)
  const save = useStaffAction<SaveAnswer>({
    key: field,
    toastRefusal: false,
    onDone: (done) => {
      setTouched(false)
      if (creating) navigate(pathOf(done.id), { replace: true })
    },
  })
  const refusal = save.answer && !save.answer.ok && !touched ? save.answer : null
  const bits: FormBits<F> = {
    form,
    set: (key, value) => {
      setTouched(true)
      setForm((f) => ({ ...f, [key]: value }))
    },
    errorOf: (name) => (refusal?.campo === name ? refusal.msg : undefined),
    disabled: !canWrite || save.busy,
  }
  return {
    bits,
    busy: save.busy,
    refusal,
    submit: () => {
      setTouched(false)
      save.submit(creating ? 'criar' : 'salvar', { [field]: form })
    },
  }
}

/** A text field of the form, its refusal under it (or its hint). */
export function TextField<F>({
  bits,
  name,
  label,
  hint,
  locked,
  className,
  type = 'text',
  inputMode,
}: {
  bits: FormBits<F>
  name: keyof F & string
  label: string
  hint?: string
  locked?: boolean
  className?: string
  type?: 'text' | 'datetime-local'
  inputMode?: 'decimal' | 'numeric'
}) {
  const error = bits.errorOf(name)
  return (
    <div className={className}>
      <Field
        id={`f-${name}`}
        label={label}
        type={type}
        inputMode={inputMode}
        value={String(bits.form[name] ?? '')}
        disabled={bits.disabled || locked}
        onChange={(e) => bits.set(name, e.target.value as F[typeof name])}
        aria-invalid={error ? true : undefined}
        hint={error ? undefined : hint}
      />
      {error ? <p className="mt-1 text-xs font-medium text-danger-600">{error}</p> : null}
    </div>
  )
}

/** A select of the form over [value, label] pairs. */
export function ChoiceField<F>({
  bits,
  name,
  label,
  options,
  locked,
  className,
}: {
  bits: FormBits<F>
  name: keyof F & string
  label: string
  options: readonly (readonly [string, string])[]
  locked?: boolean
  className?: string
}) {
  return (
    <SelectField
      id={`f-${name}`}
      label={label}
      options={options}
      className={className}
      value={String(bits.form[name])}
      disabled={bits.disabled || locked}
      onChange={(e) => bits.set(name, e.target.value as F[typeof name])}
    />
  )
}

/** A yes/no of the form, with a line saying what it means. */
export function CheckField<F>({ bits, name, label, hint }: { bits: FormBits<F>; name: keyof F & string; label: string; hint?: string }) {
  return (
    <label className="flex items-start gap-2 text-sm text-ink-700">
      <input
        type="checkbox"
        className="mt-0.5 size-4"
        checked={Boolean(bits.form[name])}
        disabled={bits.disabled}
        onChange={(e) => bits.set(name, e.target.checked as F[typeof name])}
      />
      <span>
        <span className="font-medium text-ink-900">{label}</span>
        {hint ? <span className="block text-xs text-ink-500">{hint}</span> : null}
      </span>
    </label>
  )
}

/** One titled card of an editor. */
export function FormCard({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="adm-card grid content-start gap-4 p-5" aria-label={title}>
      <h2 className="font-bold text-ink-900">{title}</h2>
      {children}
    </section>
  )
}

/**
 * An editor's form: its cards, then the bar with the refusal's sentence, what the page adds (Encerrar)
 * and the save button; people who may not write see the fields only.
 */
export function EditorForm({
  label,
  editor,
  canWrite,
  saveLabel,
  actions,
  children,
}: {
  label: string
  editor: { busy: boolean; refusal: { msg: string } | null; submit: () => void }
  canWrite: boolean
  saveLabel: string
  actions?: ReactNode
  children: ReactNode
}) {
  return (
    <form
      aria-label={label}
      noValidate
      onSubmit={(e) => {
        e.preventDefault()
        if (canWrite && !editor.busy) editor.submit()
      }}
    >
      {children}
      {canWrite ? (
        <div className="sticky bottom-0 z-10 -mx-4 mt-4 flex flex-wrap items-center justify-end gap-3 border-t border-ink-100 bg-white/95 px-4 py-3 backdrop-blur sm:-mx-6 sm:px-6 lg:-mx-8 lg:px-8">
          {editor.refusal ? (
            <p role="alert" className="mr-auto text-sm text-danger-600">
              {editor.refusal.msg}
            </p>
          ) : null}
          {actions}
          <button type="submit" className="adm-btn" disabled={editor.busy}>
            {editor.busy ? 'Salvando…' : saveLabel}
          </button>
        </div>
      ) : null}
    </form>
  )
}
