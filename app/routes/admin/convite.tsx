import { useState, type FormEvent } from 'react'
import { useNavigate } from 'react-router'
import { ADMIN_HOME } from '~/lib/admin'
import { adminCall } from '~/lib/admin-api'
import { AuthCard } from '~/components/admin/AuthCard'
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
      {error ? (
        <p role="alert" className="mb-4 rounded-lg bg-danger-600/10 px-3 py-2 text-sm text-danger-600">
          {error}
        </p>
      ) : null}
      <form onSubmit={submit} className="flex flex-col gap-4" noValidate>
        <div>
          <label htmlFor="nome" className="adm-label">
            Seu nome
          </label>
          <input id="nome" name="nome" defaultValue={convite.nome} autoComplete="name" required className="adm-input" />
        </div>
        <div>
          <label htmlFor="senha" className="adm-label">
            Crie uma senha
          </label>
          <input id="senha" name="senha" type="password" autoComplete="new-password" required className="adm-input" />
          <p className="mt-1 text-xs text-ink-500">Pelo menos 8 caracteres, com letras e números.</p>
        </div>
        <div>
          <label htmlFor="confirmacao" className="adm-label">
            Repita a senha
          </label>
          <input id="confirmacao" name="confirmacao" type="password" autoComplete="new-password" required className="adm-input" />
        </div>
        <button type="submit" className="adm-btn w-full" disabled={busy}>
          {busy ? 'Salvando…' : 'Criar acesso'}
        </button>
      </form>
    </AuthCard>
  )
}
