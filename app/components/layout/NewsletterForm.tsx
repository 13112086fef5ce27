import { useEffect, useRef, useState } from 'react'
import { toast } from '~/lib/toast'
import { call } from '~/lib/api'

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/
const FIELD_ID = 'newsletter-email'

/** The server's field, still on the page while this code first renders (the footer loads it when near the screen, decision 0064). */
const serverField = () => (typeof document === 'undefined' ? null : (document.getElementById(FIELD_ID) as HTMLInputElement | null))

/** Footer newsletter: validates the e-mail, subscribes it once (the newsletter call). */
export function NewsletterForm() {
  // What the shopper typed, and where the focus was, before this code arrived carry over to its field.
  const [email, setEmail] = useState(() => serverField()?.value ?? '')
  const hadFocus = useRef(typeof document !== 'undefined' && document.activeElement?.id === FIELD_ID)
  const field = useRef<HTMLInputElement>(null)
  useEffect(() => {
    if (hadFocus.current) field.current?.focus()
  }, [])
  const [sending, setSending] = useState(false)
  const [error, setError] = useState('')
  return (
    <form
      noValidate
      className="w-full max-w-md"
      onSubmit={async (event) => {
        event.preventDefault()
        const value = email.trim()
        if (!value) return setError('Informe seu e-mail.')
        if (!EMAIL.test(value)) return setError('Formato de email inválido!')
        setError('')
        setSending(true)
        const r = await call('newsletter', { email: value })
        setSending(false)
        if (r.ok) {
          toast.success(r.data.msg)
          setEmail('')
        } else {
          toast.error(r.msg)
        }
      }}
    >
      <label htmlFor="newsletter-email" className="mb-2 block text-sm text-brand-100">
        Receba ofertas e lançamentos no seu e-mail
      </label>
      <div className="flex gap-2">
        <input
          ref={field}
          id={FIELD_ID}
          type="email"
          inputMode="email"
          autoComplete="email"
          placeholder="seu@email.com.br"
          value={email}
          onChange={(e) => {
            setEmail(e.target.value)
            setError('')
          }}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'newsletter-erro' : undefined}
          className="h-11 min-w-0 flex-1 rounded-lg border border-white/20 bg-white px-4 text-ink-900 outline-none focus:ring-4 focus:ring-accent-400/50"
        />
        <button
          type="submit"
          disabled={sending}
          className="h-11 rounded-lg bg-accent-500 px-5 font-semibold text-white hover:bg-accent-600 disabled:opacity-60"
        >
          {sending ? 'Enviando...' : 'Inscrever-se'}
        </button>
      </div>
      {error ? (
        <p id="newsletter-erro" role="alert" className="mt-2 text-sm font-medium text-accent-400">
          {error}
        </p>
      ) : null}
      <p className="mt-2 text-xs text-brand-200">Ao se inscrever você concorda em receber e-mails de marketing. Cancele quando quiser.</p>
    </form>
  )
}
