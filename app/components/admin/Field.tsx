import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from 'react'

/** A labelled input of the back office's forms, with an optional hint under it. */
export function Field({ id, label, hint, className, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; hint?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <input id={id} className="adm-input" {...input} />
      {hint ? <p className="mt-1 text-xs text-ink-500">{hint}</p> : null}
    </div>
  )
}

/** A list's "Busca" box: the `q` of a GET filter form, at most 100 characters. */
export function SearchField({
  id = 'f-q',
  className = 'sm:col-span-2',
  ...input
}: {
  id?: string
  className?: string
  defaultValue: string
  placeholder: string
  minLength: number
}) {
  return <Field id={id} name="q" label="Busca" type="search" maxLength={100} className={className} {...input} />
}

/** A labelled select: `options` as [value, label] pairs, an optional first "all" choice. */
export function SelectField({
  id,
  label,
  options,
  all,
  className,
  ...select
}: SelectHTMLAttributes<HTMLSelectElement> & { id: string; label: string; options: readonly (readonly [string, string])[]; all?: string }) {
  return (
    <div className={className}>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <select id={id} className="adm-input" {...select}>
        {all ? <option value="">{all}</option> : null}
        {options.map(([value, text]) => (
          <option key={value} value={value}>
            {text}
          </option>
        ))}
      </select>
    </div>
  )
}

/**
 * The back office's one error note: a form's refusal or a list's refused filter, in the server's
 * words, read out by screen readers. Nothing is shown when there is no message.
 */
export function ErrorNote({ children, className = 'mb-4' }: { children: ReactNode; className?: string }) {
  if (!children) return null
  return (
    <p role="alert" className={`${className} rounded-lg bg-danger-600/10 px-3 py-2 text-sm text-danger-600`}>
      {children}
    </p>
  )
}
