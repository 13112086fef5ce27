import { useEffect } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { LOGIN_MESSAGES } from '../../contract/messages/account'
import { loginStep1RequestSchema } from '../../contract/auth'
import { privateAnswer } from '../../server/http/cache-headers'
import { StatusCard } from '~/components/account/AuthCard'
import { LoginStepForm, stepOutcome } from '~/components/account/LoginStepForm'
import { call } from '~/lib/api'
import type { Route } from './+types/login-step-1'
import { LOGIN_PATH } from '~/lib/customer'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Entrar | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** Login, step 1: the e-mail. Only reachable from the authorization screen (its token in navigation state). */
export default function LoginStep1() {
  const location = useLocation()
  const navigate = useNavigate()
  const { TokenAcess: token, voltar } = (location.state ?? {}) as { TokenAcess?: unknown; voltar?: unknown }

  useEffect(() => {
    if (typeof token !== 'string') void navigate(LOGIN_PATH, { replace: true })
  }, [token, navigate])
  if (typeof token !== 'string') return <StatusCard title="Redirecionamento..." />

  return (
    <LoginStepForm
      subtitle="Passo 1 de 2: seu e-mail"
      input={{ id: 'email', label: 'E-mail', type: 'email', inputMode: 'email', autoComplete: 'email', placeholder: 'seu@email.com.br' }}
      schema={loginStep1RequestSchema.shape.u}
      submit={{ label: 'Continuar', busy: 'Verificando...' }}
      send={async (u) => {
        const r = await call('loginStep1', { u, Acess: token })
        const moved = r.ok && r.data.status === 'sucsess'
        if (r.ok && r.data.status === 'sucsess') void navigate(`/authorization/login/step/2/${r.data.TokenPass}`, { state: { voltar } })
        return stepOutcome(r, moved, LOGIN_MESSAGES.contaNaoLocalizada)
      }}
    />
  )
}
