// The product editor's page intents (/admin/produtos/novo and /admin/produtos/{id}): one action for
// the product's own fields and its Estoque, Variações and Imagens sections, each intent the API's
// request body.
import { z } from 'zod'
import { stockIntentSchemas, variationIntentSchemas } from './catalog-stock'
import { imageIntentSchemas } from './images'

/**
 * The product's own fields travel as `produto` and are read by the domain with the API's schema
 * (readProductForm), so a refused save names every bad field (`campos`) as the API's does.
 */
export const productEditorIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({ intent: z.literal('criar'), produto: z.unknown() }),
  z.strictObject({ intent: z.literal('salvar'), produto: z.unknown() }),
  ...stockIntentSchemas,
  ...variationIntentSchemas,
  ...imageIntentSchemas,
])
export type ProductEditorIntent = z.output<typeof productEditorIntentSchema>
export type ProductEditorIntentName = ProductEditorIntent['intent']
