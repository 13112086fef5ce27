import { Link, data, redirect } from 'react-router'
import { AddAddressForm } from '~/components/address/AddAddressForm'
import { call } from '~/lib/api'
import { loginPath } from '~/lib/login'
import { customerIdOrLogin } from '~/lib/customer.server'
import { privateAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/endereco-adicionar'

/** A visitor is sent to log in before anything is asked. */
export function loader({ context, request }: Route.LoaderArgs) {
  customerIdOrLogin(context, request)
  return data(null, { headers: privateAnswer() })
}

/** What the cod resolved to comes from busca-endereco, asked by the browser ('Carregando....' meanwhile). */
export async function clientLoader({ params, request }: Route.ClientLoaderArgs) {
  const answer = await call('buscaEndereco', { cod: params.cod })
  if (answer.ok) return { found: answer.data.data }
  if (answer.msg === 'auth') throw redirect(loginPath(new URL(request.url).pathname))
  return { found: null, msg: answer.msg }
}
clientLoader.hydrate = true as const

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Adicionar endereço | Vitrine' }, { name: 'robots', content: 'noindex' }]

export function HydrateFallback() {
  return (
    <section className="container-page py-16 text-center">
      <p role="status" className="text-lg text-ink-500">
        Carregando....
      </p>
    </section>
  )
}

export default function EnderecoAdicionar({ loaderData, params }: Route.ComponentProps) {
  if (!loaderData.found) {
    return (
      <section className="container-page flex justify-center py-10 sm:py-16">
        <div className="w-full max-w-md rounded-card bg-white p-6 text-center shadow-card sm:p-8">
          <h1 className="text-2xl font-bold text-ink-900">Consulta de CEP não encontrada</h1>
          <p className="mt-2 text-ink-500">Esta consulta não existe ou expirou (ela vale por uma hora). Informe o CEP novamente para continuar.</p>
          <Link to="/endereco/cep/" className="btn-primary mt-6">
            Informar o CEP
          </Link>
        </div>
      </section>
    )
  }
  return <AddAddressForm key={params.cod} cod={params.cod} found={loaderData.found} />
}
