import { useState } from 'react'
import { Link } from 'react-router'
import type { CepData } from '../../../contract/address'
import { call } from '~/lib/api'
import { AddressForm } from './AddressForm'

/**
 * Add address: the form for a CEP look-up (cod), then 'Endereço salvo'. When the CEP
 * knows only the city, Bairro and Rua are typed (decision 0018).
 */
export function AddAddressForm({ cod, found }: { cod: string; found: CepData }) {
  const [saved, setSaved] = useState(false)
  const streetEditable = !found.bairro || !found.rua

  if (saved) {
    return (
      <section className="container-page flex justify-center py-10 sm:py-16">
        <div className="w-full max-w-md rounded-card bg-white p-6 text-center shadow-card sm:p-8">
          <h1 className="text-2xl font-bold text-ink-900">Endereço salvo</h1>
          <p className="mt-2 text-ink-500">Seu endereço foi salvo com sucesso. Agora você já pode fazer seus pedidos de forma rápida.</p>
          <Link to="/compras/carrinho" className="btn-primary mt-6">
            Ir para o carrinho
          </Link>
        </div>
      </section>
    )
  }

  return (
    <AddressForm
      title="Adicionar endereço"
      intro="Confira o endereço do CEP e complete os seus dados."
      place={found}
      streetEditable={streetEditable}
      save={({ nome, sobrenome, telefone, numero, complemento, bairro, rua }) =>
        call('salvarEndereco', { cod, nome, sobrenome, telefone, numero, complemento, ...(streetEditable ? { bairro, rua } : {}) })
      }
      onSaved={() => {
        setSaved(true)
        // The long form was scrolled to Enviar; the short success screen starts at the top.
        window.scrollTo({ top: 0 })
      }}
    />
  )
}
