import { useState } from 'react'
import { Link } from 'react-router'
import { ACCOUNT_MESSAGES, novaSenhaRequestSchema } from '../../contract/account'
import { isResetLinkLive } from '../../server/domain/account/recovery'
import { privateAnswer } from '../../server/http/cache-headers'
import { AuthCard, StatusCard } from '~/components/account/AuthCard'
import { Field, FormMessage } from '~/components/account/Field'
import { fieldErrors } from '~/components/account/form'
import { call } from '~/lib/api'
import type { Route } from './+types/nova-senha'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Nova senha | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** Whether the e-mailed link can still be used (it is used only when the form is sent). */
export async function loader({ context, params }: Route.LoaderArgs) {
  return { live: await isResetLinkLive(context, params.token) }
}

/** /cliente/nova-senha/{token} (issue 11): a new password, then Minha Conta (every other session ended). */
export default function NovaSenha({ loaderData, params }: Route.ComponentProps) {
  const [values, setValues] = useState({ senha: '', confirmacao: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [failure, setFailure] = useState('')
  const [sending, setSending] = useState(false)
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
      <form
        noValidate
        className="space-y-4"
        onSubmit={async (event) => {
          event.preventDefault()
          const input = { token: params.token, ...values }
          const found = fieldErrors(novaSenhaRequestSchema, input)
          setErrors(found)
          setFailure('')
          if (Object.keys(found).length) return
          setSending(true)
          const r = await call('novaSenha', input)
          if (r.ok) return window.location.assign('/cliente/conta/')
          setSending(false)
          setFailure(r.msg)
        }}
      >
        <Field
          id="senha"
          label="Nova senha"
          type="password"
          autoComplete="new-password"
          hint="Pelo menos 8 caracteres, com letras e números."
          value={values.senha}
          error={errors.senha}
          onChange={(e) => setValues({ ...values, senha: e.target.value })}
        />
        <Field
          id="confirmacao"
          label="Confirmar nova senha"
          type="password"
          autoComplete="new-password"
          value={values.confirmacao}
          error={errors.confirmacao}
          onChange={(e) => setValues({ ...values, confirmacao: e.target.value })}
        />
        {failure ? <FormMessage tone="error">{failure}</FormMessage> : null}
        <button type="submit" className="btn-primary w-full" disabled={sending}>
          {sending ? 'Salvando...' : 'Salvar nova senha'}
        </button>
      </form>
    </AuthCard>
  )
}
