import { DetailCard } from '~/components/admin/PageBits'
import { Link } from 'react-router'
import { formatDateTime } from '~/components/admin/format'
import type { InvoiceActions, InvoiceView } from '../../../../server/domain/fiscal/view'
import { useStaffAction } from '~/lib/admin-action'

const TONE: Record<InvoiceView['status'], string> = {
  pendente: 'text-ink-700',
  processando: 'text-ink-700',
  autorizada: 'text-green-800',
  rejeitada: 'text-red-700',
  cancelada: 'text-ink-500',
}

/** One note's status, number and series, key, protocol, SEFAZ's words and its two files (`files`: the route's prefix). */
function InvoiceLines({ code, invoice, files }: { code: string; invoice: InvoiceView; files: '' | 'devolucao-' }) {
  return (
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
        <p className={`mt-2 ${invoice.status === 'rejeitada' ? 'text-red-700' : 'text-ink-700'}`} role={invoice.status === 'rejeitada' ? 'alert' : undefined}>
          SEFAZ: {invoice.mensagem}
        </p>
      ) : null}
      {invoice.danfe || invoice.xml ? (
        <p className="mt-2 flex gap-3">
          {invoice.danfe ? (
            <a
              href={`/admin/pedidos/${code}/nota-fiscal/${files}danfe`}
              target="_blank"
              rel="noreferrer"
              className="font-semibold text-brand-700 hover:underline"
            >
              DANFE
            </a>
          ) : null}
          {invoice.xml ? (
            <a href={`/admin/pedidos/${code}/nota-fiscal/${files}xml`} className="font-semibold text-brand-700 hover:underline">
              XML
            </a>
          ) : null}
        </p>
      ) : null}
    </>
  )
}

/**
 * The order's NF-e (docs/decisions/0129-nfe.md): its status, number and series, the key in groups of
 * four, the DANFE and the XML, SEFAZ's message when rejected, and the button invoiceActions allows
 * ("Emitir NF-e", or "Corrigir e emitir de novo" after the product or the order was corrected); below
 * it the entry invoice (NF-e de devolução) the order owes or has, with "Emitir nota de devolução".
 */
export function InvoiceCard({
  code,
  invoice,
  entry,
  fiscal,
}: {
  code: string
  invoice: InvoiceView | null
  entry: InvoiceView | null
  fiscal: InvoiceActions
}) {
  const issue = useStaffAction({ key: 'emitir_nota' })
  const issueEntry = useStaffAction({ key: 'emitir_devolucao' })
  const owed = invoice?.status === 'autorizada' && invoice.devolucaoPendente
  return (
    <DetailCard id="nota-fiscal" title="Nota fiscal">
      {!fiscal.on && !invoice ? <p className="text-ink-500">NF-e desligada nesta loja (FISCAL_PROVIDER=nenhum).</p> : null}
      {fiscal.on && !invoice ? <p className="text-ink-500">Sem nota fiscal.</p> : null}
      {invoice ? <InvoiceLines code={code} invoice={invoice} files="" /> : null}
      {fiscal.issue ? (
        <button type="button" className="adm-btn mt-3" disabled={issue.busy} onClick={() => issue.submit('emitir_nota')}>
          {fiscal.issue === 'reemitir' ? 'Corrigir e emitir de novo' : 'Emitir NF-e'}
        </button>
      ) : null}
      {owed || entry ? (
        <div className="mt-4 border-t border-ink-100 pt-3" role="group" aria-labelledby="nota-devolucao">
          <h3 id="nota-devolucao" className="mb-1 font-bold text-ink-900">
            Nota de devolução
          </h3>
          {owed && (!entry || entry.status === 'rejeitada') ? (
            <p className="font-semibold text-amber-800" role="status">
              Precisa de nota de devolução: a NF-e de venda não pode mais ser cancelada ou os produtos voltaram.
            </p>
          ) : null}
          {entry ? <InvoiceLines code={code} invoice={entry} files="devolucao-" /> : null}
          {fiscal.devolucao ? (
            <button type="button" className="adm-btn mt-3" disabled={issueEntry.busy} onClick={() => issueEntry.submit('emitir_devolucao')}>
              {fiscal.devolucao === 'reemitir' ? 'Corrigir e emitir de novo' : 'Emitir nota de devolução'}
            </button>
          ) : null}
        </div>
      ) : null}
    </DetailCard>
  )
}

/** A return's entry invoice on its back-office page (issued, or owed: staff issue it from the order's page). */
export function ReturnInvoiceCard({ code, entry, owed }: { code: string; entry: InvoiceView | null; owed: boolean }) {
  return (
    <DetailCard id="nota-devolucao" title="Nota de devolução">
      {entry ? <InvoiceLines code={code} invoice={entry} files="devolucao-" /> : null}
      {owed && (!entry || entry.status === 'rejeitada') ? (
        <p className="mt-2">
          <Link to={`/admin/pedidos/${code}`} className="font-semibold text-brand-700 hover:underline">
            Emitir na página do pedido
          </Link>
        </p>
      ) : null}
    </DetailCard>
  )
}
