import { useState } from 'react'
import { contaDadosRequestSchema, type Conta } from '../../../contract/account'
import { maskPhone } from '../../../contract/masks'
import { call } from '~/lib/api'
import { Field, Note } from './Field'
import { useSchemaForm } from './form'
import { Section } from './Section'

/** Minha Conta's data: shown, and edited in place (name, surname, phone, marketing e-mails). */
export function ProfileSection({ conta, onSaved }: { conta: Conta; onSaved: (conta: Conta) => void }) {
  const [editing, setEditing] = useState(false)
  const form = useSchemaForm(
    contaDadosRequestSchema,
    { nome: conta.nome, sobrenome: conta.sobrenome, telefone: conta.telefone, marketing: conta.marketing },
    async (values) => {
      const r = await call('contaDados', values)
      if (!r.ok) return { tone: 'error', msg: r.msg === 'auth' ? 'Sua sessão terminou. Entre novamente.' : r.msg }
      onSaved(r.data.conta)
      setEditing(false)
      return { tone: 'success', msg: 'Dados atualizados.' }
    },
  )
  const rows: Array<[string, string]> = [
    ['Nome', `${conta.nome} ${conta.sobrenome}`.trim()],
    ['E-mail', conta.email],
    ['CPF/CNPJ', conta.documento || '—'],
    ['Telefone', conta.telefone || '—'],
    ['E-mails de ofertas', conta.marketing ? 'Sim' : 'Não'],
  ]
  return (
    <Section
      id="meus-dados"
      title="Meus dados"
      action={
        editing ? null : (
          <button type="button" className="btn-ghost text-sm" onClick={() => setEditing(true)}>
            Editar dados
          </button>
        )
      }
    >
      {!editing ? (
        <>
          <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-2">
            {rows.map(([label, value]) => (
              <div key={label}>
                <dt className="text-xs font-semibold tracking-wide text-ink-500 uppercase">{label}</dt>
                <dd className="break-words text-ink-900">{value}</dd>
              </div>
            ))}
          </dl>
          <Note note={form.note} className="mt-4" />
        </>
      ) : (
        <form noValidate className="grid gap-4 sm:grid-cols-2" onSubmit={form.onSubmit}>
          <Field id="conta-nome" label="Nome" autoComplete="given-name" {...form.field('nome')} />
          <Field id="conta-sobrenome" label="Sobrenome" autoComplete="family-name" {...form.field('sobrenome')} />
          <Field id="conta-telefone" label="Telefone" type="tel" inputMode="tel" maxLength={16} {...form.field('telefone', maskPhone)} />
          <label className="flex items-center gap-2 self-end pb-3 text-sm text-ink-700">
            <input type="checkbox" className="h-4 w-4 accent-brand-600" {...form.check('marketing')} />
            Quero receber ofertas por e-mail
          </label>
          <p className="text-xs text-ink-500 sm:col-span-2">Para alterar o e-mail ou o CPF/CNPJ, fale com o atendimento.</p>
          <Note note={form.note} className="sm:col-span-2" />
          <div className="flex gap-3 sm:col-span-2">
            <button type="submit" className="btn-primary" disabled={form.sending}>
              {form.sending ? 'Salvando...' : 'Salvar dados'}
            </button>
            <button type="button" className="btn-ghost" onClick={() => setEditing(false)}>
              Cancelar
            </button>
          </div>
        </form>
      )}
    </Section>
  )
}
