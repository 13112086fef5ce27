import { data, useRevalidator } from 'react-router'
import { productIdParamsSchema } from '../../../contract/admin/catalog-stock'
import { productSections } from '../../../server/domain/catalog/admin/sections'
import { can } from '../../../server/domain/staff/permissions'
import { StockSection } from '~/components/admin/product/StockSection'
import { VariationsSection } from '~/components/admin/product/VariationsSection'
import { PageHeader } from '~/components/admin/PageHeader'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/produto-secoes'

/**
 * TEMPORARY (issue 19 part B, branch wip/2): the Variations and Stock sections mounted alone, for
 * the e2e test and screenshots, until the product editor (/admin/produtos/{id}, part A) is merged;
 * then this route goes and tests/e2e/admin-stock.e2e.ts points at the editor.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  const id = productIdParamsSchema.safeParse({ id: params.id })
  const sections = id.success ? await productSections(context.db, id.data.id) : null
  if (!id.success || !sections?.stock.exists) throw data({ msg: 'Produto não encontrado.' }, { status: 404 })
  return { id: id.data.id, stock: sections.stock, variations: sections.variations, canWrite: can(me.role, 'catalog:write') }
}

export default function ProdutoSecoes({ loaderData }: Route.ComponentProps) {
  const { id, stock, variations, canWrite } = loaderData
  const revalidator = useRevalidator()
  const onChanged = () => void revalidator.revalidate()
  return (
    <>
      <PageHeader title={`Produto ${id}`} />
      <div className="grid gap-4 xl:grid-cols-2">
        <VariationsSection productId={id} data={variations} canWrite={canWrite} onChanged={onChanged} />
        <StockSection productId={id} data={stock} canWrite={canWrite} onChanged={onChanged} />
      </div>
    </>
  )
}
