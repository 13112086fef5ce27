import { useEffect, useState } from 'react'
import { redirect, useNavigate, useSearchParams } from 'react-router'
import { currentCustomer } from '../../server/http/require-customer'
import { privateAnswer } from '../../server/http/cache-headers'
import { AccessDenied, StatusCard } from '~/components/account/AuthCard'
import { call } from '~/lib/api'
import { safeReturn } from '~/lib/login'
import { randomAlnum } from '~/lib/random'
import type { Route } from './+types/authorization-user'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Autorização | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** A logged-in shopper goes to Minha Conta (the header's 'Minha Conta' and the phone bar's Perfil lead here). */
export function loader({ context, request }: Route.LoaderArgs) {
  if (currentCustomer(context)) throw redirect(safeReturn(new URL(request.url).searchParams.get('voltar')) ?? '/cliente/conta/')
  return null
}

/**
 * The authorization screen: asks permission, then goes to login step 1 with the access token
 * in navigation state, at /authorization/login/step/1/{32 random alphanumerics}.
 */
export default function AuthorizationUser() {
  const navigate = useNavigate()
  // Where a page that needed a login sent the shopper from (~/lib/login); step 2 goes back there.
  const voltar = safeReturn(useSearchParams()[0].get('voltar'))
  const [state, setState] = useState<'loading' | 'redirect' | 'denied'>('loading')
  useEffect(() => {
    let live = true
    void call('permission', {}).then((r) => {
      if (!live) return
      if (r.ok && r.data.status === 'success') {
        setState('redirect')
        void navigate(`/authorization/login/step/1/${randomAlnum(32)}`, { state: { TokenAcess: r.data.TokenAcess, voltar }, replace: true })
      } else {
        setState('denied')
      }
    })
    return () => {
      live = false
    }
  }, [navigate, voltar])
  if (state === 'denied') return <AccessDenied />
  return <StatusCard title={state === 'loading' ? 'Autorização em andamento...' : 'Redirecionamento para o Login...'} />
}
