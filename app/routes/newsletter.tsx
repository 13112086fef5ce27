import { useState } from 'react'
import { data } from 'react-router'
import { privateAnswer } from '../../server/http/cache-headers'
import { StatusCard } from '~/components/account/AuthCard'
import { call } from '~/lib/api'
import type { Route } from './+types/newsletter'

export const headers: Route.HeadersFunction = () => privateAnswer()

export const meta: Route.MetaFunction = () => [{ title: 'Newsletter | Vitrine' }, { name: 'robots', content: 'noindex' }]

const PAGES = {
  confirmar: {
    title: 'Confirme sua inscrição',
    text: 'Falta um clique para receber nossas ofertas por e-mail.',
    button: 'Confirmar inscrição',
    call: 'newsletterConfirmar',
  },
  sair: { title: 'Cancelar a inscrição', text: 'Você deixa de receber nossas ofertas por e-mail.', button: 'Cancelar inscrição', call: 'newsletterSair' },
} as const

/** Only the two links of the newsletter's e-mails; anything else is the 404. */
export function loader({ params }: Route.LoaderArgs) {
  const acao = params.acao
  if (acao !== 'confirmar' && acao !== 'sair') throw data(null, { status: 404 })
  return { acao: acao as keyof typeof PAGES }
}

/**
 * /newsletter/confirmar/{token} and /newsletter/sair/{token}, the links of the newsletter's
 * e-mails: a button does it (a mail program that opens links by itself confirms and cancels nothing).
 */
export default function Newsletter({ loaderData, params }: Route.ComponentProps) {
  const page = PAGES[loaderData.acao]
  const [answer, setAnswer] = useState<{ ok: boolean; msg: string } | null>(null)
  const [sending, setSending] = useState(false)
  if (answer) {
    return (
      <StatusCard title={answer.ok ? 'Pronto' : 'Link inválido'} tone={answer.ok ? 'info' : 'danger'}>
        <p>{answer.msg}</p>
        <a href="/" className="btn-primary mt-6">
          Voltar para a loja
        </a>
      </StatusCard>
    )
  }
  return (
    <StatusCard title={page.title}>
      <p>{page.text}</p>
      <button
        type="button"
        className="btn-primary mt-6"
        disabled={sending}
        onClick={async () => {
          setSending(true)
          const r = await call(page.call, { token: params.token })
          setSending(false)
          setAnswer(r.ok ? { ok: true, msg: r.data.msg } : { ok: false, msg: r.msg })
        }}
      >
        {sending ? 'Enviando...' : page.button}
      </button>
    </StatusCard>
  )
}
