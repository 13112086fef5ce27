import type { Endereco } from '../../../contract/address'
import { maskCep } from '../../../contract/masks'

/** One saved address as the book and Minha Conta show it. */
export function AddressLines({ endereco }: { endereco: Endereco }) {
  return (
    <>
      <p className="font-semibold text-ink-900">{endereco.destinatario}</p>
      <p className="text-ink-700">
        {endereco.rua}, {endereco.numero}
        {endereco.complemento ? ` – ${endereco.complemento}` : ''}
      </p>
      <p className="text-ink-500">
        {endereco.bairro} · {endereco.cidade}/{endereco.estado} · CEP {maskCep(endereco.cep)}
      </p>
      <p className="text-sm text-ink-500">{endereco.telefone}</p>
    </>
  )
}

export function PrincipalBadge() {
  return <span className="inline-flex rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-bold tracking-wide text-brand-700 uppercase">Principal</span>
}
