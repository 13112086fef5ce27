import { useState } from 'react'
import { QUEUE_LABELS } from '../../../../contract/admin/jobs'
import { ConfirmDialog } from '../ConfirmDialog'
import { DataTable, type Column } from '../DataTable'
import { formatDateTime } from '../format'

export type FailedJobRow = { id: string; fila: string; resumo: string; erro: string; tentativas: number; criadaEm: Date | string; falhouEm: Date | string }

/**
 * The jobs out of retries: which queue, what it was about, its last error, and "Tentar de novo"
 * behind a confirmation (the job goes back to the queue once more).
 */
export function FailedJobsTable({ rows, busy, onRetry }: { rows: FailedJobRow[]; busy: boolean; onRetry: (job: FailedJobRow) => void }) {
  const [asked, setAsked] = useState<FailedJobRow | null>(null)
  const columns: Column<FailedJobRow>[] = [
    { header: 'Falhou em', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.falhouEm)}</span> },
    { header: 'Fila', cell: (r) => <span className="font-medium">{QUEUE_LABELS[r.fila] ?? r.fila}</span> },
    {
      header: 'Tarefa',
      cell: (r) => (
        <div className="min-w-48">
          <p className="text-ink-900">{r.resumo}</p>
          <p className="text-xs text-ink-500">
            {r.tentativas} {r.tentativas === 1 ? 'tentativa' : 'tentativas'} · criada em {formatDateTime(r.criadaEm)}
          </p>
        </div>
      ),
    },
    { header: 'Erro', wide: true, cell: (r) => <code className="text-xs break-all text-danger-600">{r.erro}</code> },
    {
      header: 'Ação',
      cell: (r) => (
        <button type="button" className="adm-btn-ghost whitespace-nowrap" onClick={() => setAsked(r)} disabled={busy}>
          Tentar de novo
        </button>
      ),
    },
  ]
  return (
    <>
      <DataTable
        caption="Tarefas com falha"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        empty="Nenhuma tarefa com falha: tudo o que entrou na fila foi feito ou ainda está sendo tentado."
      />
      <ConfirmDialog
        open={asked !== null}
        title="Tentar esta tarefa de novo?"
        confirmLabel="Tentar de novo"
        busy={busy}
        onConfirm={() => {
          if (asked) onRetry(asked)
          setAsked(null)
        }}
        onClose={() => setAsked(null)}
      >
        <p>{asked?.resumo} volta para a fila e roda de novo assim que um processo de tarefas estiver no ar.</p>
      </ConfirmDialog>
    </>
  )
}
