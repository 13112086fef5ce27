import { ErrorNote, Field, SelectField } from '~/components/admin/Field'
import { formatDateTime } from '~/components/admin/format'
import { ROLE_LABELS, type Role } from '../../../../server/domain/staff/permissions'
import { ROLE_OPTIONS } from './StaffTable'

/** Convidar pessoa: e-mail, name and role; the link goes by e-mail. */
export function InviteForm({
  allowed,
  busy,
  error,
  onInvite,
}: {
  allowed: boolean
  busy: boolean
  error: string | null
  onInvite: (form: HTMLFormElement) => void
}) {
  return (
    <section className="adm-card p-5">
      <h2 className="text-lg font-bold text-ink-900">Convidar pessoa</h2>
      <p className="mt-1 text-sm text-ink-500">Enviamos um link por e-mail; ele vale 48 horas e cria a senha da pessoa.</p>
      <ErrorNote className="mt-3">{error}</ErrorNote>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          onInvite(e.currentTarget)
        }}
        className="mt-4 grid gap-3 sm:grid-cols-2"
        noValidate
      >
        <Field id="convite-email" label="E-mail" name="email" type="email" className="sm:col-span-2" disabled={!allowed} />
        <Field id="convite-nome" label="Nome" name="nome" disabled={!allowed} />
        <SelectField id="convite-role" label="Perfil" name="role" options={ROLE_OPTIONS} defaultValue="atendimento" disabled={!allowed} />
        <div className="sm:col-span-2">
          <button type="submit" className="adm-btn" disabled={busy || !allowed}>
            Enviar convite
          </button>
        </div>
      </form>
    </section>
  )
}

type Invitation = { email: string; nome: string; role: Role; expiresAt: Date | string }

/** Invitations sent and not yet used, within their 48 hours. */
export function PendingInvitations({ invitations }: { invitations: Invitation[] }) {
  return (
    <section className="adm-card p-5">
      <h2 className="text-lg font-bold text-ink-900">Convites pendentes</h2>
      {invitations.length === 0 ? (
        <p className="mt-2 text-sm text-ink-500">Nenhum convite aguardando resposta.</p>
      ) : (
        <ul className="mt-3 divide-y divide-ink-100 text-sm">
          {invitations.map((c) => (
            <li key={c.email} className="flex flex-wrap justify-between gap-2 py-2">
              <span>
                <span className="font-medium text-ink-900">{c.nome || c.email}</span> <span className="text-ink-500">{c.email}</span>
              </span>
              <span className="text-ink-500">
                {ROLE_LABELS[c.role]} · vence {formatDateTime(c.expiresAt)}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  )
}
