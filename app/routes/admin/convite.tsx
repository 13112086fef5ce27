import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { ADMIN_HOME } from '~/lib/admin'
import { adminCall } from '~/lib/admin-api'
import { AuthCard } from '~/components/admin/AuthCard'
import { ErrorNote, Field } from '~/components/admin/Field'
import { findInvitation } from '../../../server/domain/staff/invitations'
import { ROLE_LABELS } from '../../../server/domain/staff/permissions'
import type { Route } from './+types/convite'

export const meta: Route.MetaFunction = () => [{ title: 'Convite para a equipe | Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** The invitation behind the link, while it is unused and within its 48 hours. */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { convite: await findInvitation(context, params.token) }
}

/** /admin/convite/{token}: the invited person sets their name and password and is let in. */
export default function Convite({ loaderData, params }: Route.ComponentProps) {
  const { convite } = loaderData
  const navigate = useNavigate()
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)

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

  async function submit(e: FormEvent<HTMLFormElement>) {
    e.preventDefault()
    const form = new FormData(e.currentTarget)
    setBusy(true)
    setError(null)
    const result = await adminCall('aceitarConvite', {
      token: params.token,
      nome: String(form.get('nome') ?? ''),
      senha: String(form.get('senha') ?? ''),
      confirmacao: String(form.get('confirmacao') ?? ''),
    })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    navigate(ADMIN_HOME, { replace: true })
  }

  return (
    <AuthCard title="Bem-vindo(a) à equipe" subtitle={`${convite.email} · perfil ${ROLE_LABELS[convite.role]}`}>
      <ErrorNote>{error}</ErrorNote>
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <Field id="nome" label="Seu nome" name="nome" defaultValue={convite.nome} autoComplete="name" required />
        <Field id="senha" label="Crie uma senha" name="senha" type="password" autoComplete="new-password" required hint="Pelo menos 8 caracteres, com letras e números." />
        <Field id="confirmacao" label="Repita a senha" name="confirmacao" type="password" autoComplete="new-password" required />
        <button type="submit" className="adm-btn w-full" disabled={busy}>
          {busy ? 'Salvando…' : 'Criar acesso'}
        </button>
      </form>
    </AuthCard>
  )
}
