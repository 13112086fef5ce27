import { Field } from '../Field'
import type { Choice } from './ChoiceList'
import { SecretForm } from './SecretForm'

/**
 * "Nova chave": a name and its scopes; once made, the key is shown here once, to copy into the ERP
 * (the store keeps only its hash).
 */
export function NewKeyForm({ scopes }: { scopes: Choice[] }) {
  return (
    <SecretForm
      id="chave"
      title="Nova chave de API"
      intent="criar"
      secret="chave"
      fields={
        <Field id="chave-nome" name="nome" label="Nome" required maxLength={80} placeholder="ERP Bling" hint="Quem vai usar a chave: aparece na auditoria." />
      }
      choices={{ name: 'escopos', legend: 'Escopos', options: scopes, missingText: 'Escolha ao menos um escopo.' }}
      payload={(form, escopos) => ({ nome: String(form.get('nome') ?? ''), escopos })}
      submitLabel="Criar chave"
      secretLabel="Copie a chave agora: ela não será mostrada de novo."
      testId="chave-nova"
    />
  )
}
