import { useLocation } from 'react-router'
import { LOGIN_MESSAGES } from '../../contract/messages/account'
import { loginStep2RequestSchema } from '../../contract/auth'
import { privateAnswer } from '../../server/http/cache-headers'
import { LoginStepForm, stepOutcome } from '~/components/account/LoginStepForm'
import { call } from '~/lib/api'
import { safeReturn } from '~/lib/login'
import type { Route } from './+types/login-step-2'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Entrar | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** Login, step 2: the password; success reloads the site root, or the page that asked for the login. */
export default function LoginStep2({ params }: Route.ComponentProps) {
  const voltar = safeReturn((useLocation().state as { voltar?: unknown } | null)?.voltar)
  return (
    <LoginStepForm
      subtitle="Passo 2 de 2: sua senha"
      input={{ id: 'senha', label: 'Senha', type: 'password', autoComplete: 'current-password' }}
      schema={loginStep2RequestSchema.shape.s}
      submit={{ label: 'Entrar', busy: 'Entrando...' }}
      send={async (s) => {
        const r = await call('loginStep2', { s, Acess: params.token })
        const moved = r.ok && r.data.status === 'success'
        if (moved) window.location.assign(voltar ?? '/')
        return stepOutcome(r, moved, LOGIN_MESSAGES.senhaIncorreta)
      }}
    />
  )
}
