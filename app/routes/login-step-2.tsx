import { useState } from 'react'
import { Link, useLocation } from 'react-router'
import { LOGIN_MESSAGES, RATE_LIMIT_ERROR, loginStep2RequestSchema } from '../../contract/auth'
import { privateAnswer } from '../../server/http/cache-headers'
import { AccessDenied, AuthCard } from '~/components/account/AuthCard'
import { AccountLinks } from '~/components/account/AccountLinks'
import { Field, FormMessage } from '~/components/account/Field'
import { fieldError } from '~/components/account/form'
import { call } from '~/lib/api'
import { safeReturn } from '~/lib/login'
import type { Route } from './+types/login-step-2'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Entrar | Vitrine' }, { name: 'robots', content: 'noindex' }]

const senhaField = loginStep2RequestSchema.shape.s

/** Spec §2 "Login", step 2: the password; success reloads the site root (§4), or the page that asked for the login. */
export default function LoginStep2({ params }: Route.ComponentProps) {
  const voltar = safeReturn((useLocation().state as { voltar?: unknown } | null)?.voltar)
  const [senha, setSenha] = useState('')
  const [error, setError] = useState('')
  const [failure, setFailure] = useState('')
  const [denied, setDenied] = useState(false)
  const [sending, setSending] = useState(false)
  if (denied) return <AccessDenied />
  return (
    <AuthCard title="Entrar na sua conta" subtitle="Passo 2 de 2: sua senha">
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault()
          const message = fieldError(senhaField, senha)
          setError(message)
          setFailure('')
          if (message) return
          setSending(true)
          const r = await call('loginStep2', { s: senha, Acess: params.token })
          if (r.ok && r.data.status === 'success') return window.location.assign(voltar ?? '/')
          setSending(false)
          if (r.ok && r.data.status === 'erro' && r.data.error === RATE_LIMIT_ERROR) return setDenied(true)
          if (r.ok && r.data.status === 'erro' && r.data.error === 'acesso') return setFailure(LOGIN_MESSAGES.acesso)
          setFailure(r.ok ? LOGIN_MESSAGES.senhaIncorreta : r.msg)
        }}
      >
        <Field
          id="senha"
          label="Senha"
          type="password"
          autoComplete="current-password"
          value={senha}
          error={error}
          onChange={(e) => {
            setSenha(e.target.value)
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
          {sending ? 'Entrando...' : 'Entrar'}
        </button>
      </form>
      <AccountLinks />
    </AuthCard>
  )
}
