import { useEffect, useState } from 'react'
import { data, redirect, replace, useSearchParams } from 'react-router'
import { entrarIntentSchema } from '../../../contract/admin/staff'
import { STAFF } from '../../../contract/messages/staff'
import { isRefusal, type Refusal } from '../../../server/domain/refusal'
import { loginEnrolConfirm, loginEnrolStart, staffLogin, staffLoginCode, staffLogout, type LoginResult } from '../../../server/domain/staff/login'
import { secretBox } from '../../../server/lib/secret-box'
import { AuthCard } from '~/components/admin/AuthCard'
import { ErrorNote, Field } from '~/components/admin/Field'
import { LoginEnrolment } from '~/components/admin/staff/LoginEnrolment'
import { safeReturn } from '~/lib/admin'
import { useStaffAction } from '~/lib/admin-action'
import { answer, currentStaff, readIntent, refused } from '~/lib/admin.server'
import { cookieHeaders, cookieSession, loginPlace } from '~/lib/staff-login.server'
import type { Route } from './+types/entrar'

export const meta: Route.MetaFunction = () => [{ title: 'Entrar no painel | Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Someone already in goes straight on. */
export async function loader({ context, request }: Route.LoaderArgs) {
  if (await currentStaff(context, request)) throw redirect(safeReturn(new URL(request.url).searchParams.get('volta')))
  return null
}

/**
 * The password step, the code step (when the account has TOTP), the enrolment step (live mode,
 * no TOTP yet: docs/decisions/0124-staff-accounts.md) and Sair (every page's layout posts it here).
 * Each step's session goes into the staff cookie on the answer; once in, the page goes on to
 * `volta` (inside /admin only).
 */
export async function action({ context, request }: Route.ActionArgs) {
  const input = await readIntent(request, entrarIntentSchema)
  const session = await cookieSession(context, request)
  const entered = (result: LoginResult | Refusal, volta?: string) => {
    if (isRefusal(result)) return refused(result)
    const headers = cookieHeaders(context, request, result.token)
    if (result.stage !== 'active') return data({ ok: true as const, etapa: result.stage }, { headers })
    return replace(safeReturn(volta ?? null), { headers })
  }
  const box = secretBox(context.env)
  const place = loginPlace(context, request)
  switch (input.intent) {
    case 'entrar':
      return entered(await staffLogin(context.db, { email: input.email, senha: input.senha, previous: session }, place, context.env), input.volta)
    case 'codigo':
      return entered(await staffLoginCode(context.db, box, session, input.codigo, place), input.volta)
    case 'totp-iniciar':
      return answer(await loginEnrolStart(context.db, box, session, `${context.store.nome} (painel)`, place.ip))
    case 'totp-ativar': {
      const done = await loginEnrolConfirm(context.db, box, session, input.codigo, place)
      if (isRefusal(done)) return refused(done)
      return data({ ok: true as const, codigos: done.codigos }, { headers: cookieHeaders(context, request, done.token) })
    }
    case 'sair':
      await staffLogout(context.db, session, context.clientIp ?? null)
      return replace('/admin/entrar', { headers: cookieHeaders(context, request, null) })
  }
}

/** /admin/entrar: e-mail and password, then the 6-digit code when the account has TOTP. */
export default function Entrar() {
  const [params] = useSearchParams()
  const volta = params.get('volta') ?? undefined
  const [step, setStep] = useState<'senha' | 'codigo' | 'cadastro'>('senha')
  const [dismissed, setDismissed] = useState<unknown>(null)
  const login = useStaffAction<{ ok: true; etapa?: 'totp' | 'enrol' } | { ok: false; code: string; msg: string }>({
    key: 'entrar',
    toastRefusal: false,
    onDone: (answer) => answer.etapa && setStep(answer.etapa === 'totp' ? 'codigo' : 'cadastro'),
  })
  const answer = login.answer
  useEffect(() => {
    // The code step expired (5 minutes): back to the password, with the reason.
    if (answer && !answer.ok && answer.code === STAFF.codeStepExpired.code) setStep('senha')
  }, [answer])
  const error = answer && !answer.ok && answer !== dismissed ? answer.msg : null
  const fields = (form: HTMLFormElement) => Object.fromEntries(new FormData(form))

  if (step === 'cadastro') {
    return (
      <AuthCard title="Ative a verificação em duas etapas" subtitle="Obrigatória para a equipe desta loja." wide>
        <LoginEnrolment next={safeReturn(volta ?? null)} />
      </AuthCard>
    )
  }
  return (
    <AuthCard
      title={step === 'senha' ? 'Entrar no painel' : 'Verificação em duas etapas'}
      subtitle={step === 'senha' ? 'Acesso da equipe da loja.' : 'Digite o código de 6 números do aplicativo autenticador ou um código de recuperação.'}
    >
      <ErrorNote>{error}</ErrorNote>
      {step === 'senha' ? (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            login.submit('entrar', { ...fields(e.currentTarget), volta })
          }}
          className="flex flex-col gap-4"
          noValidate
        >
          <Field id="email" label="E-mail" name="email" type="email" autoComplete="username" required autoFocus />
          <Field id="senha" label="Senha" name="senha" type="password" autoComplete="current-password" required />
          <button type="submit" className="adm-btn w-full" disabled={login.busy}>
            {login.busy ? 'Entrando…' : 'Entrar'}
          </button>
          <a href="/admin/esqueci-senha" className="text-center text-sm text-brand-700 underline">
            Esqueci minha senha
          </a>
        </form>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            login.submit('codigo', { ...fields(e.currentTarget), volta })
          }}
          className="flex flex-col gap-4"
          noValidate
        >
          <Field id="codigo" label="Código" name="codigo" autoComplete="one-time-code" maxLength={11} required autoFocus />
          <button type="submit" className="adm-btn w-full" disabled={login.busy}>
            {login.busy ? 'Verificando…' : 'Verificar'}
          </button>
          <button type="button" className="text-sm text-brand-700 underline" onClick={() => (setStep('senha'), setDismissed(answer))}>
            Voltar
          </button>
        </form>
      )}
    </AuthCard>
  )
}
