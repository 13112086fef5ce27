import { Link, data, type ShouldRevalidateFunctionArgs } from 'react-router'
import { productEditorIntentSchema } from '../../../contract/admin/product-editor'
import { productCreateSchema, productIdParamsSchema, productUpdateSchema } from '../../../contract/admin/products'
import { IMAGES_DONE, PRODUCTS, PRODUCTS_DONE } from '../../../contract/messages/products'
import { productPath } from '../../../contract/urls'
import { deleteImage, reorderImages, setImageAlt, setMainImage } from '../../../server/domain/catalog/admin-images'
import { mediaStorageOf } from '../../../server/integrations/storage'
import { catalogChoices, createProduct, productEditorFields, readProductForm, updateProduct } from '../../../server/domain/catalog/admin-products'
import { productSections } from '../../../server/domain/catalog/admin-sections'
import { changeProductSection } from '../../../server/domain/catalog/admin-section-change'
import { pricingRules } from '../../../server/domain/catalog/rules'
import { isRefusal, refuse } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { ImagesSection } from '~/components/admin/product/ImagesSection'
import { ProductForm } from '~/components/admin/product/ProductForm'
import { StockSection } from '~/components/admin/product/StockSection'
import { VariationsSection } from '~/components/admin/product/VariationsSection'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { shouldRevalidate as revalidateAfter } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/produto'

/** As every page (a 409 shows the new state), but a stale save keeps what was typed: its notice offers the reload. */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  if (args.actionStatus === 409 && (args.json as { intent?: string } | undefined)?.intent === 'salvar') return false
  return revalidateAfter(args)
}

/**
 * /admin/produtos/novo and /admin/produtos/{id} — the product's own fields (title, link, category,
 * brand, description, specifications, prices, wholesale, video, active; the initial stock when
 * creating), then its stock, variations and images sections.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const creating = !params.id
  const me = await requireStaffPage(context, request, creating ? 'catalog:write' : 'catalog:read')
  const choices = await catalogChoices(context.db)
  const pix = pricingRules(context.store).pixDescontoPercentual
  const canWrite = can(me.role, 'catalog:write')
  if (creating) return { produto: null, sections: null, choices, pix, canWrite }
  const id = productIdParamsSchema.safeParse({ id: params.id })
  const produto = id.success ? await productEditorFields(context.db, id.data.id) : null
  if (!produto) throw data({ msg: PRODUCTS.notFound.message }, { status: 404 })
  const sections = await productSections(context.db, produto.id)
  return { produto, sections, choices, pix, canWrite }
}

/** Every change of the editor: the product's fields, then its sections' changes (the API's domain functions). */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, productEditorIntentSchema, 'catalog:write')
  const { db } = context
  const actor = staff.actor
  if (input.intent === 'criar') {
    const form = readProductForm(productCreateSchema, input.produto)
    return answer(isRefusal(form) ? form : await createProduct(db, { input: form, actor }), PRODUCTS_DONE.created)
  }
  const id = productIdParamsSchema.safeParse({ id: params.id })
  if (!id.success) return refused(refuse(PRODUCTS.notFound))
  const productId = id.data.id
  switch (input.intent) {
    case 'salvar': {
      const form = readProductForm(productUpdateSchema, input.produto)
      return answer(isRefusal(form) ? form : await updateProduct(db, { id: productId, input: form, actor }), PRODUCTS_DONE.saved)
    }
    case 'imagens-ordem':
      return answer(await reorderImages(db, { productId, ids: input.ids, actor }), IMAGES_DONE.order)
    case 'imagem-principal':
      return answer(await setMainImage(db, { productId, imageId: input.imagem, actor }), IMAGES_DONE.main)
    case 'imagem-alt':
      return answer(await setImageAlt(db, { productId, imageId: input.imagem, alt: input.alt, actor }), IMAGES_DONE.alt)
    case 'imagem-excluir':
      return answer(await deleteImage(db, { productId, imageId: input.imagem, actor, originals: mediaStorageOf(context.env).originals }), IMAGES_DONE.deleted)
    default:
      // Estoque and Variações: the same change the API makes.
      return answer(await changeProductSection(db, productId, input, actor))
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.produto?.titulo ?? 'Novo produto'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function ProdutoAdmin({ loaderData }: Route.ComponentProps) {
  const { produto, sections, choices, pix, canWrite } = loaderData
  return (
    <>
      <BackLink to="/admin/produtos" label="Produtos" />
      <PageHeader
        title={produto ? produto.titulo : 'Novo produto'}
        description={
          produto ? `Código ${produto.sku} · versão ${produto.versao}` : 'Preencha os dados e salve; imagens, variações e estoque aparecem depois de criar.'
        }
        actions={
          produto && produto.ativo ? (
            <a href={productPath(produto.link)} target="_blank" rel="noreferrer" className="adm-btn-ghost">
              Ver na loja
            </a>
          ) : null
        }
      />
      {!canWrite ? <p className="mb-4 rounded-lg bg-ink-100 px-4 py-3 text-sm text-ink-700">Seu perfil pode consultar o catálogo, mas não alterá-lo.</p> : null}
      <ProductForm produto={produto} choices={choices} pix={pix} canWrite={canWrite} />
      {produto && sections ? (
        <div className="mt-6 grid gap-4">
          <StockSection data={sections.stock} canWrite={canWrite} />
          <VariationsSection data={sections.variations} canWrite={canWrite} />
          <ImagesSection productId={produto.id} data={sections.images} canWrite={canWrite} />
        </div>
      ) : null}
      {produto ? null : (
        <p className="mt-4 text-sm text-ink-500">
          <Link to="/admin/produtos" className="text-brand-700 hover:underline">
            Voltar sem salvar
          </Link>
        </p>
      )}
    </>
  )
}
