// The back office's categories and brands: what the pages send and get.
// Junk gets a pt-BR message and changes nothing.
import { z } from 'zod'
import { TAXONOMY } from '../messages/taxonomy'

/** A link as the storefront's URLs carry it: lower-case letters, digits and single hyphens. */
export const LINK_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/

const titulo = z.string({ error: TAXONOMY.badTitle.message }).trim().min(1, TAXONOMY.badTitle.message).max(120, TAXONOMY.badTitle.message)
const link = z.string({ error: TAXONOMY.badLink.message }).trim().max(96, TAXONOMY.badLink.message).regex(LINK_PATTERN, TAXONOMY.badLink.message)
/** An empty link field: made from the name. */
const optionalLink = z.preprocess((v) => (v === '' || v === null ? undefined : v), link.optional())
const badId = TAXONOMY.badId.message
const id = z.coerce.number({ error: badId }).int(badId).positive(badId).max(2_147_483_647, badId)
const parent = z.union([id, z.null()], { error: TAXONOMY.badParent.message })
const hidden = z.boolean({ error: TAXONOMY.badHidden.message })

export const idParamsSchema = z.object({ id })

/** POST /admin/api/categorias */
export const createCategoryRequestSchema = z.strictObject({ titulo, link: optionalLink, pai: parent.optional(), oculta: hidden.optional() })
/** POST /admin/api/categorias/{id} — only the fields sent change. */
export const updateCategoryRequestSchema = z.strictObject({
  titulo: titulo.optional(),
  link: link.optional(),
  pai: parent.optional(),
  oculta: hidden.optional(),
})
/** POST /admin/api/marcas */
export const createBrandRequestSchema = z.strictObject({ titulo, link: optionalLink, oculta: hidden.optional() })
/** POST /admin/api/marcas/{id} — only the fields sent change. */
export const updateBrandRequestSchema = z.strictObject({ titulo: titulo.optional(), link: link.optional(), oculta: hidden.optional() })

export type CreateCategoryRequest = z.output<typeof createCategoryRequestSchema>
export type UpdateCategoryRequest = z.output<typeof updateCategoryRequestSchema>
export type CreateBrandRequest = z.output<typeof createBrandRequestSchema>
export type UpdateBrandRequest = z.output<typeof updateBrandRequestSchema>

/** What /admin/categorias's action does: the API's requests, plus hiding and showing one category. */
export const categoryIntentSchema = z.discriminatedUnion('intent', [
  createCategoryRequestSchema.extend({ intent: z.literal('criar') }),
  updateCategoryRequestSchema.extend({ intent: z.literal('editar'), id }),
  z.strictObject({ intent: z.literal('ocultar'), id }),
  z.strictObject({ intent: z.literal('mostrar'), id }),
])

/** What /admin/marcas's action does: the API's requests, plus hiding and showing one brand. */
export const brandIntentSchema = z.discriminatedUnion('intent', [
  createBrandRequestSchema.extend({ intent: z.literal('criar') }),
  updateBrandRequestSchema.extend({ intent: z.literal('editar'), id }),
  z.strictObject({ intent: z.literal('ocultar'), id }),
  z.strictObject({ intent: z.literal('mostrar'), id }),
])

export const categoryRowSchema = z.object({
  id: z.number(),
  titulo: z.string(),
  link: z.string(),
  pai: z.number().nullable(),
  oculta: z.boolean(),
  produtos: z.number(),
})
export const brandRowSchema = z.object({ id: z.number(), titulo: z.string(), link: z.string(), oculta: z.boolean(), produtos: z.number() })
export type CategoryRow = z.output<typeof categoryRowSchema>
export type BrandRow = z.output<typeof brandRowSchema>

/** `linkAntigo`: after a change of link, the old one, which now redirects to the new. */
const linkAntigo = z.string().nullable().optional()
export const categoryResponseSchema = z.object({ estado: z.literal('sucesso'), categoria: categoryRowSchema, linkAntigo })
export const brandResponseSchema = z.object({ estado: z.literal('sucesso'), marca: brandRowSchema, linkAntigo })
