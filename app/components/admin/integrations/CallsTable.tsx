import { Link, useNavigation } from 'react-router'
import { API_CALL_CLASSES, API_CALL_METHODS, type ApiCallsQuery } from '../../../../contract/admin/integrations'
import type { ApiCallRow } from '../../../../server/domain/integrations/calls'
import { DataTable, type Column } from '../DataTable'
import { ErrorNote, SelectField } from '../Field'
import { FilterForm } from '../FilterForm'
import { formatDateTime } from '../format'
import { Pager } from '../Pager'

const BASE = '/admin/integracoes'

const statusTone = (status: number) => (status >= 500 ? 'text-danger-600' : status >= 400 ? 'text-warning-700' : 'text-ink-900')

const columns: Column<ApiCallRow>[] = [
  { header: 'Quando', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.em)}</span> },
  { header: 'Chave', cell: (r) => <span className="whitespace-nowrap">{r.chave ?? 'sem chave'}</span> },
  {
    header: 'Chamada',
    cell: (r) => (
      <div className="min-w-48 text-xs">
        <p className="font-medium text-ink-900">
          {r.metodo} {r.rota ?? r.caminho}
        </p>
        <p className="break-all text-ink-500">{r.caminho}</p>
      </div>
    ),
  },
  {
    header: 'Resposta',
    cell: (r) => (
      <div className="text-xs whitespace-nowrap">
        <p className={`font-semibold ${statusTone(r.status)}`}>HTTP {r.status}</p>
        {r.erro ? <p className="text-ink-500">{r.erro}</p> : null}
        <p className="text-ink-500">{r.duracaoMs.toLocaleString('pt-BR', { maximumFractionDigits: 1 })} ms</p>
      </div>
    ),
  },
  {
    header: 'Origem',
    wide: true,
    cell: (r) => (
      <div className="text-xs">
        <p>{r.ip}</p>
        {r.idempotencyKey ? <p className="break-all text-ink-500">Idempotency-Key: {r.idempotencyKey}</p> : null}
        <p className="text-ink-500" title="X-Request-Id da resposta">
          {r.requestId}
        </p>
      </div>
    ),
  },
  {
    header: 'Auditoria',
    cell: (r) =>
      r.auditoria.length ? (
        <Link to={`/admin/auditoria?chamada=${r.requestId}`} className="text-xs underline">
          {r.auditoria.map((a) => a.acao).join(', ')}
        </Link>
      ) : null,
  },
]

/**
 * The request log of /api/v1 (kept 30 days): the calls of one key, or of every key, or those
 * refused before a key was known, filtered by status class and method, 50 a page, newest first;
 * a write links to the audit lines (before and after) it recorded.
 */
export function CallsTable({
  rows,
  next,
  query,
  keys,
  invalid,
}: {
  rows: ApiCallRow[]
  next: number | null
  query: ApiCallsQuery
  keys: readonly { id: number; nome: string; revogadaEm: string | null }[]
  invalid: string | null
}) {
  const navigation = useNavigation()
  const { antes, ...filters } = query
  const keyOptions = [...keys.map((k) => [String(k.id), k.revogadaEm ? `${k.nome} (revogada)` : k.nome] as const), ['sem', 'Sem chave (recusadas)'] as const]
  return (
    <section className="mt-8" aria-labelledby="chamadas-titulo" id="chamadas">
      <h2 id="chamadas-titulo" className="mb-3 text-base font-semibold text-ink-900">
        Chamadas da API
      </h2>
      <FilterForm clear={`${BASE}#chamadas`}>
        <SelectField
          id="f-chave"
          label="Chave"
          name="chave"
          all="Todas"
          defaultValue={query.chave === undefined ? '' : String(query.chave)}
          options={keyOptions}
        />
        <SelectField
          id="f-classe"
          label="Status"
          name="classe"
          all="Todos"
          defaultValue={query.classe ?? ''}
          options={API_CALL_CLASSES.map((c) => [c, c] as const)}
        />
        <SelectField
          id="f-metodo"
          label="Método"
          name="metodo"
          all="Todos"
          defaultValue={query.metodo ?? ''}
          options={API_CALL_METHODS.map((m) => [m, m] as const)}
        />
      </FilterForm>
      <ErrorNote>{invalid ? `${invalid} Mostrando sem filtros.` : null}</ErrorNote>
      <DataTable
        caption="Chamadas da API"
        columns={columns}
        rows={rows}
        rowKey={(r) => r.id}
        loading={navigation.state === 'loading'}
        empty="Nenhuma chamada com estes filtros nos últimos 30 dias."
      />
      <Pager
        base={BASE}
        keep={{ chave: filters.chave, classe: filters.classe, metodo: filters.metodo }}
        prev={antes ? '' : null}
        next={next ? String(next) : null}
        nextKey="antes"
        prevLabel="← Mais recentes"
        nextLabel="Mais antigas →"
      />
    </section>
  )
}
