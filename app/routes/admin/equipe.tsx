import { useState } from 'react'
import { Link } from 'react-router'
import { equipeIntentSchema } from '../../../contract/admin/staff'
import { STAFF_DONE } from '../../../contract/messages/staff'
import { isRefusal } from '../../../server/domain/refusal'
import { inviteStaff, pendingInvitations } from '../../../server/domain/staff/invitations'
import { ROLE_LABELS } from '../../../server/domain/staff/permissions'
import { changeRole, listStaff, memberActions, removeTotp, setActive } from '../../../server/domain/staff/team'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { PageHeader } from '~/components/admin/PageHeader'
import { InviteForm, PendingInvitations } from '~/components/admin/staff/Invitations'
import { memberChangeQuestion, StaffTable, type MemberChange } from '~/components/admin/staff/StaffTable'
import { useStaffAction } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { siteOrigin } from '~/lib/seo'
import { AdminError } from './frame'
import type { Route } from './+types/equipe'

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = () => [{ title: 'Equipe | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'staff:manage')
  const [people, invitations] = await Promise.all([listStaff(context.db), pendingInvitations(context)])
  return { me: { id: me.id, totp: me.totpEnabled }, people: people.map((p) => ({ ...p, actions: memberActions(me, p) })), invitations }
}

/** Every change is the domain's, refused by the same rules the buttons are drawn from, and audited there. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, equipeIntentSchema, 'staff:manage')
  const { actor } = staff
  switch (input.intent) {
    case 'convidar': {
      const { intent: _, ...invitation } = input
      const sent = await inviteStaff(context, { ...invitation, actor, origin: siteOrigin(context) })
      return answer(isRefusal(sent) ? sent : {}, STAFF_DONE.invited(invitation.email))
    }
    case 'papel': {
      const done = await changeRole(context.db, { id: input.id, role: input.role, actor })
      return isRefusal(done) ? refused(done) : answer({}, STAFF_DONE.roleChanged(done.nome, ROLE_LABELS[done.role]))
    }
    case 'ativo': {
      const done = await setActive(context.db, { id: input.id, active: input.ativo, actor })
      return isRefusal(done) ? refused(done) : answer({}, done.active ? STAFF_DONE.reactivated(done.nome) : STAFF_DONE.deactivated(done.nome))
    }
    case 'remover-totp': {
      const done = await removeTotp(context.db, { id: input.id, actor })
      return isRefusal(done) ? refused(done) : answer({}, STAFF_DONE.totpRemoved(done.nome))
    }
  }
}

/** /admin/equipe (Dono): the staff, invitations, roles, deactivation — every change confirmed and audited. */
export default function Equipe({ loaderData }: Route.ComponentProps) {
  const { me, people, invitations } = loaderData
  const [pending, setPending] = useState<MemberChange | null>(null)
  const [inviteForm, setInviteForm] = useState<HTMLFormElement | null>(null)
  const change = useStaffAction({ key: 'equipe', onDone: () => setPending(null) })
  const invite = useStaffAction({ key: 'convidar', toastRefusal: false, onDone: () => inviteForm?.reset() })
  const question = pending ? memberChangeQuestion(pending) : null

  function apply() {
    if (!pending) return
    const { person } = pending
    if (pending.kind === 'role') change.submit('papel', { id: person.id, role: pending.role })
    else if (pending.kind === 'active') change.submit('ativo', { id: person.id, ativo: !person.active })
    else change.submit('remover-totp', { id: person.id })
  }

  return (
    <>
      <PageHeader title="Equipe" description="Quem acessa o painel e com qual perfil. Toda mudança fica na Auditoria." />
      {!me.totp ? (
        <p className="mb-4 text-sm text-ink-700">
          Para convidar pessoas ou mudar perfis,{' '}
          <Link to="/admin/seguranca" className="font-semibold text-brand-700 underline">
            ative a verificação em duas etapas
          </Link>
          .
        </p>
      ) : null}
      <StaffTable people={people} me={me.id} onChange={setPending} />

      <div className="mt-8 grid gap-6 lg:grid-cols-2">
        <InviteForm
          allowed={me.totp}
          busy={invite.busy}
          error={invite.answer && !invite.answer.ok ? invite.answer.msg : null}
          onInvite={(form) => {
            setInviteForm(form)
            invite.submit('convidar', Object.fromEntries(new FormData(form)))
          }}
        />
        <PendingInvitations invitations={invitations} />
      </div>

      <ConfirmDialog
        open={pending !== null}
        busy={change.busy}
        danger={question?.danger}
        title={question?.title ?? ''}
        confirmLabel={question?.confirm ?? ''}
        onConfirm={apply}
        onClose={() => setPending(null)}
      >
        {question ? <p>{question.text}</p> : null}
      </ConfirmDialog>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
