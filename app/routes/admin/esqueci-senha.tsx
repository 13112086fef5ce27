import { esqueciIntentSchema } from '../../../contract/admin/staff'
import { requestStaffReset } from '../../../server/domain/staff/password-reset'
import { AuthCard } from '~/components/admin/AuthCard'
import { ErrorNote, Field } from '~/components/admin/Field'
import { useStaffAction } from '~/lib/admin-action'
import { answer, readIntent } from '~/lib/admin.server'
import { siteOrigin } from '~/lib/seo'
import { loginPlace } from '~/lib/staff-login.server'
import type { Route } from './+types/esqueci-senha'

export const meta: Route.MetaFunction = () => [{ title: 'Esqueci minha senha | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Asking for the link: the same sentence whether or not the e-mail is on the staff. */
export async function action({ context, request }: Route.ActionArgs) {
  const { email } = await readIntent(request, esqueciIntentSchema)
  const { ip } = loginPlace(context, request)
  return answer(await requestStaffReset(context, email, { ip, origin: siteOrigin(context) }))
}

/** /admin/esqueci-senha: the staff member's e-mail, for a link to set a new password. */
export default function EsqueciSenha() {
  const ask = useStaffAction({ toastRefusal: false })
  const sent = ask.answer?.ok ? ask.answer.msg : null

  return (
    <AuthCard title="Esqueci minha senha" subtitle="O e-mail do seu acesso ao painel.">
      {sent ? (
        <p role="status" className="text-sm text-ink-700">
          {sent}
        </p>
      ) : (
        <form
          onSubmit={(e) => {
            e.preventDefault()
            ask.submit('pedir', Object.fromEntries(new FormData(e.currentTarget)))
          }}
          className="flex flex-col gap-4"
          noValidate
        >
          <ErrorNote>{ask.answer && !ask.answer.ok ? ask.answer.msg : null}</ErrorNote>
          <Field id="email" label="E-mail" name="email" type="email" autoComplete="username" required autoFocus />
          <button type="submit" className="adm-btn w-full" disabled={ask.busy}>
            {ask.busy ? 'Enviando…' : 'Enviar link'}
          </button>
        </form>
      )}
      <a href="/admin/entrar" className="mt-5 block text-center text-sm text-brand-700 underline">
        Voltar para o login
      </a>
    </AuthCard>
  )
}
