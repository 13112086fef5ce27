import { useState } from 'react'
import { contaSenhaRequestSchema } from '../../../contract/account'
import { call } from '~/lib/api'
import { Field, FormMessage } from './Field'
import { fieldErrors } from './form'
import { Section } from './Section'

const EMPTY = { atual: '', senha: '', confirmacao: '' }

/** Password change: the current password required; the account's other sessions end. */
export function PasswordSection() {
  const [values, setValues] = useState(EMPTY)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<{ tone: 'error' | 'success'; msg: string } | null>(null)
  const [sending, setSending] = useState(false)
  const field = (name: keyof typeof EMPTY, label: string, autoComplete: string) => (
    <Field
      id={`senha-${name}`}
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      error={errors[name]}
      onChange={(e) => setValues({ ...values, [name]: e.target.value })}
    />
  )
  return (
    <Section id="alterar-senha" title="Alterar senha">
      <form
        noValidate
        className="grid gap-4 sm:grid-cols-3"
        onSubmit={async (event) => {
          event.preventDefault()
          const found = fieldErrors(contaSenhaRequestSchema, values)
          setErrors(found)
          setMessage(null)
          if (Object.keys(found).length) return
          setSending(true)
          const r = await call('contaSenha', values)
          setSending(false)
          if (!r.ok) return setMessage({ tone: 'error', msg: r.msg })
          setValues(EMPTY)
          setMessage({ tone: 'success', msg: 'Senha alterada. As outras sessões da sua conta foram encerradas.' })
        }}
      >
        {field('atual', 'Senha atual', 'current-password')}
        {field('senha', 'Nova senha', 'new-password')}
        {field('confirmacao', 'Confirmar nova senha', 'new-password')}
        {message ? (
          <div className="sm:col-span-3">
            <FormMessage tone={message.tone}>{message.msg}</FormMessage>
          </div>
        ) : null}
        <div className="sm:col-span-3">
          <button type="submit" className="btn-primary" disabled={sending}>
            {sending ? 'Salvando...' : 'Alterar senha'}
          </button>
        </div>
      </form>
    </Section>
  )
}
