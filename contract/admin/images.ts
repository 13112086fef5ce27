// The product editor's Imagens section: the upload's resource route (/admin/api/produtos/{id}/imagens,
// the body is the file itself) and the changes of the images a product has.
import { z } from 'zod'
import { IMAGES, PRODUCTS } from '../messages/products'
import { MAX_ALT_LENGTH } from './media-limits'

const id = (message: string) => z.coerce.number({ error: message }).int(message).positive(message).max(2_147_483_647, message)

export const imageParamsSchema = z.object({ id: id(PRODUCTS.notFound.message), imagem: id(IMAGES.notFound.message) })

export const imageRowSchema = z.object({
  id: z.number(),
  productId: z.number(),
  position: z.number(),
  link: z.string(),
  alt: z.string(),
  width: z.number(),
  height: z.number(),
})

const alt = z.string({ error: 'Texto alternativo inválido.' }).max(MAX_ALT_LENGTH, IMAGES.altTooLong.message)

/** The upload's own query: its alternative text (the body is the file itself). */
export const uploadQuerySchema = z.object({ alt: alt.optional() })
/** POST /admin/api/produtos/{id}/imagens/ordem — every image of the product, in the new order. */
export const imageOrderRequestSchema = z.strictObject({
  ids: z.array(id('Ordem inválida.'), { error: 'Ordem inválida.' }).max(100, 'Ordem inválida.'),
})
/** POST /admin/api/produtos/{id}/imagens/{imagem} — the alternative text. */
export const altRequestSchema = z.strictObject({ alt })

export const imageResponseSchema = z.object({ estado: z.literal('sucesso'), image: imageRowSchema })
export const imageOrderResponseSchema = z.object({ estado: z.literal('sucesso'), ids: z.array(z.number()) })

const imageId = id(IMAGES.notFound.message)

/** The product editor's Imagens intents (the upload keeps its resource route, for its progress). */
export const imageIntentSchemas = [
  imageOrderRequestSchema.extend({ intent: z.literal('imagens-ordem') }),
  z.strictObject({ intent: z.literal('imagem-principal'), imagem: imageId }),
  altRequestSchema.extend({ intent: z.literal('imagem-alt'), imagem: imageId }),
  z.strictObject({ intent: z.literal('imagem-excluir'), imagem: imageId }),
] as const
