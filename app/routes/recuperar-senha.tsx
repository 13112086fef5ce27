import { Link } from 'react-router'
import { recuperarRequestSchema } from '../../contract/account'
import { privateAnswer } from '../../server/http/cache-headers'
import { AuthCard } from '~/components/account/AuthCard'
import { Field, Note } from '~/components/account/Field'
import { useSchemaForm } from '~/components/account/form'
import { call } from '~/lib/api'
import type { Route } from './+types/recuperar-senha'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Recuperar senha | Vitrine' }, { name: 'robots', content: 'noindex' }]

/** /cliente/recuperar-senha/ (docs/requirements.md, "Recovery"): the link goes by e-mail; the answer is the same for any address. */
export default function RecuperarSenha() {
  const form = useSchemaForm(recuperarRequestSchema, { email: '' }, async (values) => {
    const r = await call('recuperar', values)
    return r.ok ? { tone: 'success', msg: r.data.msg } : { tone: 'error', msg: r.msg }
  })
  return (
    <AuthCard title="Recuperar senha" subtitle="Enviaremos um link para você criar uma nova senha.">
      <form noValidate className="space-y-4" onSubmit={form.onSubmit}>
        <Field id="email" label="E-mail da conta" type="email" inputMode="email" autoComplete="email" {...form.field('email')} />
        <Note note={form.note} />
        <button type="submit" className="btn-primary w-full" disabled={form.sending}>
          {form.sending ? 'Enviando...' : 'Enviar link'}
        </button>
      </form>
      <p className="mt-6 border-t border-ink-100 pt-4 text-center text-sm text-ink-500">
        Lembrou a senha?{' '}
        <Link to="/cliente/login/" className="font-semibold text-brand-700 hover:underline">
          Entrar
        </Link>
      </p>
    </AuthCard>
  )
}
