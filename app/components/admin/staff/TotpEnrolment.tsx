import { ErrorNote, Field } from '~/components/admin/Field'

/** Segurança's second half: the QR code and its key, and the first code that confirms them. */
export function TotpEnrolment({
  qrSvg,
  segredo,
  error,
  busy,
  onCode,
}: {
  qrSvg: string
  segredo: string
  error: string | null
  busy: boolean
  onCode: (codigo: string) => void
}) {
  return (
    <div className="mt-3 flex flex-col gap-5 sm:flex-row">
      {/* The SVG is the qrcode library's output for our own otpauth URI (no user content). */}
      <div
        className="size-48 shrink-0 rounded-lg border border-ink-100 bg-white p-2"
        aria-label="QR code para o aplicativo autenticador"
        role="img"
        dangerouslySetInnerHTML={{ __html: qrSvg }}
      />
      <div className="min-w-0 flex-1">
        <ol className="list-decimal space-y-1 pl-5 text-sm text-ink-700">
          <li>Abra o aplicativo autenticador (Google Authenticator, Microsoft Authenticator, 1Password…).</li>
          <li>Leia o QR code ou digite a chave abaixo.</li>
          <li>Digite o código de 6 números que aparecer.</li>
        </ol>
        <p className="mt-3 text-xs text-ink-500">Chave</p>
        <p className="font-mono text-sm break-all text-ink-900" data-testid="totp-segredo">
          {segredo}
        </p>
        <ErrorNote className="mt-3">{error}</ErrorNote>
        <form
          onSubmit={(e) => {
            e.preventDefault()
            onCode(String(new FormData(e.currentTarget).get('codigo') ?? ''))
          }}
          className="mt-4 flex items-end gap-2"
          noValidate
        >
          <Field id="codigo" label="Código" name="codigo" inputMode="numeric" autoComplete="one-time-code" maxLength={6} className="w-36" />
          <button type="submit" className="adm-btn" disabled={busy}>
            Ativar
          </button>
        </form>
      </div>
    </div>
  )
}
