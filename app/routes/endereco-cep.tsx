import { useState } from 'react'
import { data, useNavigate } from 'react-router'
import { toast } from '~/lib/toast'
import { ADDRESS_MESSAGES } from '../../contract/messages/address'
import { isCepEntry } from '~/components/address/rules'
import { CepInput } from '~/components/ui/CepInput'
import { call } from '~/lib/api'
import { loginHere } from '~/lib/customer'
import { customerIdOrLogin } from '~/lib/customer.server'
import { privateAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/endereco-cep'

export function loader({ context, request }: Route.LoaderArgs) {
  customerIdOrLogin(context, request)
  return data(null, { headers: privateAnswer() })
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Cadastrar endereço | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** CEP entry: one masked field; the look-up's cod leads to the add-address screen. */
export default function EnderecoCep() {
  const navigate = useNavigate()
  const [cep, setCep] = useState('')
  const [busy, setBusy] = useState(false)

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    if (!isCepEntry(cep)) {
      toast.error(ADDRESS_MESSAGES.cepFormato, { autoClose: 5000 })
      return
    }
    setBusy(true)
    const progress = toast.loading(ADDRESS_MESSAGES.buscando)
    const answer = await call('consultarCep', { cep })
    setBusy(false)
    if (answer.ok) {
      toast.update(progress, { render: ADDRESS_MESSAGES.buscaConcluida, type: 'success', isLoading: false, autoClose: 3000 })
      navigate(`/endereco/adicionar/${answer.data.cod}`)
      return
    }
    toast.dismiss(progress)
    if (answer.msg === 'auth') navigate(loginHere())
    else toast.error(answer.status === 404 ? ADDRESS_MESSAGES.cepInexistente : answer.msg, { autoClose: 5000 })
  }

  return (
    <section className="container-page flex justify-center py-10 sm:py-16">
      <form noValidate onSubmit={submit} className="w-full max-w-md rounded-card bg-white p-6 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold text-ink-900">Cadastre seu endereço pelo CEP</h1>
        <p className="mt-2 text-ink-500">Precisamos do seu CEP para que a entrega dos seus pedidos seja feita corretamente.</p>
        <label htmlFor="cep" className="mt-6 block text-sm font-semibold text-ink-700">
          CEP
        </label>
        <CepInput
          id="cep"
          name="cep"
          value={cep}
          onChange={setCep}
          className="mt-1 h-12 w-full rounded-lg border border-ink-300 px-4 text-lg tracking-wide outline-none focus:border-brand-600 focus:ring-4 focus:ring-brand-100"
        />
        <button type="submit" disabled={busy} className="btn-primary mt-4 h-12 w-full">
          Enviar
        </button>
      </form>
    </section>
  )
}
