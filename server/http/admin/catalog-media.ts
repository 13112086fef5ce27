import { Hono } from 'hono'
import { imageOrderRequestSchema, altRequestSchema, imageParamsSchema, uploadQuerySchema } from '../../../contract/admin/images'
import { MAX_UPLOAD_BYTES } from '../../../contract/admin/media-limits'
import { productIdParamsSchema } from '../../../contract/admin/products'
import { IMAGES, PRODUCTS } from '../../../contract/messages/products'
import { deleteImage, reorderImages, setImageAlt, setMainImage, uploadImage } from '../../domain/catalog/admin-images'
import { mediaStorageOf } from '../../integrations/storage'
import { isRefusal, refuse } from '../../domain/refusal'
import { readBody } from '../body'
import type { AppBindings } from '../context'
import { readJson, readQuery } from '../validate'
import { fail, requireStaff } from './guard'
import { answer, paramsOf } from './respond'

/**
 * The back office's product images (/admin/api/produtos/{id}/imagens…): the editor's upload with
 * progress (its one resource route), and the other changes for scripts. Every write needs
 * catalog:write and is audited by its domain function.
 *
 * An image travels as the request body itself (any Content-Type: the content is what is checked),
 * at most 10 MB — a bigger body is refused while it streams (413) and never held in memory.
 */
export const adminCatalogMediaApi = new Hono<AppBindings>()
  .post('/produtos/:id/imagens', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const { alt } = readQuery(c, uploadQuerySchema)
    let bytes: Uint8Array
    try {
      bytes = await readBody(c, MAX_UPLOAD_BYTES)
    } catch (err) {
      // The same 413 (and closed connection: app.ts), with the message of an image.
      if (isRefusal(err) && err.category === 'too_large') fail(refuse(IMAGES.tooLarge))
      throw err
    }
    return answer(
      c,
      await uploadImage(c.get('ctx').db, { productId: id, bytes, alt, actor: staff.actor, originals: mediaStorageOf(c.get('ctx').env).originals }),
    )
  })
  .post('/produtos/:id/imagens/ordem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, productIdParamsSchema, PRODUCTS.notFound)
    const { ids } = await readJson(c, imageOrderRequestSchema)
    return answer(c, await reorderImages(c.get('ctx').db, { productId: id, ids, actor: staff.actor }))
  })
  .post('/produtos/:id/imagens/:imagem/principal', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, imagem } = paramsOf(c, imageParamsSchema, IMAGES.notFound)
    return answer(c, await setMainImage(c.get('ctx').db, { productId: id, imageId: imagem, actor: staff.actor }))
  })
  .post('/produtos/:id/imagens/:imagem/excluir', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, imagem } = paramsOf(c, imageParamsSchema, IMAGES.notFound)
    return answer(
      c,
      await deleteImage(c.get('ctx').db, { productId: id, imageId: imagem, actor: staff.actor, originals: mediaStorageOf(c.get('ctx').env).originals }),
    )
  })
  .post('/produtos/:id/imagens/:imagem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, imagem } = paramsOf(c, imageParamsSchema, IMAGES.notFound)
    const { alt } = await readJson(c, altRequestSchema)
    return answer(c, await setImageAlt(c.get('ctx').db, { productId: id, imageId: imagem, alt, actor: staff.actor }))
  })
