import { useState } from 'react'
import { useStaffAction } from '~/lib/admin-action'
import { Field } from '../Field'
import { SecretOnce } from './SecretOnce'

export type EventChoice = { value: string; label: string }

/**
 * "Novo webhook": an https URL on a public address and the events it wants; once registered, its
 * signing secret (whsec_…) is shown here once, to set in the receiver.
 */
export function NewWebhookForm({ events }: { events: EventChoice[] }) {
  const [shown, setShown] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const cadastrar = useStaffAction<{ ok: true; segredo: string; msg?: string } | { ok: false; code: string; msg: string }>({
    key: 'cadastrar_webhook',
    onDone: (a) => setShown(a.segredo),
  })
  return (
    <section className="adm-card mt-6 grid gap-4 p-5" aria-labelledby="novo-webhook-titulo">
      <h2 id="novo-webhook-titulo" className="text-base font-semibold text-ink-900">
        Novo webhook
      </h2>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          const form = new FormData(e.currentTarget)
          const eventos = form.getAll('eventos').map(String)
          setShown(null)
          setMissing(eventos.length === 0)
          if (eventos.length) cadastrar.submit('cadastrar_webhook', { url: String(form.get('url') ?? ''), eventos })
        }}
      >
        <Field
          id="webhook-url"
          name="url"
          type="url"
          label="URL"
          required
          maxLength={2000}
          placeholder="https://erp.exemplo.com.br/webhooks/vitrine"
          hint="Só https, num endereço público. As mensagens seguem o Standard Webhooks (assinatura em webhook-signature)."
        />
        <fieldset aria-describedby={missing ? 'webhook-eventos-erro' : undefined}>
          <legend className="adm-label">Eventos</legend>
          {missing ? (
            <p id="webhook-eventos-erro" role="alert" className="mb-2 text-xs text-danger-600">
              Escolha ao menos um evento.
            </p>
          ) : null}
          <div className="grid gap-2 sm:grid-cols-2">
            {events.map((ev) => (
              <label key={ev.value} className="flex items-start gap-2 text-sm">
                <input type="checkbox" name="eventos" value={ev.value} className="mt-1" />
                <span>
                  <code className="text-xs">{ev.value}</code> — {ev.label}
                </span>
              </label>
            ))}
          </div>
        </fieldset>
        <div>
          <button type="submit" className="adm-btn" disabled={cadastrar.busy}>
            Cadastrar webhook
          </button>
        </div>
      </form>
      {shown ? <SecretOnce value={shown} label="Copie o segredo agora: ele não será mostrado de novo." testId="segredo-novo" /> : null}
    </section>
  )
}
