import { formatDateTime } from '~/components/admin/format'
import type { InvoiceView } from '../../../../server/domain/fiscal/view'
import { useStaffAction } from '~/lib/admin-action'

const TONE: Record<InvoiceView['status'], string> = {
  pendente: 'text-ink-700',
  processando: 'text-ink-700',
  autorizada: 'text-green-800',
  rejeitada: 'text-red-700',
  cancelada: 'text-ink-500',
}

/**
 * The order's NF-e (docs/decisions/0129-nfe.md): its status, number and series, the key in groups of
 * four, the DANFE and the XML, SEFAZ's message when rejected, and the button invoiceActions allows
 * ("Emitir NF-e", or "Corrigir e emitir de novo" after the product or the order was corrected).
 */
export function InvoiceCard({
  code,
  invoice,
  fiscal,
}: {
  code: string
  invoice: InvoiceView | null
  fiscal: { issue: 'emitir' | 'reemitir' | null; on: boolean }
}) {
  const issue = useStaffAction({ key: 'emitir_nota' })
  return (
    <section className="adm-card p-5 text-sm" aria-labelledby="nota-fiscal">
      <h2 id="nota-fiscal" className="mb-2 font-bold text-ink-900">
        Nota fiscal
      </h2>
      {!fiscal.on && !invoice ? <p className="text-ink-500">NF-e desligada nesta loja (FISCAL_PROVIDER=nenhum).</p> : null}
      {fiscal.on && !invoice ? <p className="text-ink-500">Sem nota fiscal.</p> : null}
      {invoice ? (
        <>
          <p className={`font-semibold ${TONE[invoice.status]}`}>{invoice.statusName}</p>
          {invoice.numero ? (
            <p>
              NF-e nº {invoice.numero}, série {invoice.serie}
              {invoice.autorizadaEm ? ` · ${formatDateTime(invoice.autorizadaEm)}` : ''}
            </p>
          ) : null}
          {invoice.chave ? (
            <p className="mt-1 font-mono text-xs break-words" aria-label="Chave de acesso">
              {invoice.chave}
            </p>
          ) : null}
          {invoice.protocolo ? <p className="text-xs text-ink-500">Protocolo {invoice.protocolo}</p> : null}
          {invoice.mensagem && invoice.status !== 'autorizada' ? (
            <p
              className={`mt-2 ${invoice.status === 'rejeitada' ? 'text-red-700' : 'text-ink-700'}`}
              role={invoice.status === 'rejeitada' ? 'alert' : undefined}
            >
              SEFAZ: {invoice.mensagem}
            </p>
          ) : null}
          {invoice.danfe || invoice.xml ? (
            <p className="mt-2 flex gap-3">
              {invoice.danfe ? (
                <a href={`/admin/pedidos/${code}/nota-fiscal/danfe`} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
                  DANFE
                </a>
              ) : null}
              {invoice.xml ? (
                <a href={`/admin/pedidos/${code}/nota-fiscal/xml`} className="font-semibold text-brand-700 hover:underline">
                  XML
                </a>
              ) : null}
            </p>
          ) : null}
        </>
      ) : null}
      {fiscal.issue ? (
        <button type="button" className="adm-btn mt-3" disabled={issue.busy} onClick={() => issue.submit('emitir_nota')}>
          {fiscal.issue === 'reemitir' ? 'Corrigir e emitir de novo' : 'Emitir NF-e'}
        </button>
      ) : null}
    </section>
  )
}
