import { ErrorNote } from '~/components/admin/Field'
import { useStaffAction } from '~/lib/admin-action'
import { RecoveryCodes } from './RecoveryCodes'
import { TotpEnrolment } from './TotpEnrolment'

type Answer = { ok: true; qrSvg?: string; segredo?: string; codigos?: string[] } | { ok: false; code: string; msg: string }

/**
 * The login's enrolment step (live mode, a person without TOTP): a QR code, a first code, then the
 * recovery codes once and the way on (`next`). The session opens nothing else until this is done.
 * The steps go to the login page's action (`action`: its path, from another page such as the invitation).
 */
export function LoginEnrolment({ next, action }: { next: string; action?: string }) {
  const start = useStaffAction<Answer>({ key: 'totp-iniciar', toastRefusal: false })
  const confirm = useStaffAction<Answer>({ key: 'totp-ativar', toastRefusal: false })
  const qr = start.answer?.ok && start.answer.qrSvg ? start.answer : null
  const codigos = confirm.answer?.ok ? confirm.answer.codigos : undefined
  const refusal = [confirm.answer, start.answer].find((a) => a && !a.ok)

  if (codigos) {
    return (
      <>
        <RecoveryCodes codigos={codigos} />
        <a href={next} className="adm-btn mt-5 w-full">
          Guardei os códigos, continuar
        </a>
      </>
    )
  }
  if (qr?.qrSvg && qr.segredo) {
    return (
      <TotpEnrolment
        qrSvg={qr.qrSvg}
        segredo={qr.segredo}
        error={refusal && !refusal.ok ? refusal.msg : null}
        busy={confirm.busy}
        onCode={(codigo) => confirm.submit('totp-ativar', { codigo }, action)}
      />
    )
  }
  return (
    <>
      <p className="text-sm text-ink-700">
        Esta loja exige a verificação em duas etapas para toda a equipe. Configure-a agora com um aplicativo autenticador no celular; o painel abre em seguida.
      </p>
      <ErrorNote className="mt-3">{refusal && !refusal.ok ? refusal.msg : null}</ErrorNote>
      <button type="button" className="adm-btn mt-5 w-full" onClick={() => start.submit('totp-iniciar', {}, action)} disabled={start.busy}>
        {start.busy ? 'Gerando…' : 'Configurar agora'}
      </button>
    </>
  )
}
