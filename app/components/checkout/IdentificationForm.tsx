import { useState } from 'react'
import { toast } from '~/lib/toast'
import { maskCpf, maskPhone } from '../../../contract/masks'
import { call } from '~/lib/api'
import { continueProblem, fieldProblem, type Identification, type IdentificationField } from './identification'
import { Field } from '~/components/account/Field'
import { CompanyFields, companyFault, companyPayload, emptyCompany, type CompanyValues } from './CompanyFields'
import type { BuyerRecord } from '../../../contract/cart'

/**
 * 'Identifique-se': Nome completo, E-mail, CPF, Celular / WhatsApp, prefilled from
 * the last purchase; each field checked on blur and cleared on typing; Continuar shows the first
 * fault as a 3-second toast, else saves (checkout/step/1) and calls `onDone`. Below them "Comprar
 * como empresa" (outside the spec, decision 0129) opens CNPJ, Razão social and Inscrição estadual.
 */
export function IdentificationForm({ initial, onDone }: { initial: (Identification & Pick<BuyerRecord, 'empresa'>) | null; onDone: () => void }) {
  const [asCompany, setAsCompany] = useState(Boolean(initial?.empresa))
  const [company, setCompany] = useState<CompanyValues>(() => emptyCompany(initial?.empresa))
  const [values, setValues] = useState<Identification>(() => ({
    nome: initial?.nome ?? '',
    email: initial?.email ?? '',
    cpf: initial ? maskCpf(initial.cpf) : '',
    celular: initial ? maskPhone(initial.celular) : '',
  }))
  const [errors, setErrors] = useState<Partial<Record<IdentificationField, string | null>>>({})
  const [saving, setSaving] = useState(false)
  const input = (field: IdentificationField, mask: (v: string) => string = (v) => v) => ({
    value: values[field],
    error: errors[field],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      setValues((v) => ({ ...v, [field]: mask(e.target.value) }))
      setErrors((x) => ({ ...x, [field]: null }))
    },
    onBlur: () => setErrors((x) => ({ ...x, [field]: fieldProblem(field, values[field]) })),
  })

  async function submit(event: React.FormEvent) {
    event.preventDefault()
    const problem = continueProblem(values) ?? (asCompany ? companyFault(company) : null)
    if (problem) return void toast.error(problem, { autoClose: 3000 })
    setSaving(true)
    const answer = await call('checkoutStep1', {
      nome: values.nome.trim(),
      email: values.email.trim(),
      cpf: values.cpf,
      celular: values.celular,
      ...(asCompany ? { empresa: companyPayload(company) } : {}),
    })
    setSaving(false)
    if (answer.ok) onDone()
    else toast.error(answer.msg === 'auth' ? 'Entre na sua conta para continuar a compra.' : answer.msg, { autoClose: 3000 })
  }

  return (
    <form noValidate onSubmit={submit} aria-labelledby="identifique-se">
      <h2 id="identifique-se" className="text-lg font-bold text-ink-900">
        Identifique-se
      </h2>
      <div className="mt-4 grid gap-4">
        <Field id="nome" label="Nome completo" autoComplete="name" {...input('nome')} />
        <Field id="email" label="E-mail" type="email" autoComplete="email" {...input('email')} />
        <Field id="cpf" label="CPF" inputMode="numeric" placeholder="000.000.000-00" {...input('cpf', maskCpf)} />
        <Field
          id="celular"
          label="Celular / WhatsApp"
          type="tel"
          inputMode="numeric"
          autoComplete="tel-national"
          placeholder="(00) 0 0000-0000"
          {...input('celular', maskPhone)}
        />
        <CompanyFields on={asCompany} onToggle={setAsCompany} values={company} onChange={setCompany} />
      </div>
      <button type="submit" disabled={saving} className="btn-primary mt-6 h-12 w-full">
        Continuar
      </button>
    </form>
  )
}
