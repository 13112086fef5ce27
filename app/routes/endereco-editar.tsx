import { Link, data, useNavigate } from 'react-router'
import { toast } from '~/lib/toast'
import { listAddresses } from '../../server/domain/address'
import { AddressForm } from '~/components/address/AddressForm'
import { call } from '~/lib/api'
import { customerIdOrLogin } from '~/lib/customer.server'
import { privateAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/endereco-editar'

export async function loader({ context, params, request }: Route.LoaderArgs) {
  const customerId = customerIdOrLogin(context, request)
  const endereco = (await listAddresses(context.db, customerId)).find((e) => e.id === params.id) ?? null
  return data({ endereco }, { headers: privateAnswer(), status: endereco ? 200 : 404 })
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Editar endereço | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** Edit a saved address: the shopper's own fields; the place stays (another place is a new address). */
export default function EnderecoEditar({ loaderData }: Route.ComponentProps) {
  const navigate = useNavigate()
  const { endereco } = loaderData
  if (!endereco) {
    return (
      <section className="container-page flex justify-center py-10 sm:py-16">
        <div className="w-full max-w-md rounded-card bg-white p-6 text-center shadow-card sm:p-8">
          <h1 className="text-2xl font-bold text-ink-900">Endereço não encontrado</h1>
          <Link to="/endereco/" className="btn-primary mt-6">
            Ver meus endereços
          </Link>
        </div>
      </section>
    )
  }
  return (
    <AddressForm
      key={endereco.id}
      title="Editar endereço"
      intro="Para entregar em outro CEP, adicione um novo endereço."
      place={endereco}
      streetEditable={false}
      initial={{ nome: endereco.nome, sobrenome: endereco.sobrenome, telefone: endereco.telefone, numero: endereco.numero, complemento: endereco.complemento }}
      save={({ nome, sobrenome, telefone, numero, complemento }) => call('editarEndereco', { id: endereco.id, nome, sobrenome, telefone, numero, complemento })}
      onSaved={() => {
        toast.success('Endereço atualizado', { autoClose: 3000 })
        navigate('/endereco/')
      }}
    />
  )
}
