import { Link } from 'react-router'
import { ACCOUNT_MESSAGES } from '../../contract/messages/account'
import { novaSenhaRequestSchema } from '../../contract/account'
import { isResetLinkLive } from '../../server/domain/account/recovery'
import { privateAnswer } from '../../server/http/cache-headers'
import { AuthCard, StatusCard } from '~/components/account/AuthCard'
import { Field, Note } from '~/components/account/Field'
import { useSchemaForm } from '~/components/account/form'
import { call } from '~/lib/api'
import type { Route } from './+types/nova-senha'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Nova senha | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** Whether the e-mailed link can still be used (it is used only when the form is sent). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { live: await isResetLinkLive(context, params.token) }
}

/** /cliente/nova-senha/{token}: a new password, then Minha Conta (every other session ended). */
export default function NovaSenha({ loaderData, params }: Route.ComponentProps) {
  const form = useSchemaForm(novaSenhaRequestSchema, { token: params.token, senha: '', confirmacao: '' }, async (values) => {
    const r = await call('novaSenha', values)
    if (!r.ok) return { tone: 'error', msg: r.msg }
    window.location.assign('/cliente/conta/')
    return 'leaving'
  })
  if (!loaderData.live) {
    return (
      <StatusCard title="Link inválido" tone="danger">
        <p>{ACCOUNT_MESSAGES.linkInvalido}</p>
        <Link to="/cliente/recuperar-senha/" className="btn-primary mt-6">
          Pedir um novo link
        </Link>
      </StatusCard>
    )
  }
  return (
    <AuthCard title="Criar nova senha" subtitle="Depois disso você já entra na sua conta.">
      <form noValidate className="space-y-4" onSubmit={form.onSubmit}>
        {(
          [
            ['senha', 'Nova senha', 'Pelo menos 8 caracteres, com letras e números.'],
            ['confirmacao', 'Confirmar nova senha', undefined],
          ] as const
        ).map(([name, label, hint]) => (
          <Field key={name} id={name} label={label} type="password" autoComplete="new-password" hint={hint} {...form.field(name)} />
        ))}
        <Note note={form.note} />
        <button type="submit" className="btn-primary w-full" disabled={form.sending}>
          {form.sending ? 'Salvando...' : 'Salvar nova senha'}
        </button>
      </form>
    </AuthCard>
  )
}
