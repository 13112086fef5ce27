import type { InvoiceView } from '../../../server/domain/fiscal/view'

/**
 * "Nota fiscal" on the customer's order page (docs/decisions/0129-nfe.md): number and series, the key
 * in groups of four, and the DANFE and the XML, served to the order's owner only.
 */
export function OrderInvoice({ codigo, nota }: { codigo: string; nota: InvoiceView }) {
  const base = `/compras/pedido/${codigo}/nota-fiscal`
  return (
    <section className="rounded-card bg-white p-5 text-sm shadow-card ring-1 ring-ink-100" aria-labelledby="nfe-do-pedido">
      <h2 id="nfe-do-pedido" className="text-lg font-bold text-ink-900">
        Nota fiscal
      </h2>
      <p className="mt-1">
        NF-e nº {nota.numero}, série {nota.serie}
        {nota.status === 'cancelada' ? ' — cancelada' : ''}
      </p>
      <p className="mt-1 text-ink-700">Chave de acesso</p>
      <p className="font-mono text-xs break-words">{nota.chave}</p>
      {nota.status === 'autorizada' && (nota.danfe || nota.xml) ? (
        <p className="mt-2 flex gap-4">
          {nota.danfe ? (
            <a href={`${base}/danfe`} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
              Ver DANFE
            </a>
          ) : null}
          {nota.xml ? (
            <a href={`${base}/xml`} className="font-semibold text-brand-700 underline">
              Baixar XML
            </a>
          ) : null}
        </p>
      ) : null}
    </section>
  )
}
