import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from '~/lib/toast'
import { MAX_ADDRESSES } from '../../../contract/messages/address'
import type { Endereco } from '../../../contract/address'
import { call } from '~/lib/api'
import { loginHere } from '~/lib/customer'
import { AddressLines, PrincipalBadge } from './AddressCard'

/**
 * The customer's addresses: the principal first; make another one the principal, edit, delete, add
 * one by CEP. `escolha` (/endereco?show=true, where the checkout's 'EsEdrc' leads) is the same book
 * asking which address this purchase goes to: the choice is the checkout's (checkout/endereco), and
 * the purchase goes on.
 */
export function AddressBook({ initial, escolha }: { initial: Endereco[]; escolha: boolean }) {
  const navigate = useNavigate()
  const [enderecos, setEnderecos] = useState(initial)
  const [busy, setBusy] = useState<string | null>(null)

  async function change(kind: 'enderecoPrincipal' | 'excluirEndereco', id: string, done: string) {
    setBusy(id)
    const answer = await call(kind, { id })
    setBusy(null)
    if (answer.ok) {
      setEnderecos(answer.data.enderecos)
      toast.success(done, { autoClose: 3000 })
    } else if (answer.msg === 'auth') navigate(loginHere())
    else toast.error(answer.msg, { autoClose: 5000 })
  }

  async function deliverTo(id: string) {
    setBusy(id)
    const answer = await call('checkoutEndereco', { id })
    setBusy(null)
    if (answer.ok) {
      toast.success('Endereço de entrega escolhido', { autoClose: 3000 })
      navigate('/compras/finalizar')
    } else if (answer.msg === 'auth') navigate(loginHere())
    else toast.error(answer.msg, { autoClose: 5000 })
  }

  const full = enderecos.length >= MAX_ADDRESSES
  return (
    <section className="container-page py-8 sm:py-12">
      <div className="flex flex-wrap items-end justify-between gap-4">
        <div>
          <h1 className="text-2xl font-bold text-ink-900">{escolha ? 'Escolha o endereço de entrega' : 'Meus endereços'}</h1>
          <p className="mt-1 text-ink-500">{escolha ? 'Escolha onde esta compra será entregue.' : `Você pode salvar até ${MAX_ADDRESSES} endereços.`}</p>
        </div>
        {full ? (
          <p className="text-sm text-ink-500">Limite de {MAX_ADDRESSES} endereços atingido.</p>
        ) : (
          <Link to="/endereco/cep/" className="btn-primary">
            Adicionar endereço
          </Link>
        )}
      </div>

      {enderecos.length === 0 ? (
        <div className="mt-6 rounded-card bg-white p-8 text-center shadow-card">
          <p className="text-ink-700">Você ainda não tem endereços salvos.</p>
          <p className="mt-1 text-ink-500">Cadastre um endereço pelo CEP para fazer seus pedidos.</p>
        </div>
      ) : (
        <ul className="mt-6 grid gap-4 md:grid-cols-2">
          {enderecos.map((endereco) => (
            <li
              key={endereco.id}
              aria-label={`Endereço de ${endereco.destinatario}, ${endereco.rua}, ${endereco.numero}`}
              className={`flex flex-col gap-3 rounded-card bg-white p-5 shadow-card ${endereco.principal ? 'ring-2 ring-brand-600' : ''}`}
            >
              <div className="flex items-start justify-between gap-3">
                <div className="min-w-0 space-y-0.5 break-words">
                  <AddressLines endereco={endereco} />
                </div>
                {endereco.principal ? <PrincipalBadge /> : null}
              </div>
              <div className="mt-auto flex flex-wrap gap-2 border-t border-ink-100 pt-3">
                {escolha ? (
                  <button type="button" disabled={busy !== null} onClick={() => deliverTo(endereco.id)} className="btn-primary">
                    Entregar neste endereço
                  </button>
                ) : endereco.principal ? null : (
                  <button
                    type="button"
                    disabled={busy !== null}
                    onClick={() => change('enderecoPrincipal', endereco.id, 'Endereço principal atualizado')}
                    className="btn-ghost"
                  >
                    Usar como principal
                  </button>
                )}
                <Link to={`/endereco/editar/${endereco.id}`} className="btn-ghost">
                  Editar
                </Link>
                <button
                  type="button"
                  disabled={busy !== null}
                  onClick={() => {
                    if (window.confirm('Excluir este endereço?')) void change('excluirEndereco', endereco.id, 'Endereço excluído')
                  }}
                  className="btn-ghost text-red-700 hover:text-red-800"
                >
                  Excluir
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
