import { useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import { ErrorNote, Field } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { toastResult } from '~/components/admin/feedback'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { AdminError } from './frame'
import type { Route } from './+types/seguranca'

export const meta: Route.MetaFunction = () => [{ title: 'Segurança | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request)
  return { totp: me.totpEnabled, email: me.email }
}

/**
 * /admin/seguranca: turn on the verification in two steps (TOTP). The QR code is made on the
 * server; a first code from the app confirms it. Turning it off is the Dono's (Equipe), so a
 * stolen session cannot remove it.
 */
export default function Seguranca({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  const [enrolment, setEnrolment] = useState<{ qrSvg: string; segredo: string } | null>(null)
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)

  async function start() {
    setBusy(true)
    const result = await adminCall('totpInicio', {})
    setBusy(false)
    if (result.ok) setEnrolment({ qrSvg: result.data.qrSvg, segredo: result.data.segredo })
    else toastResult(result, '')
  }

  async function confirm(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const codigo = String(new FormData(e.currentTarget).get('codigo') ?? '')
    setBusy(true)
    setError(null)
    const result = await adminCall('totpAtivar', { codigo })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    toastResult(result, 'Verificação em duas etapas ativada.')
    setEnrolment(null)
    void revalidator.revalidate()
  }

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
          <div className="mt-3 flex flex-col gap-5 sm:flex-row">
            {/* The SVG is the qrcode library's output for our own otpauth URI (no user content). */}
            <div className="size-48 shrink-0 rounded-lg border border-ink-100 bg-white p-2" aria-label="QR code para o aplicativo autenticador" role="img" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
            <div className="min-w-0 flex-1">
              <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-700">
                <li>Abra o aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
                <li>Leia o QR code ou digite a chave abaixo.</li>
                <li>Digite o código de 6 números que aparecer.</li>
              </ol>
              <p className="mt-3 text-xs text-ink-500">Chave</p>
              <p className="font-mono text-sm break-all text-ink-900" data-testid="totp-segredo">
                {enrolment.segredo}
              </p>
              <ErrorNote className="mt-3">{error}</ErrorNote>
              <form onSubmit={confirm} className="mt-4 flex items-end gap-2" noValidate>
                <Field id="codigo" label="Código" name="codigo" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="w-36" />
                <button type="submit" className="adm-btn" disabled={busy}>
                  Ativar
                </button>
              </form>
            </div>
          </div>
        ) : (
          <>
            <p className="mt-2 text-sm text-ink-700">Proteja o acesso com um código do celular além da senha. O perfil Dono precisa dela para gerenciar a equipe.</p>
            <button type="button" className="adm-btn mt-4" onClick={start} disabled={busy}>
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
