import { useState, type ChangeEvent, type FormEvent } from 'react'
import type { z } from 'zod'

/**
 * Form checks in the browser with the contract's own schemas (the server parses the same ones), so
 * a field says the very sentence the server would: the first message per field, by name.
 */
export function fieldErrors(schema: z.ZodType, values: unknown): Record<string, string> {
  const parsed = schema.safeParse(values)
  const errors: Record<string, string> = {}
  if (parsed.success) return errors
  for (const issue of parsed.error.issues) {
    const key = String(issue.path[0] ?? '')
    if (key && !errors[key]) errors[key] = issue.message
  }
  return errors
}

/** The first message of one value against one field's schema, or ''. */
export function fieldError(schema: z.ZodType, value: unknown): string {
  const parsed = schema.safeParse(value)
  return parsed.success ? '' : (parsed.error.issues[0]?.message ?? '')
}

/** A form's message after sending: an error from the server, or a confirmation. */
export type FormNote = { tone: 'error' | 'success'; msg: string }

/** The names of a form's text values. */
type TextName<T> = { [K in keyof T]: T[K] extends string ? K : never }[keyof T]

/** The names of a form's yes-or-no values. */
type FlagName<T> = { [K in keyof T]: T[K] extends boolean ? K : never }[keyof T]

/**
 * The one way the account forms work: values by name, checked with the contract's schema before
 * sending (each field shows its first message), then `send`, whose answer is a note to show, or
 * 'leaving' when it navigates away (the button stays busy).
 */
export function useSchemaForm<T extends Record<string, unknown>>(schema: z.ZodType, initial: T, send: (values: T) => Promise<FormNote | 'leaving'>) {
  const [values, setValues] = useState(initial)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [note, setNote] = useState<FormNote | null>(null)
  const [sending, setSending] = useState(false)
  /** Changes one value and clears that field's message. */
  const set = <K extends keyof T>(name: K, value: T[K]) => {
    setValues((v) => ({ ...v, [name]: value }))
    setErrors((e) => ({ ...e, [name]: '' }))
  }
  return {
    values,
    errors,
    note,
    sending,
    set,
    /** A text Field's (or TextArea's) `value`, `error` and `onChange` for one value; `mask` shapes what is typed. */
    field: <K extends TextName<T>>(name: K, mask: (typed: string) => string = (typed) => typed) => ({
      value: values[name] as string,
      error: errors[name as string],
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => set(name, mask(event.target.value) as T[K]),
    }),
    /** A checkbox's `checked` and `onChange` for one yes-or-no value. */
    check: <K extends FlagName<T>>(name: K) => ({
      checked: values[name] as boolean,
      onChange: (event: ChangeEvent<HTMLInputElement>) => set(name, event.target.checked as T[K]),
    }),
    reset: () => setValues(initial),
    onSubmit: async (event: FormEvent) => {
      event.preventDefault()
      const found = fieldErrors(schema, values)
      setErrors(found)
      setNote(null)
      if (Object.keys(found).length) return
      setSending(true)
      const answer = await send(values)
      if (answer === 'leaving') return
      setSending(false)
      setNote(answer)
    },
  }
}
