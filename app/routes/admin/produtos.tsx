import { useEffect, useState } from 'react'
import { Link, data, useLocation, useNavigation, type ShouldRevalidateFunctionArgs } from 'react-router'
import { productListIntentSchema, productListQuerySchema } from '../../../contract/admin/products'
import { formatCount } from '../../../contract/money'
import { PRODUCTS_DONE } from '../../../contract/messages/products'
import { bulkProducts, catalogChoices, listAdminProducts } from '../../../server/domain/catalog/admin-products'
import { isRefusal } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { BulkActions } from '~/components/admin/product/BulkActions'
import { ProductFilters } from '~/components/admin/product/ProductFilters'
import { ProductTable } from '~/components/admin/product/ProductTable'
import { ErrorNote } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager } from '~/components/admin/Pager'
import { shouldRevalidate as revalidateAfter } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/produtos'

/** /admin/produtos — the catalog, filtered, searched and sorted by the URL, a keyset page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  const raw = Object.fromEntries(new URL(request.url).searchParams)
  const choices = await catalogChoices(context.db)
  const canWrite = can(me.role, 'catalog:write')
  const parsed = productListQuerySchema.safeParse(raw)
  if (!parsed.success) return data({ raw, erro: parsed.error.issues[0]?.message ?? 'Filtro inválido.', list: null, choices, canWrite }, { status: 400 })
  const list = await listAdminProducts(context.db, parsed.data)
  if (isRefusal(list)) return data({ raw, erro: list.message, list: null, choices, canWrite }, { status: 400 })
  return { raw, erro: null, list, choices, canWrite }
}

/** The bulk actions on the selection: the API's body, its action as the intent. */
export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, productListIntentSchema, 'catalog:write')
  const { intent, ...rest } = input
  const result = await bulkProducts(context.db, { input: { ...rest, acao: intent }, actor: staff.actor })
  if (isRefusal(result) || !result.aplicado) return answer(result)
  return answer(result, PRODUCTS_DONE.bulk(result.alterados))
}

/** A price preview writes nothing: the list is not read again for it. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if ((args.actionResult as { aplicado?: boolean } | undefined)?.aplicado === false) return false
  return revalidateAfter(args)
}

export const meta: Route.MetaFunction = () => [{ title: 'Produtos | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** The page's URL with some parameters changed (undefined removes one). */
function withParams(raw: Record<string, string>, change: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries({ ...raw, ...change })) if (v) params.set(k, v)
  const q = params.toString()
  return q ? `?${q}` : '?'
}

export default function Produtos({ loaderData }: Route.ComponentProps) {
  const { raw, erro, list, choices, canWrite } = loaderData
  const navigation = useNavigation()
  const location = useLocation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/produtos'
  const filters: Record<string, string> = Object.fromEntries(
    Object.entries(raw as Record<string, string>).filter(([k, v]) => v && k !== 'apos' && k !== 'antes'),
  )
  const [selected, setSelected] = useState<Set<number>>(new Set())
  // A new page or filter starts with no selection.
  useEffect(() => setSelected(new Set()), [location.search])
  const count = list ? `${list.totalCapped ? 'mais de ' : ''}${formatCount(list.total)} ${list.total === 1 ? 'produto' : 'produtos'}` : ''

  return (
    <>
      <PageHeader
        title="Produtos"
        description={count || 'Busque, filtre e edite os produtos da loja.'}
        actions={
          <>
            {/* The CSV of what the filters show (the spreadsheet's columns: docs/catalogo.md). */}
            <a href={`/admin/api/catalogo.csv${withParams(filters, {}).replace(/^\?$/, '')}`} className="adm-btn-ghost" download>
              Exportar CSV
            </a>
            {canWrite ? (
              <>
                <Link to="/admin/produtos/importar" className="adm-btn-ghost">
                  Importar planilha
                </Link>
                <Link to="/admin/produtos/novo" className="adm-btn">
                  Novo produto
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <ProductFilters raw={raw as Record<string, string>} choices={choices} />
      <ErrorNote>{erro}</ErrorNote>
      {canWrite && selected.size > 0 ? <BulkActions ids={[...selected]} choices={choices} onDone={() => setSelected(new Set())} /> : null}
      <ProductTable rows={list?.rows ?? []} canWrite={canWrite} loading={loading} selected={selected} setSelected={setSelected} />
      {list ? <Pager base="/admin/produtos" keep={filters} prev={list.prev} next={list.next} /> : null}
    </>
  )
}
