import { useEffect, useState } from 'react'
import { Link, useLocation, useNavigate } from 'react-router'
import { LOGIN_MESSAGES, RATE_LIMIT_ERROR, loginStep1RequestSchema } from '../../contract/auth'
import { privateAnswer } from '../../server/http/cache-headers'
import { AccessDenied, AuthCard, StatusCard } from '~/components/account/AuthCard'
import { AccountLinks } from '~/components/account/AccountLinks'
import { Field, FormMessage } from '~/components/account/Field'
import { fieldError } from '~/components/account/form'
import { call } from '~/lib/api'
import type { Route } from './+types/login-step-1'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Entrar | Vitrine' }, { name: 'robots', content: 'noindex' }]

const emailField = loginStep1RequestSchema.shape.u

/** Spec §2 "Login", step 1: the e-mail. Only reachable from the authorization screen (its token in navigation state). */
export default function LoginStep1() {
  const location = useLocation()
  const navigate = useNavigate()
  const { TokenAcess: token, voltar } = (location.state ?? {}) as { TokenAcess?: unknown; voltar?: unknown }
  const [email, setEmail] = useState('')
  const [error, setError] = useState('')
  const [failure, setFailure] = useState('')
  const [denied, setDenied] = useState(false)
  const [sending, setSending] = useState(false)

  useEffect(() => {
    if (typeof token !== 'string') void navigate('/authorization/user/', { replace: true })
  }, [token, navigate])
  if (typeof token !== 'string') return <StatusCard title="Redirecionamento..." />
  if (denied) return <AccessDenied />

  return (
    <AuthCard title="Entrar na sua conta" subtitle="Passo 1 de 2: seu e-mail">
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault()
          const message = fieldError(emailField, email)
          setError(message)
          setFailure('')
          if (message) return
          setSending(true)
          const r = await call('loginStep1', { u: email, Acess: token })
          setSending(false)
          if (r.ok && r.data.status === 'sucsess') return void navigate(`/authorization/login/step/2/${r.data.TokenPass}`, { state: { voltar } })
          if (r.ok && r.data.status === 'erro' && r.data.error === RATE_LIMIT_ERROR) return setDenied(true)
          if (r.ok && r.data.status === 'erro' && r.data.error === 'acesso') return setFailure(LOGIN_MESSAGES.acesso)
          setFailure(r.ok ? LOGIN_MESSAGES.contaNaoLocalizada : r.msg)
        }}
      >
        <Field
          id="email"
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="seu@email.com.br"
          value={email}
          error={error}
          onChange={(e) => {
            setEmail(e.target.value)
            setError('')
          }}
        />
        {failure ? (
          <FormMessage tone="error">
            {failure}{' '}
            {failure === LOGIN_MESSAGES.acesso ? (
              <Link to="/authorization/user/" className="underline">
                Recomeçar
              </Link>
            ) : null}
          </FormMessage>
        ) : null}
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending ? 'Verificando...' : 'Continuar'}
        </button>
      </form>
      <AccountLinks />
    </AuthCard>
  )
}
