import { Hono, type Context } from 'hono'
import path from 'node:path'
import type { z } from 'zod'
import {
  altRequestSchema,
  idParamsSchema,
  imageParamsSchema,
  MAX_UPLOAD_BYTES,
  reorderRequestSchema,
  uploadQuerySchema,
} from '../../../contract/admin/taxonomy'
import { deleteImage, IMAGE_MESSAGES, imagesSection, reorderImages, setImageAlt, setMainImage, uploadImage } from '../../domain/catalog/admin/images'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { readBody } from '../body'
import type { AppBindings } from '../context'
import { answerRefusal } from '../refusal'
import { readJson, readQuery } from '../validate'
import { fail, requireStaff } from './guard'

function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

function paramsOf<S extends z.ZodType>(c: Context<AppBindings>, schema: S, notFound: string): z.output<S> {
  const parsed = schema.safeParse(c.req.param())
  return parsed.success ? parsed.data : fail(refuse('not_found', notFound))
}

const mediaDirOf = (c: Context<AppBindings>) => path.resolve(c.get('ctx').env.dataDir, 'media')

/**
 * The back office's product images (/admin/api/…, issue 19). Reads need
 * catalog:read, writes catalog:write; every write is audited by its domain function.
 *
 * An image travels as the request body itself (any Content-Type: the content is what is checked),
 * at most 10 MB — a bigger body is refused while it streams (413) and never held in memory.
 */
export const adminCatalogMediaApi = new Hono<AppBindings>()
  // ───────────── product images ─────────────
  .get('/produtos/:id/imagens', async (c) => {
    await requireStaff(c, 'catalog:read')
    const { id } = paramsOf(c, idParamsSchema, IMAGE_MESSAGES.produto)
    return c.json({ estado: 'sucesso' as const, imagens: await imagesSection(c.get('ctx').db, id) })
  })
  .post('/produtos/:id/imagens', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, idParamsSchema, IMAGE_MESSAGES.produto)
    const { alt } = readQuery(c, uploadQuerySchema)
    let bytes: Uint8Array
    try {
      bytes = await readBody(c, MAX_UPLOAD_BYTES)
    } catch (err) {
      // The same 413 (and closed connection: app.ts), with the message of an image.
      if (isRefusal(err) && err.category === 'too_large') fail(refuse('too_large', IMAGE_MESSAGES.grande))
      throw err
    }
    return answer(c, await uploadImage(c.get('ctx').db, { productId: id, bytes, alt, actor: staff.actor, mediaDir: mediaDirOf(c) }))
  })
  .post('/produtos/:id/imagens/ordem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id } = paramsOf(c, idParamsSchema, IMAGE_MESSAGES.produto)
    const { ids } = await readJson(c, reorderRequestSchema)
    return answer(c, await reorderImages(c.get('ctx').db, { productId: id, ids, actor: staff.actor }))
  })
  .post('/produtos/:id/imagens/:imagem/principal', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, imagem } = paramsOf(c, imageParamsSchema, IMAGE_MESSAGES.imagem)
    return answer(c, await setMainImage(c.get('ctx').db, { productId: id, imageId: imagem, actor: staff.actor }))
  })
  .post('/produtos/:id/imagens/:imagem/excluir', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, imagem } = paramsOf(c, imageParamsSchema, IMAGE_MESSAGES.imagem)
    return answer(c, await deleteImage(c.get('ctx').db, { productId: id, imageId: imagem, actor: staff.actor, mediaDir: mediaDirOf(c) }))
  })
  .post('/produtos/:id/imagens/:imagem', async (c) => {
    const staff = await requireStaff(c, 'catalog:write')
    const { id, imagem } = paramsOf(c, imageParamsSchema, IMAGE_MESSAGES.imagem)
    const { alt } = await readJson(c, altRequestSchema)
    return answer(c, await setImageAlt(c.get('ctx').db, { productId: id, imageId: imagem, alt, actor: staff.actor }))
  })
