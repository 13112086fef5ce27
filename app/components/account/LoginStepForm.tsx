import { useState, type InputHTMLAttributes } from 'react'
import { Link } from 'react-router'
import type { z } from 'zod'
import { LOGIN_MESSAGES, RATE_LIMIT_ERROR } from '../../../contract/messages/account'
import type { CallResult } from '~/lib/api'
import { AccountLinks } from './AccountLinks'
import { AccessDenied, AuthCard } from './AuthCard'
import { Field, FormMessage } from './Field'
import { fieldError } from './form'
import { LOGIN_PATH } from '~/lib/customer'

/** What a step's call came to: it moved on (the page navigates itself), or the message to show. */
type Outcome = { moved: true } | { denied: true } | { msg: string }

/**
 * How a step reads its answer: only the step's success status moves on; anything else
 * fails. An `error` of 'rate-limit' is the access-denied screen whatever the status word or the HTTP
 * status; 'acesso' (a token that cannot be used) asks to start over; an answer without one shows
 * the step's own message (or, for a refusal that says why in `msg`, that sentence).
 */
export function stepOutcome(r: CallResult<'loginStep1' | 'loginStep2'>, moved: boolean, failed: string): Outcome {
  if (moved) return { moved: true }
  const answer: { error?: unknown } = r.ok ? (r.data as { error?: unknown }) : r
  const error = typeof answer.error === 'string' ? answer.error : ''
  if (error === RATE_LIMIT_ERROR) return { denied: true }
  if (error === 'acesso') return { msg: LOGIN_MESSAGES.acesso }
  if (!r.ok && !error && r.msg) return { msg: r.msg }
  return { msg: failed }
}

type Props = {
  subtitle: string
  input: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }
  /** The contract's schema of the field: the browser says the server's sentence. */
  schema: z.ZodType
  submit: { label: string; busy: string }
  send: (value: string) => Promise<Outcome>
}

/** One login step (docs/requirements.md, "Login"): one field, its checks, the call and its answers. */
export function LoginStepForm({ subtitle, input, schema, submit, send }: Props) {
  const [value, setValue] = useState('')
  const [error, setError] = useState('')
  const [failure, setFailure] = useState('')
  const [denied, setDenied] = useState(false)
  const [sending, setSending] = useState(false)
  if (denied) return <AccessDenied />
  return (
    <AuthCard title="Entrar na sua conta" subtitle={subtitle}>
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault()
          const message = fieldError(schema, value)
          setError(message)
          setFailure('')
          if (message) return
          setSending(true)
          const outcome = await send(value)
          if ('moved' in outcome) return
          setSending(false)
          if ('denied' in outcome) setDenied(true)
          else setFailure(outcome.msg)
        }}
      >
        <Field
          {...input}
          value={value}
          error={error}
          onChange={(e) => {
            setValue(e.target.value)
            setError('')
          }}
        />
        {failure ? (
          <FormMessage tone="error">
            {failure}{' '}
            {failure === LOGIN_MESSAGES.acesso ? (
              <Link to={LOGIN_PATH} className="underline">
                Recomeçar
              </Link>
            ) : null}
          </FormMessage>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending ? submit.busy : submit.label}
        </button>
      </form>
      <AccountLinks />
    </AuthCard>
  )
}
