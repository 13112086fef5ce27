import { useState, type FormEvent } from 'react'
import { Link, useRevalidator } from 'react-router'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { ErrorNote, Field, SelectField } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { toastResult } from '~/components/admin/feedback'
import { formatDateTime } from '~/components/admin/format'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { pendingInvitations } from '../../../server/domain/staff/invitations'
import { ROLE_LABELS, ROLES, type Role } from '../../../server/domain/staff/permissions'
import { listStaff } from '../../../server/domain/staff/team'
import { AdminError } from './frame'
import type { Route } from './+types/equipe'

export const meta: Route.MetaFunction = () => [{ title: 'Equipe | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'staff:manage')
  const [pessoas, convites] = await Promise.all([listStaff(context.db), pendingInvitations(context)])
  return { me: { id: me.id, totp: me.totpEnabled }, pessoas, convites }
}

const ROLE_OPTIONS = ROLES.map((r) => [r, ROLE_LABELS[r]] as const)

type Person = Route.ComponentProps['loaderData']['pessoas'][number]
/** A change waiting for its confirmation. */
type Pending = { kind: 'role'; person: Person; role: Role } | { kind: 'active'; person: Person } | { kind: 'totp'; person: Person }

/** /admin/equipe (Dono): the staff, invitations, roles, deactivation — every change confirmed and audited. */
export default function Equipe({ loaderData }: Route.ComponentProps) {
  const { me, pessoas, convites } = loaderData
  const revalidator = useRevalidator()
  const [pending, setPending] = useState<Pending | null>(null)
  const [busy, setBusy] = useState(false)
  const [inviteError, setInviteError] = useState<string | null>(null)
  const canManage = me.totp

  async function apply() {
    if (!pending) return
    setBusy(true)
    const { person } = pending
    const result =
      pending.kind === 'role'
        ? await adminCall('mudarPapel', { id: person.id, role: pending.role })
        : pending.kind === 'active'
          ? await adminCall('mudarAtivo', { id: person.id, ativo: !person.active })
          : await adminCall('removerTotp', { id: person.id })
    setBusy(false)
    setPending(null)
    const done =
      pending.kind === 'role'
        ? `${person.nome} agora é ${ROLE_LABELS[pending.role]}.`
        : pending.kind === 'active'
          ? person.active
            ? `${person.nome} foi desativado(a); as sessões dele(a) foram encerradas.`
            : `${person.nome} foi reativado(a).`
          : `Verificação em duas etapas de ${person.nome} removida.`
    toastResult(result, done)
    void revalidator.revalidate()
  }

  async function invite(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const formEl = e.currentTarget
    const form = new FormData(formEl)
    setBusy(true)
    setInviteError(null)
    const result = await adminCall('convidar', { email: String(form.get('email') ?? ''), nome: String(form.get('nome') ?? ''), role: String(form.get('role') ?? '') as Role })
    setBusy(false)
    if (!result.ok) return setInviteError(result.msg)
    toastResult(result, `Convite enviado para ${String(form.get('email'))}.`)
    formEl.reset()
    void revalidator.revalidate()
  }

  const columns: Column<Person>[] = [
    {
      header: 'Pessoa',
      cell: (p) => (
        <div className={p.active ? '' : 'opacity-60'}>
          <p className="font-semibold text-ink-900">
            {p.nome} {p.id === me.id ? <span className="text-xs font-normal text-ink-500">(você)</span> : null}
          </p>
          <p className="text-ink-500">{p.email}</p>
        </div>
      ),
    },
    {
      header: 'Perfil',
      cell: (p) =>
        p.id === me.id || !p.active || !canManage ? (
          ROLE_LABELS[p.role]
        ) : (
          <select
            aria-label={`Perfil de ${p.nome}`}
            className="adm-input w-auto py-1"
            value={p.role}
            onChange={(e) => setPending({ kind: 'role', person: p, role: e.target.value as Role })}
          >
            {ROLE_OPTIONS.map(([r, label]) => (
              <option key={r} value={r}>
                {label}
              </option>
            ))}
          </select>
        ),
    },
    { header: 'Duas etapas', wide: true, cell: (p) => (p.totp ? 'Ativa' : '—') },
    { header: 'Último acesso', wide: true, cell: (p) => formatDateTime(p.lastLoginAt) },
    {
      header: 'Situação',
      cell: (p) => (
        <span className={`rounded-full px-2 py-0.5 text-xs font-semibold ${p.active ? 'bg-pix-50 text-pix-600' : 'bg-ink-100 text-ink-500'}`}>{p.active ? 'Ativo' : 'Desativado'}</span>
      ),
    },
    {
      header: 'Ações',
      cell: (p) =>
        p.id === me.id || !canManage ? null : (
          <div className="flex flex-wrap gap-2">
            <button type="button" className="adm-btn-ghost py-1" onClick={() => setPending({ kind: 'active', person: p })}>
              {p.active ? 'Desativar' : 'Reativar'}
            </button>
            {p.totp ? (
              <button type="button" className="adm-btn-ghost py-1" onClick={() => setPending({ kind: 'totp', person: p })}>
                Remover 2 etapas
              </button>
            ) : null}
          </div>
        ),
    },
  ]

  return (
    <>
      <PageHeader title="Equipe" description="Quem acessa o painel e com qual perfil. Toda mudança fica na Auditoria." />
      {!canManage ? (
        <p className="mb-4 text-sm text-ink-700">
          Para convidar pessoas ou mudar perfis, <Link to="/admin/seguranca" className="font-semibold text-brand-700 underline">ative a verificação em duas etapas</Link>.
        </p>
      ) : null}
      <DataTable columns={columns} rows={pessoas} rowKey={(p) => p.id} empty="Ninguém na equipe ainda." caption="Equipe" />

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <section className="adm-card p-5">
          <h2 className="text-lg font-bold text-ink-900">Convidar pessoa</h2>
          <p className="mt-1 text-sm text-ink-500">Enviamos um link por e-mail; ele vale 48 horas e cria a senha da pessoa.</p>
          <ErrorNote className="mt-3">{inviteError}</ErrorNote>
          <form onSubmit={invite} className="mt-4 grid gap-3 sm:grid-cols-2" noValidate>
            <Field id="convite-email" label="E-mail" name="email" type="email" className="sm:col-span-2" disabled={!canManage} />
            <Field id="convite-nome" label="Nome" name="nome" disabled={!canManage} />
            <SelectField id="convite-role" label="Perfil" name="role" options={ROLE_OPTIONS} defaultValue="atendimento" disabled={!canManage} />
            <div className="sm:col-span-2">
              <button type="submit" className="adm-btn" disabled={busy || !canManage}>
                Enviar convite
              </button>
            </div>
          </form>
        </section>
        <section className="adm-card p-5">
          <h2 className="text-lg font-bold text-ink-900">Convites pendentes</h2>
          {convites.length === 0 ? (
            <p className="mt-2 text-sm text-ink-500">Nenhum convite aguardando resposta.</p>
          ) : (
            <ul className="mt-3 divide-y divide-ink-100 text-sm">
              {convites.map((c) => (
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
      </div>

      <ConfirmDialog
        open={pending !== null}
        busy={busy}
        danger={pending?.kind === 'active' && pending.person.active}
        title={
          pending?.kind === 'role'
            ? 'Mudar perfil?'
            : pending?.kind === 'active'
              ? pending.person.active
                ? 'Desativar pessoa?'
                : 'Reativar pessoa?'
              : 'Remover verificação em duas etapas?'
        }
        confirmLabel={pending?.kind === 'role' ? 'Mudar perfil' : pending?.kind === 'active' ? (pending.person.active ? 'Desativar' : 'Reativar') : 'Remover'}
        onConfirm={apply}
        onClose={() => setPending(null)}
      >
        {pending?.kind === 'role' ? (
          <p>
            {pending.person.nome} passa de {ROLE_LABELS[pending.person.role]} para {ROLE_LABELS[pending.role]}. As sessões abertas dele(a) serão encerradas.
          </p>
        ) : pending?.kind === 'active' ? (
          <p>{pending.person.active ? `${pending.person.nome} perde o acesso agora: as sessões abertas são encerradas.` : `${pending.person.nome} volta a poder entrar no painel.`}</p>
        ) : pending ? (
          <p>{pending.person.nome} entra só com a senha até configurar um novo autenticador.</p>
        ) : null}
      </ConfirmDialog>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
