// The back office's categories, brands and product images (issue 19): what the pages send and get.
// Junk gets a pt-BR message and changes nothing.
import { z } from 'zod'

/** A link as the storefront's URLs carry it: lower-case letters, digits and single hyphens. */
export const LINK_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/
export const TAXONOMY_MESSAGES = {
  titulo: 'Informe o nome (até 120 caracteres).',
  link: 'Link inválido: use só letras minúsculas sem acento, números e hífens (até 96 caracteres).',
  categoria: 'Categoria não encontrada.',
  marca: 'Marca não encontrada.',
  pai: 'Categoria-mãe não encontrada.',
  ciclo: 'Uma categoria não pode ficar dentro dela mesma nem de uma de suas subcategorias.',
  linkCategoria: 'Este link já é de outra categoria: escolha outro.',
  linkMarca: 'Este link já é de outra marca: escolha outro.',
  nada: 'Nada para mudar.',
} as const

const titulo = z.string({ error: TAXONOMY_MESSAGES.titulo }).trim().min(1, TAXONOMY_MESSAGES.titulo).max(120, TAXONOMY_MESSAGES.titulo)
const link = z.string({ error: TAXONOMY_MESSAGES.link }).trim().max(96, TAXONOMY_MESSAGES.link).regex(LINK_PATTERN, TAXONOMY_MESSAGES.link)
/** An empty link field: made from the name. */
const optionalLink = z.preprocess((v) => (v === '' || v === null ? undefined : v), link.optional())
const id = z.coerce.number({ error: 'Identificador inválido.' }).int('Identificador inválido.').positive('Identificador inválido.').max(2_147_483_647, 'Identificador inválido.')
const parent = z.union([id, z.null()], { error: 'Categoria-mãe inválida.' })
const hidden = z.boolean({ error: 'Campo oculta inválido: use verdadeiro ou falso.' })

export const idParamsSchema = z.object({ id })
export const imageParamsSchema = z.object({ id, imagem: id })

/** POST /admin/api/categorias */
export const createCategoryRequestSchema = z.strictObject({ titulo, link: optionalLink, pai: parent.optional(), oculta: hidden.optional() })
/** POST /admin/api/categorias/{id} — only the fields sent change. */
export const updateCategoryRequestSchema = z.strictObject({ titulo: titulo.optional(), link: link.optional(), pai: parent.optional(), oculta: hidden.optional() })
/** POST /admin/api/marcas */
export const createBrandRequestSchema = z.strictObject({ titulo, link: optionalLink, oculta: hidden.optional() })
/** POST /admin/api/marcas/{id} — only the fields sent change. */
export const updateBrandRequestSchema = z.strictObject({ titulo: titulo.optional(), link: link.optional(), oculta: hidden.optional() })

export type CreateCategoryRequest = z.output<typeof createCategoryRequestSchema>
export type UpdateCategoryRequest = z.output<typeof updateCategoryRequestSchema>
export type CreateBrandRequest = z.output<typeof createBrandRequestSchema>
export type UpdateBrandRequest = z.output<typeof updateBrandRequestSchema>

export const categoryRowSchema = z.object({ id: z.number(), titulo: z.string(), link: z.string(), pai: z.number().nullable(), oculta: z.boolean(), produtos: z.number() })
export const brandRowSchema = z.object({ id: z.number(), titulo: z.string(), link: z.string(), oculta: z.boolean(), produtos: z.number() })
export type CategoryRow = z.output<typeof categoryRowSchema>
export type BrandRow = z.output<typeof brandRowSchema>

export const categoriesResponseSchema = z.object({ estado: z.literal('sucesso'), categorias: z.array(categoryRowSchema) })
export const categoryResponseSchema = z.object({ estado: z.literal('sucesso'), categoria: categoryRowSchema })
export const brandsResponseSchema = z.object({ estado: z.literal('sucesso'), marcas: z.array(brandRowSchema) })
export const brandResponseSchema = z.object({ estado: z.literal('sucesso'), marca: brandRowSchema })

// ───────────── product images ─────────────

export const imageRowSchema = z.object({ id: z.number(), productId: z.number(), position: z.number(), link: z.string(), alt: z.string(), width: z.number(), height: z.number() })
export type ImageRowWire = z.output<typeof imageRowSchema>

/** The upload's own query: its alternative text (the body is the file itself). */
export const uploadQuerySchema = z.object({ alt: z.string().max(300, 'Texto alternativo longo demais (até 300 caracteres).').optional() })
/** POST /admin/api/produtos/{id}/imagens/ordem — every image of the product, in the new order. */
export const reorderRequestSchema = z.strictObject({
  ids: z.array(id, { error: 'Ordem inválida.' }).max(100, 'Ordem inválida.'),
})
/** POST /admin/api/produtos/{id}/imagens/{imagem} — the alternative text. */
export const altRequestSchema = z.strictObject({ alt: z.string({ error: 'Texto alternativo inválido.' }).max(300, 'Texto alternativo longo demais (até 300 caracteres).') })

export const imageResponseSchema = z.object({ estado: z.literal('sucesso'), image: imageRowSchema })
export const imageOrderResponseSchema = z.object({ estado: z.literal('sucesso'), ids: z.array(z.number()) })
export const imagesResponseSchema = z.object({ estado: z.literal('sucesso'), imagens: z.array(imageRowSchema) })

export { ACCEPTED_IMAGE_TYPES, MAX_UPLOAD_BYTES } from './media-limits'
