import { data, useRevalidator } from 'react-router'
import { eq } from 'drizzle-orm'
import { productPath } from '../../../contract/urls'
import { products } from '../../../server/db/schema'
import { imagesSection } from '../../../server/domain/catalog/admin/images'
import { can } from '../../../server/domain/staff/permissions'
import { ImagesSection } from '~/components/admin/product/ImagesSection'
import { PageHeader } from '~/components/admin/PageHeader'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/produto-imagens-tmp'

/**
 * TEMPORARY (issue 19, part C): the images section alone, at /admin/produtos/{id}/imagens, until the
 * product editor (/admin/produtos/{id}, routes/admin/produto.tsx) mounts ImagesSection. Remove this
 * route when the editor lands.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  const id = Number(params.id)
  const [product] = Number.isSafeInteger(id) && id > 0 ? await context.db.select({ id: products.id, titulo: products.titulo, linkReal: products.linkReal }).from(products).where(eq(products.id, id)) : []
  if (!product) throw data({ msg: 'Produto não encontrado.' }, { status: 404 })
  return { product, images: await imagesSection(context.db, id), canWrite: can(me.role, 'catalog:write') }
}

export const meta: Route.MetaFunction = () => [{ title: 'Imagens do produto | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function ProdutoImagens({ loaderData }: Route.ComponentProps) {
  const revalidator = useRevalidator()
  return (
    <>
      <PageHeader
        title={loaderData.product.titulo}
        description="Imagens do produto"
        actions={
          <a className="adm-btn-ghost" href={productPath(loaderData.product.linkReal)} target="_blank" rel="noreferrer">
            Ver na loja
          </a>
        }
      />
      <ImagesSection productId={loaderData.product.id} data={loaderData.images} canWrite={loaderData.canWrite} onChanged={() => void revalidator.revalidate()} />
    </>
  )
}
