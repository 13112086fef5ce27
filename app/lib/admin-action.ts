import { useEffect, useRef } from 'react'
import { useFetcher, type ShouldRevalidateFunctionArgs } from 'react-router'
import { toast } from '~/lib/toast'

/** What a back-office action answers (app/lib/admin.server.ts): done, with a sentence to show, or refused with its code. */
export type ActionAnswer = { ok: true; msg?: string } | { ok: false; code: string; msg: string }

type Fields = Record<string, unknown>

/**
 * The back office's one way to change something from a page (docs/decisions/0120-back-office-shape.md):
 * a fetcher that posts `{ intent, …fields }` as JSON to the page's own `action`. React Router keeps
 * the pending state (`busy`) and reloads the page's data afterwards; the answer is toasted here, once
 * (its sentence when done, the pt-BR reason when refused), and `onDone` runs after a success (close a
 * dialog, clear a field). Several independent forms on one page each take their own `key`. A form
 * that shows its refusal beside itself (`answer.msg`) passes `toastRefusal: false`.
 */
export function useStaffAction<D extends ActionAnswer = ActionAnswer>(
  options: { key?: string; onDone?: (answer: Extract<D, { ok: true }>) => void; toastRefusal?: boolean } = {},
) {
  const fetcher = useFetcher<D>({ key: options.key })
  const seen = useRef<unknown>(undefined)
  const onDone = useRef(options.onDone)
  onDone.current = options.onDone
  const toastRefusal = options.toastRefusal ?? true
  const answer = fetcher.data as D | undefined
  useEffect(() => {
    if (fetcher.state !== 'idle' || answer === undefined || answer === seen.current) return
    seen.current = answer
    if (answer.ok) {
      if (answer.msg) toast.success(answer.msg)
      onDone.current?.(answer as Extract<D, { ok: true }>)
    } else if (toastRefusal) toast.error(answer.msg)
  }, [fetcher.state, answer, toastRefusal])
  return {
    busy: fetcher.state !== 'idle',
    /** The last answer (e.g. a form's refused field to show beside it). */
    answer,
    /** Sends `intent` and its fields to the page's action (or to `action`, another page's). */
    submit: (intent: string, fields: Fields = {}, action?: string) =>
      fetcher.submit({ intent, ...fields } as Parameters<typeof fetcher.submit>[0], {
        method: 'post',
        encType: 'application/json',
        ...(action ? { action } : {}),
      }),
  }
}

/**
 * A page's `shouldRevalidate`: besides React Router's own rule (after a successful action, after a
 * navigation that changes the search), a 409 — someone else changed the thing meanwhile — reloads it
 * too, so the person sees the new state beside the "mudou" toast.
 */
export function shouldRevalidate({ actionStatus, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs): boolean {
  return actionStatus === 409 || defaultShouldRevalidate
}
