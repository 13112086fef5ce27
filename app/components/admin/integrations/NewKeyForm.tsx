import { useState } from 'react'
import { useStaffAction } from '~/lib/admin-action'
import { Field } from '../Field'
import { SecretOnce } from './SecretOnce'
import { ChoiceList, type Choice } from './ChoiceList'

/**
 * "Nova chave": a name and its scopes; once made, the key is shown here once, to copy into the ERP
 * (the store keeps only its hash).
 */
export function NewKeyForm({ scopes }: { scopes: Choice[] }) {
  const [shown, setShown] = useState<string | null>(null)
  const [missing, setMissing] = useState(false)
  const criar = useStaffAction<{ ok: true; chave: string; msg?: string } | { ok: false; code: string; msg: string }>({
    key: 'criar',
    onDone: (a) => setShown(a.chave),
  })
  return (
    <section className="adm-card mt-6 grid gap-4 p-5" aria-labelledby="nova-chave-titulo">
      <h2 id="nova-chave-titulo" className="text-base font-semibold text-ink-900">
        Nova chave de API
      </h2>
      <form
        className="grid gap-4"
        onSubmit={(e) => {
          e.preventDefault()
          const form = new FormData(e.currentTarget)
          const escopos = form.getAll('escopos').map(String)
          setShown(null)
          setMissing(escopos.length === 0)
          if (escopos.length) criar.submit('criar', { nome: String(form.get('nome') ?? ''), escopos })
        }}
      >
        <Field id="chave-nome" name="nome" label="Nome" required maxLength={80} placeholder="ERP Bling" hint="Quem vai usar a chave: aparece na auditoria." />
        <ChoiceList id="chave-escopos" legend="Escopos" name="escopos" options={scopes} missing={missing} missingText="Escolha ao menos um escopo." />
        <div>
          <button type="submit" className="adm-btn" disabled={criar.busy}>
            Criar chave
          </button>
        </div>
      </form>
      {shown ? <SecretOnce value={shown} label="Copie a chave agora: ela não será mostrada de novo." testId="chave-nova" /> : null}
    </section>
  )
}
