import type { ChecklistItem } from '../../../../server/domain/live/checklist'

/**
 * "Antes de abrir a loja" on the Dono's Painel: what is still unsafe or missing for a store on the
 * internet, each point with its fix (server/domain/live/checklist.ts; README "Colocar a loja no ar").
 */
export function GoLiveChecklist({ items }: { items: ChecklistItem[] }) {
  const missing = items.filter((i) => !i.ok).length
  return (
    <section className="adm-card mb-6 p-5" aria-labelledby="abrir-titulo">
      <h2 id="abrir-titulo" className="font-bold text-ink-900">
        Antes de abrir a loja
      </h2>
      <p className="mt-1 text-sm text-ink-500">
        {missing
          ? `${missing} ${missing === 1 ? 'ponto ainda falta' : 'pontos ainda faltam'} para a loja ir ao ar com segurança.`
          : 'Tudo pronto para a loja no ar.'}
      </p>
      <ul className="mt-4 divide-y divide-ink-100">
        {items.map((item) => (
          <li key={item.chave} className="flex gap-3 py-3 text-sm">
            <span aria-hidden="true" className={`mt-0.5 font-bold ${item.ok ? 'text-pix-600' : 'text-warn-500'}`}>
              {item.ok ? '✓' : '!'}
            </span>
            <div>
              <p className="font-semibold text-ink-900">
                {item.titulo} <span className="sr-only">{item.ok ? '(pronto)' : '(falta)'}</span>
              </p>
              <p className="text-ink-700">{item.situacao}</p>
              {item.ok ? null : <p className="mt-0.5 text-ink-500">Como resolver: {item.correcao}</p>}
            </div>
          </li>
        ))}
      </ul>
    </section>
  )
}
