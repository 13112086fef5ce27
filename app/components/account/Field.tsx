import type { InputHTMLAttributes } from 'react'
import type { FormNote } from './form'

type FieldProps = InputHTMLAttributes<HTMLInputElement> & { id: string; label: string; error?: string | null; hint?: string }

/** A labelled input with its message under it (announced when it appears). */
export function Field({ id, label, error, hint, className = '', ...input }: FieldProps) {
  const describedBy = error ? `${id}-erro` : hint ? `${id}-dica` : undefined
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-700">
        {label}
      </label>
      <input
        id={id}
        name={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={describedBy}
        className={`h-11 w-full rounded-lg border bg-white px-3 text-ink-900 outline-none transition focus:ring-4 focus:ring-brand-100 ${
          error ? 'border-danger-600' : 'border-ink-300 focus:border-brand-500'
        }`}
        {...input}
      />
      {error ? (
        <FieldError id={`${id}-erro`} error={error} />
      ) : hint ? (
        <p id={`${id}-dica`} className="mt-1 text-xs text-ink-500">
          {hint}
        </p>
      ) : null}
    </div>
  )
}

/** A form-level message: an error from the server, or a confirmation. */
export function FormMessage({ tone, children }: { tone: 'error' | 'success'; children: React.ReactNode }) {
  return (
    <div
      role={tone === 'error' ? 'alert' : 'status'}
      className={`rounded-lg px-4 py-3 text-sm font-medium ${tone === 'error' ? 'bg-red-50 text-danger-600' : 'bg-pix-50 text-pix-600'}`}
    >
      {children}
    </div>
  )
}

/** A form's note after sending, if any, in its own box (`className` places it in the form's grid). */
export function Note({ note, className }: { note: FormNote | null; className?: string }) {
  if (!note) return null
  return (
    <div className={className}>
      <FormMessage tone={note.tone}>{note.msg}</FormMessage>
    </div>
  )
}

type TextAreaProps = React.TextareaHTMLAttributes<HTMLTextAreaElement> & { id: string; label: string; error?: string }

/** A labelled multi-line text with its message under it (the same look as Field). */
export function TextArea({ id, label, error, className = '', ...input }: TextAreaProps) {
  return (
    <div className={className}>
      <label htmlFor={id} className="mb-1 block text-sm font-semibold text-ink-700">
        {label}
      </label>
      <textarea
        id={id}
        name={id}
        rows={4}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-erro` : undefined}
        className={`w-full rounded-lg border bg-white px-3 py-2 text-ink-900 outline-none transition focus:ring-4 focus:ring-brand-100 ${
          error ? 'border-danger-600' : 'border-ink-300 focus:border-brand-500'
        }`}
        {...input}
      />
      <FieldError id={`${id}-erro`} error={error} />
    </div>
  )
}

/** A field's message under it, announced when it appears; nothing without one. */
export function FieldError({ id, error }: { id?: string; error?: string | null }) {
  if (!error) return null
  return (
    <p id={id} role="alert" className="mt-1 text-sm font-medium text-danger-600">
      {error}
    </p>
  )
}
