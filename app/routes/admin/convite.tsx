import { data, replace } from 'react-router'
import { conviteIntentSchema } from '../../../contract/admin/staff'
import { acceptInvitation, findInvitation } from '../../../server/domain/staff/invitations'
import { ROLE_LABELS } from '../../../server/domain/staff/permissions'
import { isRefusal } from '../../../server/domain/refusal'
import { AuthCard } from '~/components/admin/AuthCard'
import { ErrorNote, Field } from '~/components/admin/Field'
import { LoginEnrolment } from '~/components/admin/staff/LoginEnrolment'
import { NewPasswordFields } from '~/components/admin/staff/NewPasswordFields'
import { ADMIN_HOME } from '~/lib/admin'
import { useStaffAction } from '~/lib/admin-action'
import { readIntent, refused } from '~/lib/admin.server'
import { cookieHeaders, loginPlace } from '~/lib/staff-login.server'
import type { Route } from './+types/convite'

export const meta: Route.MetaFunction = () => [{ title: 'Convite para a equipe | Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** The invitation behind the link, while it is unused and within its 48 hours. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { convite: await findInvitation(context, params.token) }
}

/**
 * Accepting: the person is created with the invited role (the staff cookie on the answer) and let
 * in — in live mode after enrolling TOTP, whose steps the login page's action answers.
 */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { nome, senha } = await readIntent(request, conviteIntentSchema)
  const result = await acceptInvitation(context, { token: params.token, nome, senha }, loginPlace(context, request))
  if (isRefusal(result)) return refused(result)
  const headers = cookieHeaders(context, request, result.token)
  if (result.stage === 'enrol') return data({ ok: true as const, etapa: 'enrol' as const }, { headers })
  return replace(ADMIN_HOME, { headers })
}

/** /admin/convite/{token}: the invited person sets their name and password and is let in. */
export default function Convite({ loaderData }: Route.ComponentProps) {
  const { convite } = loaderData
  const accept = useStaffAction<{ ok: true; etapa?: 'enrol' } | { ok: false; code: string; msg: string }>({ toastRefusal: false })

  // Accepted in live mode: the link is spent now, and the enrolment comes next.
  if (accept.answer?.ok && accept.answer.etapa === 'enrol') {
    return (
      <AuthCard title="Ative a verificação em duas etapas" subtitle="Obrigatória para a equipe desta loja." wide>
        <LoginEnrolment next={ADMIN_HOME} action="/admin/entrar" />
      </AuthCard>
    )
  }
  if (!convite) {
    return (
      <AuthCard title="Convite indisponível">
        <p className="text-sm text-ink-700">Este convite expirou ou já foi usado. Peça um novo convite ao dono da loja.</p>
        <a href="/admin/entrar" className="adm-btn mt-5 w-full">
          Ir para o login
        </a>
      </AuthCard>
    )
  }

  return (
    <AuthCard title="Bem-vindo(a) à equipe" subtitle={`${convite.email} · perfil ${ROLE_LABELS[convite.role]}`}>
      <ErrorNote>{accept.answer && !accept.answer.ok ? accept.answer.msg : null}</ErrorNote>
      <form
        onSubmit={(e) => {
          e.preventDefault()
          accept.submit('aceitar', Object.fromEntries(new FormData(e.currentTarget)))
        }}
        className="flex flex-col gap-4"
        noValidate
      >
        <Field id="nome" label="Seu nome" name="nome" defaultValue={convite.nome} autoComplete="name" required />
        <NewPasswordFields label="Crie uma senha" />
        <button type="submit" className="adm-btn w-full" disabled={accept.busy}>
          {accept.busy ? 'Salvando…' : 'Criar acesso'}
        </button>
      </form>
    </AuthCard>
  )
}
