import type { DeliveryView } from '../../../../server/domain/integrations/webhooks'
import { DataTable, type Column } from '../DataTable'
import { formatDateTime } from '../format'

export type DeliveryRow = DeliveryView

const SITUACAO: Record<DeliveryRow['situacao'], string> = { pendente: 'Pendente', entregue: 'Entregue', falhou: 'Falhou' }

/** The latest webhook deliveries: event, endpoint, status, the receiver's answer and time, the payload; "Reenviar". */
export function DeliveriesTable({ rows, busy, onResend }: { rows: DeliveryRow[]; busy: boolean; onResend: (d: DeliveryRow) => void }) {
  const columns: Column<DeliveryRow>[] = [
    { header: 'Criada', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.criadaEm)}</span> },
    {
      header: 'Evento',
      cell: (r) => (
        <div className="min-w-40">
          <p className="font-medium text-ink-900">{r.evento}</p>
          <p className="text-xs text-ink-500">{r.recurso}</p>
        </div>
      ),
    },
    { header: 'Destino', wide: true, cell: (r) => <span className="text-xs break-all">{r.url}</span> },
    {
      header: 'Situação',
      cell: (r) => (
        <div className="text-xs">
          <p className="font-medium">{SITUACAO[r.situacao]}</p>
          <p className="text-ink-500">
            {r.tentativas} {r.tentativas === 1 ? 'tentativa' : 'tentativas'}
            {r.status != null ? ` · HTTP ${r.status}` : ''}
            {r.duracaoMs != null ? ` · ${r.duracaoMs} ms` : ''}
          </p>
          {r.proximaTentativa && r.tentativas > 0 ? <p className="text-ink-500">próxima: {formatDateTime(r.proximaTentativa)}</p> : null}
        </div>
      ),
    },
    {
      header: 'Conteúdo',
      wide: true,
      cell: (r) => (
        <details className="max-w-md text-xs">
          <summary className="cursor-pointer">Ver</summary>
          <pre className="mt-1 overflow-x-auto whitespace-pre-wrap">{r.payload}</pre>
          {r.erro ? <p className="mt-1 text-danger-600">Erro: {r.erro}</p> : null}
          {r.resposta ? <pre className="mt-1 whitespace-pre-wrap text-ink-500">Resposta: {r.resposta}</pre> : null}
        </details>
      ),
    },
    {
      header: 'Ação',
      cell: (r) =>
        r.situacao === 'pendente' ? null : (
          <button type="button" className="adm-btn-ghost whitespace-nowrap" onClick={() => onResend(r)} disabled={busy}>
            Reenviar
          </button>
        ),
    },
  ]
  return (
    <DataTable
      caption="Entregas de webhooks"
      columns={columns}
      rows={rows}
      rowKey={(r) => r.id}
      empty="Nenhuma entrega ainda: cadastre um webhook acima, ou pela API (POST /api/v1/webhooks)."
    />
  )
}
