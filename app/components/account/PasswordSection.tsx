import { contaSenhaRequestSchema } from '../../../contract/account'
import { call } from '~/lib/api'
import { Field, Note } from './Field'
import { useSchemaForm } from './form'
import { Section } from './Section'

const EMPTY = { atual: '', senha: '', confirmacao: '' }
const FIELDS = [
  ['atual', 'Senha atual', 'current-password'],
  ['senha', 'Nova senha', 'new-password'],
  ['confirmacao', 'Confirmar nova senha', 'new-password'],
] as const

/** Password change: the current password required; the account's other sessions end. */
export function PasswordSection() {
  const form = useSchemaForm(contaSenhaRequestSchema, EMPTY, async (values) => {
    const r = await call('contaSenha', values)
    if (!r.ok) return { tone: 'error', msg: r.msg }
    form.reset()
    return { tone: 'success', msg: 'Senha alterada. As outras sessões da sua conta foram encerradas.' }
  })
  return (
    <Section id="alterar-senha" title="Alterar senha">
      <form noValidate className="grid gap-4 sm:grid-cols-3" onSubmit={form.onSubmit}>
        {FIELDS.map(([name, label, autoComplete]) => (
          <Field key={name} id={`senha-${name}`} label={label} type="password" autoComplete={autoComplete} {...form.field(name)} />
        ))}
        <Note note={form.note} className="sm:col-span-3" />
        <div className="sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={form.sending}>
            {form.sending ? 'Salvando...' : 'Alterar senha'}
          </button>
        </div>
      </form>
    </Section>
  )
}
