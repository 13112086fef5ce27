import { useState, type FormEvent } from 'react'
import { redirect, useNavigate, useSearchParams } from 'react-router'
import { adminCall } from '~/lib/admin-api'
import { safeReturn } from '~/lib/admin'
import { currentStaff } from '~/lib/admin.server'
import { AuthCard } from '~/components/admin/AuthCard'
import { ErrorNote, Field } from '~/components/admin/Field'
import type { Route } from './+types/entrar'

export const meta: Route.MetaFunction = () => [{ title: 'Entrar no painel | Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Someone already in goes straight on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await currentStaff(context, request)) throw redirect(safeReturn(new URL(request.url).searchParams.get('volta')))
  return null
}

/** /admin/entrar: e-mail and password, then the 6-digit code when the account has TOTP. */
export default function Entrar() {
  const [params] = useSearchParams()
  const navigate = useNavigate()
  const [step, setStep] = useState<'senha' | 'codigo'>('senha')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

  const done = () => navigate(safeReturn(params.get('volta')), { replace: true })

  async function submitPassword(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setBusy(true)
    setError(null)
    const result = await adminCall('entrar', { email: String(form.get('email') ?? ''), senha: String(form.get('senha') ?? '') })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    if (result.data.etapa === 'totp') setStep('codigo')
    else done()
  }

  async function submitCode(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setBusy(true)
    setError(null)
    const result = await adminCall('entrarCodigo', { codigo: String(form.get('codigo') ?? '') })
    setBusy(false)
    if (!result.ok) {
      // The code step expired (5 minutes): back to the password.
      if (result.status === 401) setStep('senha')
      return setError(result.msg)
    }
    done()
  }

  return (
    <AuthCard title={step === 'senha' ? 'Entrar no painel' : 'Verificação em duas etapas'} subtitle={step === 'senha' ? 'Acesso da equipe da loja.' : 'Digite o código de 6 números do seu aplicativo autenticador.'}>
      <ErrorNote>{error}</ErrorNote>
      {step === 'senha' ? (
        <form onSubmit={submitPassword} className="flex flex-col gap-4" noValidate>
          <Field id="email" label="E-mail" name="email" type="email" autoComplete="username" required autoFocus />
          <Field id="senha" label="Senha" name="senha" type="password" autoComplete="current-password" required />
          <button type="submit" className="adm-btn w-full" disabled={busy}>
            {busy ? 'Entrando…' : 'Entrar'}
          </button>
        </form>
      ) : (
        <form onSubmit={submitCode} className="flex flex-col gap-4" noValidate>
          <Field id="codigo" label="Código" name="codigo" inputMode="numeric" autoComplete="one-time-code" pattern="[0-9]{6}" maxLength={6} required autoFocus />
          <button type="submit" className="adm-btn w-full" disabled={busy}>
            {busy ? 'Verificando…' : 'Verificar'}
          </button>
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => (setStep('senha'), setError(null))}>
            Voltar
          </button>
        </form>
      )}
    </AuthCard>
  )
}
