import { Link } from 'react-router'
import type { Endereco } from '../../../contract/address'
import { AddressLines, PrincipalBadge } from './AddressCard'

/**
 * Minha Conta's "Endereços" section: the principal address and the way to the address book. The
 * account page's loader passes `listAddresses(context.db, customerId)` (server/domain/address).
 */
export function AccountAddresses({ enderecos }: { enderecos: Endereco[] }) {
  const principal = enderecos.find((e) => e.principal)
  return (
    <div className="space-y-3">
      {principal ? (
        <div className="rounded-lg border border-ink-100 p-4">
          <div className="mb-1 flex items-center justify-between gap-2">
            <span className="text-sm text-ink-500">Entregas vão para</span>
            <PrincipalBadge />
          </div>
          <AddressLines endereco={principal} />
        </div>
      ) : (
        <p className="text-ink-500">Você ainda não tem endereços salvos.</p>
      )}
      <div className="flex flex-wrap gap-2">
        {enderecos.length > 0 ? (
          <Link to="/endereco/" className="btn-ghost">
            {enderecos.length === 1 ? 'Gerenciar endereço' : `Gerenciar ${enderecos.length} endereços`}
          </Link>
        ) : null}
        <Link to="/endereco/cep/" className="btn-primary">
          Adicionar endereço
        </Link>
      </div>
    </div>
  )
}
