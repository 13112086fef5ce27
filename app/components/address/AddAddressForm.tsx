import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { toast } from 'react-toastify'
import { ADDRESS_MESSAGES, type CepData } from '../../../contract/address'
import { maskCep, maskPhone } from '../../../contract/validators'
import { call } from '~/lib/api'
import { LOGIN_PATH } from '~/lib/customer'
import { digitsOnly, firstProblem, type AddressFormValues } from './rules'

const EMPTY: AddressFormValues = { nome: '', sobrenome: '', telefone: '', bairro: '', rua: '', numero: '', complemento: '' }

const INPUT =
  'mt-1 h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-ink-900 outline-none focus:border-brand-600 focus:ring-4 focus:ring-brand-100 read-only:border-ink-100 read-only:bg-ink-50 read-only:text-ink-500'

function Field({ id, label, className = '', ...input }: { id: string; label: string; className?: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div className={className}>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-700">
        {label}
      </label>
      <input id={id} name={id} className={INPUT} {...input} />
    </div>
  )
}

/**
 * Add address (spec §2): the shopper's name and phone, the CEP's place read-only, number and
 * complement. When the CEP knows only the city, Bairro and Rua are typed (decision 0018).
 */
export function AddAddressForm({ cod, found }: { cod: string; found: CepData }) {
  const navigate = useNavigate()
  const streetEditable = !found.bairro || !found.rua
  const [values, setValues] = useState<AddressFormValues>({ ...EMPTY, bairro: found.bairro, rua: found.rua })
  const [saving, setSaving] = useState(false)
  const [saved, setSaved] = useState(false)
  const set = (key: keyof AddressFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }))

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const problem = firstProblem(values, streetEditable)
    if (problem) {
      toast.error(problem, { autoClose: 5000 })
      return
    }
    setSaving(true)
    const answer = await call('salvarEndereco', {
      cod,
      nome: values.nome.trim(),
      sobrenome: values.sobrenome.trim(),
      telefone: values.telefone.trim(),
      numero: values.numero.trim(),
      complemento: values.complemento.trim(),
      ...(streetEditable ? { bairro: values.bairro.trim(), rua: values.rua.trim() } : {}),
    })
    setSaving(false)
    if (answer.ok) {
      setSaved(true)
      // The long form was scrolled to Enviar; the short success screen starts at the top.
      window.scrollTo({ top: 0 })
    }
    else if (answer.msg === 'auth') navigate(LOGIN_PATH)
    else toast.error(answer.msg, { autoClose: 5000 })
  }

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
    <section className="container-page flex justify-center py-8 sm:py-12">
      <form noValidate onSubmit={submit} className="w-full max-w-2xl rounded-card bg-white p-5 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold text-ink-900">Adicionar endereço</h1>
        <p className="mt-1 text-ink-500">Confira o endereço do CEP e complete os seus dados.</p>
        <div className="mt-6 grid gap-4 sm:grid-cols-2">
          <Field id="nome" label="Nome" autoComplete="given-name" value={values.nome} onChange={(e) => set('nome', e.target.value)} />
          <Field id="sobrenome" label="Sobrenome" autoComplete="family-name" value={values.sobrenome} onChange={(e) => set('sobrenome', e.target.value)} />
          <Field
            id="telefone"
            label="Telefone"
            type="tel"
            inputMode="numeric"
            autoComplete="tel-national"
            placeholder="(00) 0 0000-0000"
            value={values.telefone}
            onChange={(e) => set('telefone', maskPhone(e.target.value))}
          />
          <Field id="cep" label="Cep" readOnly value={maskCep(found.cep)} />
          <Field id="estado" label="Estado" readOnly value={found.estado} />
          <Field id="cidade" label="Cidade" readOnly value={found.cidade} />
          <Field id="bairro" label="Bairro" readOnly={!streetEditable} required={streetEditable} value={values.bairro} onChange={(e) => set('bairro', e.target.value)} />
          <Field id="rua" label="Rua" readOnly={!streetEditable} required={streetEditable} value={values.rua} onChange={(e) => set('rua', e.target.value)} />
          <Field id="numero" label="Numero" inputMode="numeric" value={values.numero} onChange={(e) => set('numero', digitsOnly(e.target.value))} />
          <Field id="complemento" label="Complemento" placeholder="Apto, bloco, referência" value={values.complemento} onChange={(e) => set('complemento', e.target.value)} />
        </div>
        {streetEditable ? <p className="mt-3 text-sm text-ink-500">Este CEP vale para toda a cidade: informe o bairro e a rua.</p> : null}
        <button type="submit" disabled={saving} className="btn-primary mt-6 h-12 w-full sm:w-auto sm:min-w-48">
          {saving ? ADDRESS_MESSAGES.salvando : 'Enviar'}
        </button>
      </form>
    </section>
  )
}
