import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '~/lib/toast'
import { ADDRESS_MESSAGES } from '../../../contract/messages/address'
import type { CepData } from '../../../contract/address'
import { maskCep, maskPhone } from '../../../contract/masks'
import type { CallFailure } from '~/lib/api'
import { loginHere } from '~/lib/customer'
import { digitsOnly, firstProblem, type AddressFormValues } from './rules'

const INPUT =
  'mt-1 h-11 w-full rounded-lg border border-ink-300 bg-white px-3 text-ink-900 outline-none focus:border-brand-600 focus:ring-4 focus:ring-brand-100 read-only:border-ink-100 read-only:bg-ink-50 read-only:text-ink-500'

function Field({ id, label, ...input }: { id: string; label: string } & React.InputHTMLAttributes<HTMLInputElement>) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-ink-700">
        {label}
      </label>
      <input id={id} name={id} className={INPUT} {...input} />
    </div>
  )
}

type Props = {
  title: string
  intro: string
  /** What the CEP resolved to (read-only), and whether Bairro and Rua are typed instead (decision 0018). */
  place: CepData
  streetEditable: boolean
  initial?: Partial<AddressFormValues>
  /** Sends the checked, trimmed values; a failure is shown (or 'auth' leads to the login flow). */
  save: (values: AddressFormValues) => Promise<{ ok: true } | CallFailure>
  onSaved: () => void
}

/**
 * The address form (docs/requirements.md, "Add address"): name and phone, the CEP's place read-only, number and
 * complement; the spec's checks on Enviar, one toast each, and Enviar disabled with 'Salvando...'
 * until the answer comes, whatever it is.
 */
export function AddressForm({ title, intro, place, streetEditable, initial, save, onSaved }: Props) {
  const navigate = useNavigate()
  const [values, setValues] = useState<AddressFormValues>({
    nome: '',
    sobrenome: '',
    telefone: '',
    numero: '',
    complemento: '',
    ...initial,
    bairro: place.bairro,
    rua: place.rua,
  })
  const [saving, setSaving] = useState(false)
  const set = (key: keyof AddressFormValues, value: string) => setValues((v) => ({ ...v, [key]: value }))

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const problem = firstProblem(values, streetEditable)
    if (problem) {
      toast.error(problem, { autoClose: 5000 })
      return
    }
    setSaving(true)
    const trimmed: AddressFormValues = {
      nome: values.nome.trim(),
      sobrenome: values.sobrenome.trim(),
      telefone: values.telefone.trim(),
      bairro: values.bairro.trim(),
      rua: values.rua.trim(),
      numero: values.numero.trim(),
      complemento: values.complemento.trim(),
    }
    const answer = await save(trimmed)
    setSaving(false)
    if (answer.ok) onSaved()
    else if (answer.msg === 'auth') navigate(loginHere())
    else toast.error(answer.msg, { autoClose: 5000 })
  }

  return (
    <section className="container-page flex justify-center py-8 sm:py-12">
      <form noValidate onSubmit={submit} className="w-full max-w-2xl rounded-card bg-white p-5 shadow-card sm:p-8">
        <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
        <p className="mt-1 text-ink-500">{intro}</p>
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
          <Field id="cep" label="Cep" readOnly value={maskCep(place.cep)} />
          <Field id="estado" label="Estado" readOnly value={place.estado} />
          <Field id="cidade" label="Cidade" readOnly value={place.cidade} />
          <Field
            id="bairro"
            label="Bairro"
            readOnly={!streetEditable}
            required={streetEditable}
            value={values.bairro}
            onChange={(e) => set('bairro', e.target.value)}
          />
          <Field id="rua" label="Rua" readOnly={!streetEditable} required={streetEditable} value={values.rua} onChange={(e) => set('rua', e.target.value)} />
          <Field id="numero" label="Numero" inputMode="numeric" value={values.numero} onChange={(e) => set('numero', digitsOnly(e.target.value))} />
          <Field
            id="complemento"
            label="Complemento"
            placeholder="Apto, bloco, referência"
            value={values.complemento}
            onChange={(e) => set('complemento', e.target.value)}
          />
        </div>
        {streetEditable ? <p className="mt-3 text-sm text-ink-500">Este CEP vale para toda a cidade: informe o bairro e a rua.</p> : null}
        <button type="submit" disabled={saving} className="btn-primary mt-6 h-12 w-full sm:w-auto sm:min-w-48">
          {saving ? ADDRESS_MESSAGES.salvando : 'Enviar'}
        </button>
      </form>
    </section>
  )
}
