import { useRef } from 'react'
import { ErrorNote, Field } from '~/components/admin/Field'
import { useStaffAction } from '~/lib/admin-action'
import { NewPasswordFields } from './NewPasswordFields'

/** Segurança's change of password: the current one first; the person's other sessions end. */
export function PasswordSection() {
  const form = useRef<HTMLFormElement>(null)
  const change = useStaffAction({ key: 'senha', toastRefusal: false, onDone: () => form.current?.reset() })
  return (
    <section className="adm-card p-5 sm:p-6">
      <h2 className="text-lg font-bold text-ink-900">Trocar senha</h2>
      <p className="mt-1 text-sm text-ink-500">Ao trocar, as suas sessões em outros aparelhos são encerradas.</p>
      <ErrorNote className="mt-3">{change.answer && !change.answer.ok ? change.answer.msg : null}</ErrorNote>
      <form
        ref={form}
        onSubmit={(e) => {
          e.preventDefault()
          change.submit('senha', Object.fromEntries(new FormData(e.currentTarget)))
        }}
        className="mt-4 flex flex-col gap-4 sm:max-w-sm"
        noValidate
      >
        <Field id="senha-atual" label="Senha atual" name="atual" type="password" autoComplete="current-password" required />
        <NewPasswordFields label="Nova senha" confirmLabel="Repita a nova senha" name="nova" idPrefix="senha-" />
        <button type="submit" className="adm-btn self-start" disabled={change.busy}>
          {change.busy ? 'Salvando…' : 'Trocar senha'}
        </button>
      </form>
    </section>
  )
}
