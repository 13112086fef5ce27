import { DataTable, type Column } from '~/components/admin/DataTable'
import { formatDateTime } from '~/components/admin/format'
import { ROLE_LABELS, ROLES, type Role } from '../../../../server/domain/staff/permissions'

export const ROLE_OPTIONS = ROLES.map((r) => [r, ROLE_LABELS[r]] as const)

/** A person on the Equipe, with what the manager may do to them now (the domain's memberActions). */
export type StaffPerson = {
  id: number
  nome: string
  email: string
  role: Role
  active: boolean
  totp: boolean
  lastLoginAt: Date | string | null
  actions: { role: boolean; active: boolean; removeTotp: boolean }
}

/** A change waiting for its confirmation. */
export type MemberChange = { kind: 'role'; person: StaffPerson; role: Role } | { kind: 'active'; person: StaffPerson } | { kind: 'totp'; person: StaffPerson }

/** The Equipe's table: each person, their role (a choice when it may change), and the buttons allowed now. */
export function StaffTable({ people, me, onChange }: { people: StaffPerson[]; me: number; onChange: (change: MemberChange) => void }) {
  const columns: Column<StaffPerson>[] = [
    {
      header: 'Pessoa',
      cell: (p) => (
        <div className={p.active ? '' : 'opacity-60'}>
          <p className="font-semibold text-ink-900">
            {p.nome} {p.id === me ? <span className="text-xs font-normal text-ink-500">(você)</span> : null}
          </p>
          <p className="text-ink-500">{p.email}</p>
        </div>
      ),
    },
    {
      header: 'Perfil',
      cell: (p) =>
        p.actions.role ? (
          <select
            aria-label={`Perfil de ${p.nome}`}
            className="adm-input w-auto py-1"
            value={p.role}
            onChange={(e) => onChange({ kind: 'role', person: p, role: e.target.value as Role })}
          >
            {ROLE_OPTIONS.map(([r, label]) => (
              <option key={r} value={r}>
                {label}
              </option>
            ))}
          </select>
        ) : (
          ROLE_LABELS[p.role]
        ),
    },
    { header: 'Duas etapas', wide: true, cell: (p) => (p.totp ? 'Ativa' : '—') },
    { header: 'Último acesso', wide: true, cell: (p) => formatDateTime(p.lastLoginAt) },
    {
      header: 'Situação',
      cell: (p) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.active ? 'bg-pix-50 text-pix-600' : 'bg-ink-100 text-ink-500'}`}>
          {p.active ? 'Ativo' : 'Desativado'}
        </span>
      ),
    },
    {
      header: 'Ações',
      cell: (p) =>
        p.actions.active || p.actions.removeTotp ? (
          <div className="flex flex-wrap gap-2">
            {p.actions.active ? (
              <button type="button" className="adm-btn-ghost py-1" onClick={() => onChange({ kind: 'active', person: p })}>
                {p.active ? 'Desativar' : 'Reativar'}
              </button>
            ) : null}
            {p.actions.removeTotp ? (
              <button type="button" className="adm-btn-ghost py-1" onClick={() => onChange({ kind: 'totp', person: p })}>
                Remover 2 etapas
              </button>
            ) : null}
          </div>
        ) : null,
    },
  ]
  return <DataTable columns={columns} rows={people} rowKey={(p) => p.id} empty="Ninguém na equipe ainda." caption="Equipe" />
}

/** The question before a change of a person: what it does, in their name. */
export function memberChangeQuestion(change: MemberChange) {
  const { person } = change
  if (change.kind === 'role') {
    return {
      title: 'Mudar perfil?',
      confirm: 'Mudar perfil',
      danger: false,
      text: `${person.nome} passa de ${ROLE_LABELS[person.role]} para ${ROLE_LABELS[change.role]}. As sessões abertas dele(a) serão encerradas.`,
    }
  }
  if (change.kind === 'active') {
    return person.active
      ? { title: 'Desativar pessoa?', confirm: 'Desativar', danger: true, text: `${person.nome} perde o acesso agora: as sessões abertas são encerradas.` }
      : { title: 'Reativar pessoa?', confirm: 'Reativar', danger: false, text: `${person.nome} volta a poder entrar no painel.` }
  }
  return {
    title: 'Remover verificação em duas etapas?',
    confirm: 'Remover',
    danger: false,
    text: `${person.nome} entra só com a senha até configurar um novo autenticador.`,
  }
}
