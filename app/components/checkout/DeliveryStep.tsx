import { useEffect, useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '~/lib/toast'
import type { Endereco } from '../../../contract/address'
import { CHECKOUT_MESSAGES } from '../../../contract/messages/checkout'
import { maskCep, onlyDigits } from '../../../contract/masks'
import { call } from '~/lib/api'
import { Field } from '~/components/account/Field'
import { CARD } from './parts'

type Form = { cep: string; logradouro: string; numero: string; bairro: string; complemento: string; destinatario: string }
const EMPTY: Form = { cep: '', logradouro: '', numero: '', bairro: '', complemento: '', destinatario: '' }
const CEP_CHECKOUT = /^\d{3}\.\d{2}-\d{3}$/

/**
 * 'Entrega' of /checkout/address: checkout/1 first (not identified → /checkout/);
 * the CEP looked up by itself once it fills 999.99-999, the city shown beside it, Backspace or
 * Delete on a found CEP clearing it; Salvar saves through checkout/step/2 and shows the customer's
 * addresses, 'Novo endereço' resetting the form; choosing one delivers there and goes to payment.
 */
export function DeliveryStep({ initial }: { initial: Endereco[] }) {
  const navigate = useNavigate()
  const [form, setForm] = useState<Form>(EMPTY)
  const [cidade, setCidade] = useState('')
  const [numeroError, setNumeroError] = useState<string | null>(null)
  const [saving, setSaving] = useState(false)
  const [enderecos, setEnderecos] = useState(initial)
  const [showList, setShowList] = useState(initial.length > 0)

  useEffect(() => {
    void call('checkout1').then((r) => {
      if (!r.ok && r.estado === 'error') navigate('/checkout/')
    })
  }, [navigate])

  const set = (key: keyof Form, value: string) => setForm((f) => ({ ...f, [key]: value }))

  async function changeCep(value: string) {
    const masked = maskCep(value, 'checkout')
    set('cep', masked)
    if (!CEP_CHECKOUT.test(masked)) return
    const found = await call('checkCep', { cep: masked })
    if (!found.ok) return void toast.error(found.msg === 'auth' ? 'Entre na sua conta para continuar a compra.' : found.msg, { autoClose: 3000 })
    if (!('localidade' in found.data)) return
    const { localidade, logradouro, bairro } = found.data
    setCidade(localidade)
    setForm((f) => ({ ...f, logradouro: f.logradouro || logradouro, bairro: f.bairro || bairro }))
  }

  function cepKey(event: React.KeyboardEvent<HTMLInputElement>) {
    if (cidade && (event.key === 'Backspace' || event.key === 'Delete')) {
      event.preventDefault()
      setCidade('')
      setForm((f) => ({ ...f, cep: '', logradouro: '', bairro: '' }))
    }
  }

  async function save(event: React.FormEvent) {
    event.preventDefault()
    if (!CEP_CHECKOUT.test(form.cep)) return void toast.error(CHECKOUT_MESSAGES.cep, { autoClose: 3000 })
    const numero = form.numero.trim()
    const numeroProblem = !numero ? CHECKOUT_MESSAGES.numeroVazio : /^\d+$/.test(numero) ? null : CHECKOUT_MESSAGES.numeroFormato
    setNumeroError(numeroProblem)
    if (numeroProblem) return
    if (!form.destinatario.trim()) return void toast.error(CHECKOUT_MESSAGES.destinatario, { autoClose: 3000 })
    // A short street only warns: the save goes on and the CEP's street is kept.
    if (form.logradouro.trim().length < 2) toast.warning(CHECKOUT_MESSAGES.rua, { autoClose: 3000 })
    setSaving(true)
    const answer = await call('checkoutStep2', { ...form, cep: form.cep, numero })
    setSaving(false)
    if (!answer.ok) return void toast.error(answer.msg, { autoClose: 3000 })
    const list = await call('listaEnderecos')
    if (list.ok && 'enderecos' in list.data) setEnderecos(list.data.enderecos)
    setShowList(true)
  }

  async function choose(id: string) {
    const answer = await call('checkoutEndereco', { id })
    if (answer.ok) navigate('/checkout/pagamento')
    else toast.error(answer.msg, { autoClose: 3000 })
  }

  return (
    <div className="grid gap-4">
      <form noValidate onSubmit={save} className={CARD} aria-labelledby="entrega">
        <h2 id="entrega" className="text-lg font-bold text-ink-900">
          Entrega
        </h2>
        <p className="text-ink-500">Cadastre ou selecione um endereço</p>
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <div className="flex items-end gap-3">
            <div className="flex-1">
              <Field
                id="cep"
                label="CEP"
                inputMode="numeric"
                placeholder="000.00-000"
                value={form.cep}
                onChange={(e) => void changeCep(e.target.value)}
                onKeyDown={cepKey}
              />
            </div>
            {cidade ? (
              <p className="pb-3 text-sm font-semibold text-ink-700" data-testid="cep-cidade">
                {cidade}
              </p>
            ) : null}
          </div>
          <Field id="logradouro" label="Endereço" value={form.logradouro} onChange={(e) => set('logradouro', e.target.value)} />
          <Field
            id="numero"
            label="Número"
            inputMode="numeric"
            error={numeroError}
            value={form.numero}
            onChange={(e) => {
              set('numero', e.target.value)
              setNumeroError(null)
            }}
          />
          <Field id="bairro" label="Bairro" value={form.bairro} onChange={(e) => set('bairro', e.target.value)} />
          <Field id="complemento" label="Complemento" value={form.complemento} onChange={(e) => set('complemento', e.target.value)} />
          <Field id="destinatario" label="Destinatário" value={form.destinatario} onChange={(e) => set('destinatario', e.target.value)} />
        </div>
        <button type="submit" disabled={saving} className="btn-primary mt-6 h-12 w-full sm:w-auto sm:min-w-48">
          Salvar
        </button>
      </form>

      {showList ? (
        <section className={CARD} aria-labelledby="meus-enderecos">
          <div className="flex items-center justify-between gap-2">
            <h2 id="meus-enderecos" className="text-lg font-bold text-ink-900">
              Seus endereços
            </h2>
            <button
              type="button"
              className="btn-ghost"
              onClick={() => {
                setForm(EMPTY)
                setCidade('')
                setNumeroError(null)
              }}
            >
              Novo endereço
            </button>
          </div>
          <ul className="mt-3 grid gap-2">
            {enderecos.map((e) => (
              <li key={e.id} className="flex flex-wrap items-center justify-between gap-2 rounded-lg p-3 ring-1 ring-ink-100">
                <p className="text-sm text-ink-700">
                  <strong className="text-ink-900">{e.destinatario}</strong> · {e.rua}, {e.numero}
                  {e.complemento ? ` – ${e.complemento}` : ''} · {e.bairro} · {e.cidade}/{e.estado} · CEP{' '}
                  {onlyDigits(e.cep).replace(/^(\d{5})(\d{3})$/, '$1-$2')}
                </p>
                <button type="button" className="btn-primary" onClick={() => void choose(e.id)}>
                  Entregar aqui
                </button>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  )
}
