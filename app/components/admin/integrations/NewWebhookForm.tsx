import { Field } from '../Field'
import type { Choice } from './ChoiceList'
import { SecretForm } from './SecretForm'

/**
 * "Novo webhook": an https URL on a public address and the events it wants; once registered, its
 * signing secret (whsec_…) is shown here once, to set in the receiver.
 */
export function NewWebhookForm({ events }: { events: Choice[] }) {
  return (
    <SecretForm
      id="webhook"
      title="Novo webhook"
      intent="cadastrar_webhook"
      secret="segredo"
      fields={
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
      }
      choices={{ name: 'eventos', legend: 'Eventos', options: events, missingText: 'Escolha ao menos um evento.' }}
      payload={(form, eventos) => ({ url: String(form.get('url') ?? ''), eventos })}
      submitLabel="Cadastrar webhook"
      secretLabel="Copie o segredo agora: ele não será mostrado de novo."
      testId="segredo-novo"
    />
  )
}
