import { Hono, type Context } from 'hono'
import {
  CATEGORIA_NAO_ENCONTRADA,
  MARCA_NAO_ENCONTRADA,
  PRODUTO_NAO_ENCONTRADO,
  detalheProdutoQuerySchema,
  inicioQuerySchema,
  itensCategoriaQuerySchema,
  listingQuerySchema,
  pesquisaQuerySchema,
} from '../../../contract/catalog'
import {
  getHomeBlock,
  getProductDetail,
  listBrand,
  listBrandInCategory,
  listCategory,
  searchCatalog,
} from '../../domain/catalog'
import { countsAsView } from '../../lib/requests'
import type { AppBindings } from '../context'
import { VIEW_HEADER } from '../micro-cache'
import { WireError, readQuery } from '../validate'

/** Shared catalog reads may sit in caches briefly; answers that depend on the visitor never do. */
const PUBLIC = 'public, max-age=60'
const PRIVATE = 'private, no-store'

const brandListing = async (c: Context<AppBindings>) => {
  const ctx = c.get('ctx')
  const result = await listBrand(ctx, c.req.param('id') ?? '', readQuery(c, listingQuerySchema))
  if (!result) throw new WireError(404, MARCA_NAO_ENCONTRADA)
  c.header('Cache-Control', PUBLIC)
  return c.json(result)
}

const brandInCategory = async (c: Context<AppBindings>) => {
  const ctx = c.get('ctx')
  const result = await listBrandInCategory(ctx, c.req.param('mc') ?? '', c.req.param('name') ?? '', readQuery(c, listingQuerySchema))
  if (!result) throw new WireError(404, MARCA_NAO_ENCONTRADA)
  c.header('Cache-Control', PUBLIC)
  return c.json(result)
}

export const catalogApi = new Hono<AppBindings>()
  .get('/inicio', async (c) => {
    const { bloco } = readQuery(c, inicioQuerySchema)
    c.header('Cache-Control', PUBLIC)
    return c.json(await getHomeBlock(c.get('ctx'), bloco))
  })
  .get('/pesquisa', async (c) => {
    const ctx = c.get('ctx')
    c.header('Cache-Control', PRIVATE)
    return c.json(await searchCatalog(ctx, readQuery(c, pesquisaQuerySchema), ctx.session))
  })
  .get('/detalhe-produto', async (c) => {
    const ctx = c.get('ctx')
    const { id } = readQuery(c, detalheProdutoQuerySchema)
    const found = await getProductDetail(ctx, id, {
      sessionId: ctx.session.current()?.id ?? null,
      recordView: countsAsView(c.req.raw),
    })
    if (!found) throw new WireError(404, PRODUTO_NAO_ENCONTRADO)
    c.header(VIEW_HEADER, String(found.productId))
    c.header('Cache-Control', PRIVATE)
    return c.json(found.response)
  })
  .get('/itens-categoria', async (c) => {
    const result = await listCategory(c.get('ctx'), readQuery(c, itensCategoriaQuerySchema))
    if (!result) throw new WireError(404, CATEGORIA_NAO_ENCONTRADA)
    c.header('Cache-Control', PUBLIC)
    return c.json(result)
  })
  .get('/itens-marca/:id', brandListing)
  .get('/itens-marca/:id/', brandListing)
  .get('/busca-esp/:mc/:name', brandInCategory)
  .get('/busca-esp/:mc/:name/', brandInCategory)
