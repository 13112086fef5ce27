import { useState } from 'react'
import { Link } from 'react-router'
import { recuperarRequestSchema } from '../../contract/account'
import { privateAnswer } from '../../server/http/cache-headers'
import { AuthCard } from '~/components/account/AuthCard'
import { Field, FormMessage } from '~/components/account/Field'
import { fieldError } from '~/components/account/form'
import { call } from '~/lib/api'
import type { Route } from './+types/recuperar-senha'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Recuperar senha | Vitrine' }, { name: 'robots', content: 'noindex' }]

const emailField = recuperarRequestSchema.shape.email

/** /cliente/recuperar-senha/ (spec §2 "Recovery"): the link goes by e-mail; the answer is the same for any address. */
export default function RecuperarSenha() {
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [result, setResult] = useState<{ tone: 'error' | 'success'; msg: string } | null>(null)
  const [sending, setSending] = useState(false)
  return (
    <AuthCard title="Recuperar senha" subtitle="Enviaremos um link para você criar uma nova senha.">
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault()
          const message = fieldError(emailField, email)
          setError(message)
          setResult(null)
          if (message) return
          setSending(true)
          const r = await call('recuperar', { email })
          setSending(false)
          setResult(r.ok ? { tone: 'success', msg: r.data.msg } : { tone: 'error', msg: r.msg })
        }}
      >
        <Field
          id="email"
          label="E-mail da conta"
          type="email"
          inputMode="email"
          autoComplete="email"
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value)
            setError('')
          }}
        />
        {result ? <FormMessage tone={result.tone}>{result.msg}</FormMessage> : null}
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending ? 'Enviando...' : 'Enviar link'}
        </button>
      </form>
      <p className="mt-6 border-t border-ink-100 pt-4 text-center text-sm text-ink-500">
        Lembrou a senha?{' '}
        <Link to="/cliente/login/" className="font-semibold text-brand-700 hover:underline">
          Entrar
        </Link>
      </p>
    </AuthCard>
  )
}
