import { segurancaIntentSchema } from '../../../contract/admin/staff'
import { STAFF_DONE } from '../../../contract/messages/staff'
import { changeStaffPassword } from '../../../server/domain/staff/password'
import { confirmEnrolment, recoveryCodesLeft, renewRecoveryCodes, startEnrolment } from '../../../server/domain/staff/totp'
import { secretBox } from '../../../server/lib/secret-box'
import { PasswordSection } from '~/components/admin/staff/PasswordSection'
import { TotpSection } from '~/components/admin/staff/TotpSection'
import { PageHeader } from '~/components/admin/PageHeader'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import { AdminError } from './frame'
import type { Route } from './+types/seguranca'

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = () => [{ title: 'Segurança | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request)
  return { totp: me.totpEnabled, email: me.email, codigosRestantes: me.totpEnabled ? await recoveryCodesLeft(context.db, me.id) : 0 }
}

/**
 * Anyone logged in, for themselves: a QR code (the secret kept as pending), then a first code turns
 * TOTP on and gives the recovery codes once; new recovery codes replace the old ones.
 */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, segurancaIntentSchema)
  const box = secretBox(context.env)
  switch (input.intent) {
    case 'iniciar':
      return answer(await startEnrolment(context.db, box, staff, `${context.store.nome} (painel)`))
    case 'ativar':
      return answer(await confirmEnrolment(context.db, box, staff.actor, input.codigo), STAFF_DONE.totpOn)
    case 'novos-codigos':
      return answer(await renewRecoveryCodes(context.db, staff.actor), STAFF_DONE.newCodes)
    case 'senha':
      return answer(await changeStaffPassword(context, staff, { atual: input.atual, nova: input.nova }), STAFF_DONE.passwordChanged)
  }
}

/**
 * /admin/seguranca: the verification in two steps (TOTP) and its recovery codes, and the change of
 * password. Turning TOTP off is the Dono's (Equipe), so a stolen session cannot remove it.
 */
export default function Seguranca({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Segurança" description={`Conta ${loaderData.email}`} />
      <div className="flex max-w-2xl flex-col gap-6">
        <TotpSection totp={loaderData.totp} codesLeft={loaderData.codigosRestantes} />
        <PasswordSection />
      </div>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
