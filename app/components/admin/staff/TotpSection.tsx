import { useState } from 'react'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { useStaffAction } from '~/lib/admin-action'
import { RecoveryCodes } from './RecoveryCodes'
import { TotpEnrolment } from './TotpEnrolment'

type Answer = { ok: true; qrSvg?: string; segredo?: string; codigos?: string[]; msg?: string } | { ok: false; code: string; msg: string }

/** Segurança's TOTP card: enrol (QR code, first code), the recovery codes shown once, new ones on demand. */
export function TotpSection({ totp, codesLeft }: { totp: boolean; codesLeft: number }) {
  const start = useStaffAction<Answer>({ key: 'iniciar' })
  const confirm = useStaffAction<Answer>({ key: 'ativar', toastRefusal: false })
  const renew = useStaffAction<Answer>({ key: 'novos-codigos', onDone: () => setAsking(false) })
  const [asking, setAsking] = useState(false)
  const enrolment = start.answer?.ok && !totp ? start.answer : null
  const shown = [renew.answer, confirm.answer].find((a) => a?.ok && a.codigos)
  const codigos = shown?.ok ? shown.codigos : undefined

  return (
    <section className="adm-card p-5 sm:p-6">
      <h2 className="text-lg font-bold text-ink-900">Verificação em duas etapas (TOTP)</h2>
      {totp ? (
        <>
          <p className="mt-2 text-sm text-ink-700">
            <span className="mr-2 inline-block rounded-full bg-pix-50 px-2 py-0.5 text-xs font-semibold text-pix-600">Ativa</span>
            Ao entrar, o painel pede o código de 6 números do seu aplicativo autenticador. Sem o celular, use um código de recuperação ou peça ao dono da loja
            para remover a verificação.
          </p>
          {codigos ? (
            <RecoveryCodes codigos={codigos} />
          ) : (
            <>
              <p className="mt-3 text-sm text-ink-700">
                Códigos de recuperação não usados: <strong>{codesLeft}</strong>
              </p>
              <button type="button" className="adm-btn-ghost mt-3" onClick={() => setAsking(true)}>
                Gerar novos códigos de recuperação
              </button>
            </>
          )}
          <ConfirmDialog
            open={asking}
            busy={renew.busy}
            title="Gerar novos códigos?"
            confirmLabel="Gerar novos códigos"
            onConfirm={() => renew.submit('novos-codigos')}
            onClose={() => setAsking(false)}
          >
            <p>Os códigos de recuperação atuais deixam de valer. Os novos aparecem uma única vez.</p>
          </ConfirmDialog>
        </>
      ) : enrolment?.ok && enrolment.qrSvg && enrolment.segredo ? (
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
  )
}
