import { data } from 'react-router'
import { listAddresses } from '../../server/domain/address'
import { AddressBook } from '~/components/address/AddressBook'
import { customerIdOrLogin } from '~/lib/customer.server'
import { privateAnswer } from '../../server/http/cache-headers'
import type { Route } from './+types/endereco'

/** /endereco/ (the address book) and /endereco?show=true (choosing the delivery address). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const customerId = customerIdOrLogin(context, request)
  const escolha = new URL(request.url).searchParams.get('show') === 'true'
  return data({ enderecos: await listAddresses(context.db, customerId), escolha }, { headers: privateAnswer() })
}

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: page?.escolha ? 'Escolha o endereço de entrega | Vitrine' : 'Meus endereços | Vitrine' },
  { name: 'robots', content: 'noindex' },
]

export default function Endereco({ loaderData }: Route.ComponentProps) {
  return <AddressBook key={String(loaderData.escolha)} initial={loaderData.enderecos} escolha={loaderData.escolha} />
}
