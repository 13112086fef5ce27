import { useState } from 'react'
import { useStaffAction } from '~/lib/admin-action'
import { Field } from '../Field'
import { SecretOnce } from './SecretOnce'
import { ChoiceList, type Choice } from './ChoiceList'

/**
 * "Novo webhook": an https URL on a public address and the events it wants; once registered, its
 * signing secret (whsec_…) is shown here once, to set in the receiver.
 */
export function NewWebhookForm({ events }: { events: Choice[] }) {
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
        <ChoiceList id="webhook-eventos" legend="Eventos" name="eventos" options={events} missing={missing} missingText="Escolha ao menos um evento." />
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
