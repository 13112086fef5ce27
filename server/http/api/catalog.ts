import { Hono, type Context } from 'hono'
import { detalheProdutoQuerySchema, inicioQuerySchema, itensCategoriaQuerySchema, listingQuerySchema, pesquisaQuerySchema } from '../../../contract/catalog'
import { CATALOG } from '../../../contract/messages/catalog-reasons'
import { getHomeBlock, getProductDetail, listBrand, listBrandInCategory, listCategory, searchCatalog } from '../../domain/catalog'
import { normalizeTerm } from '../../domain/catalog/search'
import { countsAsView } from '../../lib/requests'
import { refuse } from '../../domain/refusal'
import { NOT_IN_CART_HEADER, SEARCH_HEADER, SHARED_HEADER, SHARED_VALUE, VIEW_HEADER } from '../cache-headers'
import type { AppBindings } from '../context'
import { sendJson } from '../encoding'
import { readQuery } from '../validate'

/** Shared catalog reads may sit in caches briefly; answers that depend on the visitor never do. */
const PUBLIC = 'public, max-age=60'
const PRIVATE = 'private, no-store'

/** The answer is the same for every visitor: the micro-cache may keep it (micro-cache.ts). */
function shared(c: Context<AppBindings>, cacheControl = PUBLIC): void {
  c.header('Cache-Control', cacheControl)
  c.header(SHARED_HEADER, SHARED_VALUE)
}

const brandListing = async (c: Context<AppBindings>) => {
  const ctx = c.get('ctx')
  const result = await listBrand(ctx, c.req.param('id') ?? '', readQuery(c, listingQuerySchema))
  if (!result) throw refuse(CATALOG.marca)
  shared(c)
  return sendJson(c, result)
}

const brandInCategory = async (c: Context<AppBindings>) => {
  const ctx = c.get('ctx')
  const result = await listBrandInCategory(ctx, c.req.param('mc') ?? '', c.req.param('name') ?? '', readQuery(c, listingQuerySchema))
  if (!result) throw refuse(CATALOG.marca)
  shared(c)
  // The product list itself; the page takes its header from its own loader.
  return sendJson(c, result.data)
}

export const catalogApi = new Hono<AppBindings>()
  .get('/inicio', async (c) => {
    const { bloco } = readQuery(c, inicioQuerySchema)
    shared(c)
    return sendJson(c, await getHomeBlock(c.get('ctx'), bloco))
  })
  .get('/pesquisa', async (c) => {
    const ctx = c.get('ctx')
    const query = readQuery(c, pesquisaQuerySchema)
    // The results are the same for everyone; keeping the term in the visitor's history is the only
    // personal part, and a cached copy does that too (SEARCH_HEADER). Browsers must not keep it.
    const result = await searchCatalog(ctx, query, ctx.session)
    shared(c, PRIVATE)
    const { term } = normalizeTerm(query.p)
    if (term) c.header(SEARCH_HEADER, encodeURIComponent(term))
    return sendJson(c, result)
  })
  .get('/detalhe-produto', async (c) => {
    const ctx = c.get('ctx')
    const { id } = readQuery(c, detalheProdutoQuerySchema)
    const found = await getProductDetail(ctx, id, {
      sessionId: ctx.session.current()?.id ?? null,
      recordView: countsAsView(c.req.raw),
    })
    if (!found) throw refuse(CATALOG.produto)
    // crr depends on the visitor's cart. Not in the cart, the answer is the one every such visitor
    // gets: the micro-cache may keep it, serving it only to carts without the product and still
    // counting the view. Browsers must not keep it (crr changes when the cart does).
    if (found.response[0].crr.crr === 0) {
      shared(c, PRIVATE)
      c.header(NOT_IN_CART_HEADER, String(found.productId))
      c.header(VIEW_HEADER, String(found.productId))
    } else {
      c.header('Cache-Control', PRIVATE)
    }
    // The domain hands out one object per product and crr, whose bytes sendJson keeps.
    return sendJson(c, found.response)
  })
  .get('/itens-categoria', async (c) => {
    const result = await listCategory(c.get('ctx'), readQuery(c, itensCategoriaQuerySchema))
    if (!result) throw refuse(CATALOG.categoria)
    shared(c)
    return sendJson(c, result)
  })
  .get('/itens-marca/:id', brandListing)
  .get('/itens-marca/:id/', brandListing)
  .get('/busca-esp/:mc/:name', brandInCategory)
  .get('/busca-esp/:mc/:name/', brandInCategory)
