import { useNavigation } from 'react-router'
import { ChangeView } from '~/components/admin/ChangeView'
import { DataTable, type Column } from '~/components/admin/DataTable'
import { ErrorNote, Field, SelectField } from '~/components/admin/Field'
import { FilterForm } from '~/components/admin/FilterForm'
import { Pager } from '~/components/admin/Pager'
import { PageHeader } from '~/components/admin/PageHeader'
import { formatDateTime } from '~/components/admin/format'
import { requireStaffPage } from '~/lib/admin.server'
import { auditoriaQuerySchema } from '../../../contract/admin/staff'
import { auditVocabulary, listAudit, type AuditRow } from '../../../server/domain/audit/list'
import { staffNames } from '../../../server/domain/staff/team'
import { AdminError } from './frame'
import type { Route } from './+types/auditoria'

export const meta: Route.MetaFunction = () => [{ title: 'Auditoria | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'audit:read')
  const params = Object.fromEntries(new URL(request.url).searchParams)
  const parsed = auditoriaQuerySchema.safeParse(params)
  const query = parsed.success ? parsed.data : {}
  const [page, vocabulary, pessoas] = await Promise.all([listAudit(context.db, query), auditVocabulary(context.db), staffNames(context.db)])
  return { ...page, ...vocabulary, pessoas, query, invalid: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Filtro inválido.') }
}

const columns: Column<AuditRow>[] = [
  { header: 'Quando', cell: (r) => <span className="whitespace-nowrap">{formatDateTime(r.em)}</span> },
  {
    header: 'Quem',
    cell: (r) => (
      <div>
        <p className="font-medium text-ink-900">{r.quem}</p>
        {r.ip ? <p className="text-xs text-ink-500">{r.ip}</p> : null}
      </div>
    ),
  },
  { header: 'Ação', cell: (r) => <span className={r.acao === 'acesso negado' ? 'font-semibold text-danger-600' : 'font-medium'}>{r.acao}</span> },
  { header: 'Entidade', wide: true, cell: (r) => `${r.entidade}${r.entidadeId ? ` #${r.entidadeId}` : ''}` },
  { header: 'Antes → depois', cell: (r) => <ChangeView before={r.antes} after={r.depois} />, className: 'min-w-56' },
]

/** /admin/auditoria (Dono): every staff write and refused access, newest first, filtered, 50 a page. */
export default function Auditoria({ loaderData }: Route.ComponentProps) {
  const { linhas, proxima, acoes, entidades, pessoas, query, invalid } = loaderData
  const navigation = useNavigation()
  const { antes, ...filters } = query
  return (
    <>
      <PageHeader title="Auditoria" description="Quem fez o quê, quando, de onde — com o antes e o depois. Nada aqui pode ser alterado." />
      <FilterForm clear="/admin/auditoria">
        <SelectField
          id="f-quem"
          label="Quem"
          name="quem"
          all="Todos"
          defaultValue={query.quem ?? ''}
          options={pessoas.map((p) => [String(p.id), p.nome] as const)}
        />
        <SelectField id="f-acao" label="Ação" name="acao" all="Todas" defaultValue={query.acao ?? ''} options={acoes.map((a) => [a, a] as const)} />
        <SelectField
          id="f-entidade"
          label="Entidade"
          name="entidade"
          all="Todas"
          defaultValue={query.entidade ?? ''}
          options={entidades.map((e) => [e, e] as const)}
        />
        <Field id="f-de" label="De" type="date" name="de" defaultValue={query.de ?? ''} />
        <Field id="f-ate" label="Até" type="date" name="ate" defaultValue={query.ate ?? ''} />
      </FilterForm>
      <ErrorNote>{invalid ? `${invalid} Mostrando sem filtros.` : null}</ErrorNote>
      <DataTable
        columns={columns}
        rows={linhas}
        rowKey={(r) => r.id}
        empty="Nenhum registro com estes filtros."
        loading={navigation.state === 'loading'}
        caption="Registros de auditoria"
      />
      <Pager
        base="/admin/auditoria"
        keep={filters}
        prev={antes ? '' : null}
        next={proxima ? String(proxima) : null}
        nextKey="antes"
        prevLabel="← Mais recentes"
        nextLabel="Mais antigos →"
      />
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
