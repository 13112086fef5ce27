import { novaSenhaIntentSchema } from '../../../contract/admin/staff'
import { STAFF_DONE } from '../../../contract/messages/staff'
import { findStaffReset, resetStaffPassword } from '../../../server/domain/staff/password-reset'
import { AuthCard } from '~/components/admin/AuthCard'
import { ErrorNote } from '~/components/admin/Field'
import { NewPasswordFields } from '~/components/admin/staff/NewPasswordFields'
import { useStaffAction } from '~/lib/admin-action'
import { answer, readIntent } from '~/lib/admin.server'
import { loginPlace } from '~/lib/staff-login.server'
import type { Route } from './+types/nova-senha'

export const meta: Route.MetaFunction = () => [{ title: 'Nova senha | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Whether the link can still be used (the page shows its form or says it expired). */
export async function loader({ context, params }: Route.LoaderArgs) {
  const person = await findStaffReset(context, params.token)
  return { email: person?.email ?? null }
}

/** The new password: set, every session of the person ended; they log in with it next. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { senha } = await readIntent(request, novaSenhaIntentSchema)
  return answer(await resetStaffPassword(context, { token: params.token, senha }, loginPlace(context, request).ip), STAFF_DONE.passwordReset)
}

/** /admin/nova-senha/{token}: the link of "Esqueci minha senha". */
export default function NovaSenha({ loaderData }: Route.ComponentProps) {
  const reset = useStaffAction({ toastRefusal: false })
  const done = reset.answer?.ok ? reset.answer.msg : null

  if (!loaderData.email && !done) {
    return (
      <AuthCard title="Link indisponível">
        <p className="text-sm text-ink-700">Este link expirou ou já foi usado. Peça um novo em "Esqueci minha senha".</p>
        <a href="/admin/esqueci-senha" className="adm-btn mt-5 w-full">
          Pedir um novo link
        </a>
      </AuthCard>
    )
  }
  if (done) {
    return (
      <AuthCard title="Senha redefinida">
        <p role="status" className="text-sm text-ink-700">
          {done}
        </p>
        <a href="/admin/entrar" className="adm-btn mt-5 w-full">
          Ir para o login
        </a>
      </AuthCard>
    )
  }
  return (
    <AuthCard title="Crie uma nova senha" subtitle={loaderData.email ?? undefined}>
      <ErrorNote>{reset.answer && !reset.answer.ok ? reset.answer.msg : null}</ErrorNote>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          reset.submit('redefinir', Object.fromEntries(new FormData(e.currentTarget)))
        }}
        className="flex flex-col gap-4"
        noValidate
      >
        <NewPasswordFields label="Nova senha" autoFocus />
        <button type="submit" className="adm-btn w-full" disabled={reset.busy}>
          {reset.busy ? 'Salvando…' : 'Salvar nova senha'}
        </button>
      </form>
    </AuthCard>
  )
}
