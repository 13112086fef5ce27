import { segurancaIntentSchema } from '../../../contract/admin/staff'
import { STAFF_DONE } from '../../../contract/messages/staff'
import { confirmEnrolment, startEnrolment } from '../../../server/domain/staff/totp'
import { TotpEnrolment } from '~/components/admin/staff/TotpEnrolment'
import { PageHeader } from '~/components/admin/PageHeader'
import { useStaffAction } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import { AdminError } from './frame'
import type { Route } from './+types/seguranca'

export const meta: Route.MetaFunction = () => [{ title: 'Segurança | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request)
  return { totp: me.totpEnabled, email: me.email }
}

/** Anyone logged in, for themselves: a QR code (the secret kept as pending), then a first code turns TOTP on. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, segurancaIntentSchema)
  switch (input.intent) {
    case 'iniciar':
      return answer(await startEnrolment(context.db, staff, `${context.store.nome} (painel)`))
    case 'ativar':
      return answer((await confirmEnrolment(context.db, staff.actor, input.codigo)) ?? {}, STAFF_DONE.totpOn)
  }
}

/**
 * /admin/seguranca: turn on the verification in two steps (TOTP). The QR code is made on the
 * server; a first code from the app confirms it. Turning it off is the Dono's (Equipe), so a
 * stolen session cannot remove it.
 */
export default function Seguranca({ loaderData }: Route.ComponentProps) {
  const start = useStaffAction<{ ok: true; qrSvg: string; segredo: string } | { ok: false; code: string; msg: string }>({ key: 'iniciar' })
  const confirm = useStaffAction({ key: 'ativar', toastRefusal: false })
  const enrolment = start.answer?.ok && !loaderData.totp ? start.answer : null

  return (
    <>
      <PageHeader title="Segurança" description={`Conta ${loaderData.email}`} />
      <section className="adm-card max-w-2xl p-5 sm:p-6">
        <h2 className="text-lg font-bold text-ink-900">Verificação em duas etapas (TOTP)</h2>
        {loaderData.totp ? (
          <p className="mt-2 text-sm text-ink-700">
            <span className="mr-2 inline-block rounded-full bg-pix-50 px-2 py-0.5 text-xs font-semibold text-pix-600">Ativa</span>
            Ao entrar, o painel pede o código de 6 números do seu aplicativo autenticador. Se perder o celular, peça ao dono da loja para remover a verificação.
          </p>
        ) : enrolment ? (
          <TotpEnrolment
            qrSvg={enrolment.qrSvg}
            segredo={enrolment.segredo}
            error={confirm.answer && !confirm.answer.ok ? confirm.answer.msg : null}
            busy={confirm.busy}
            onCode={(codigo) => confirm.submit('ativar', { codigo })}
          />
        ) : (
          <>
            <p className="mt-2 text-sm text-ink-700">
              Proteja o acesso com um código do celular além da senha. O perfil Dono precisa dela para gerenciar a equipe.
            </p>
            <button type="button" className="adm-btn mt-4" onClick={() => start.submit('iniciar')} disabled={start.busy}>
              Configurar
            </button>
          </>
        )}
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
