import { useState } from 'react'
import { Link } from 'react-router'
import type { ApiKeyRow } from '../../../../server/domain/integrations/keys'
import { ConfirmDialog } from '../ConfirmDialog'
import { DataTable, type Column } from '../DataTable'
import { formatDateTime } from '../format'

export type KeyRow = ApiKeyRow

const count = new Intl.NumberFormat('pt-BR')

/** The API keys: name, the key's first characters, scopes, last use and calls made (reads among them, and a link to their log); "Revogar" behind a confirmation. */
export function KeysTable({ rows, busy, onRevoke }: { rows: KeyRow[]; busy: boolean; onRevoke: (key: KeyRow) => void }) {
  const [asked, setAsked] = useState<KeyRow | null>(null)
  const columns: Column<KeyRow>[] = [
    {
      header: 'Chave',
      cell: (r) => (
        <div className="min-w-40">
          <p className="font-medium text-ink-900">{r.nome}</p>
          <code className="text-xs text-ink-500">{r.prefixo}…</code>
        </div>
      ),
    },
    { header: 'Escopos', cell: (r) => <span className="text-xs">{r.escopos.join(', ')}</span> },
    {
      header: 'Criada',
      wide: true,
      cell: (r) => (
        <span className="whitespace-nowrap">
          {formatDateTime(r.criadaEm)}
          {r.criadaPor ? ` · ${r.criadaPor}` : ''}
        </span>
      ),
    },
    { header: 'Último uso', cell: (r) => <span className="whitespace-nowrap">{r.ultimoUso ? formatDateTime(r.ultimoUso) : 'nunca'}</span> },
    {
      header: 'Chamadas',
      cell: (r) => (
        <span className="whitespace-nowrap" title="Contadas a cada minuto">
          {count.format(r.chamadas)}
          <span className="block text-xs text-ink-500">{count.format(r.leituras)} leituras</span>
          <Link to={`/admin/integracoes?chave=${r.id}#chamadas`} className="block text-xs underline">
            Ver chamadas
          </Link>
        </span>
      ),
    },
    {
      header: 'Ação',
      cell: (r) =>
        r.revogadaEm ? (
          <span className="text-xs text-ink-500">Revogada em {formatDateTime(r.revogadaEm)}</span>
        ) : (
          <button type="button" className="adm-btn-ghost whitespace-nowrap" onClick={() => setAsked(r)} disabled={busy}>
            Revogar
          </button>
        ),
    },
  ]
  return (
    <>
      <DataTable caption="Chaves de API" columns={columns} rows={rows} rowKey={(r) => r.id} empty="Nenhuma chave ainda: crie uma para o seu ERP abaixo." />
      <ConfirmDialog
        open={asked !== null}
        title="Revogar esta chave?"
        confirmLabel="Revogar"
        busy={busy}
        onConfirm={() => {
          if (asked) onRevoke(asked)
          setAsked(null)
        }}
        onClose={() => setAsked(null)}
      >
        <p>{asked?.nome} deixa de funcionar na hora, em todas as instâncias da loja. Não dá para desfazer.</p>
      </ConfirmDialog>
    </>
  )
}
