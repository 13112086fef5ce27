import { CATEGORIA_NAO_ENCONTRADA, MARCA_NAO_ENCONTRADA, PRODUTO_NAO_ENCONTRADO } from './catalog'
import { reasons } from './reason'

// The refusals of catalog.ts's sentences (docs/decisions/0119-reasons-with-codes.md). Beside it, not in it:
// the pages import those sentences, and the bundler keeps a module's imports even when nothing of
// them is used, so a page that only shows a message would load reason.ts too.

/** The catalog's refusals: what the shopper asked for is not there. */
export const CATALOG = reasons('catalog', {
  produto: ['not_found', PRODUTO_NAO_ENCONTRADO],
  categoria: ['not_found', CATEGORIA_NAO_ENCONTRADA],
  marca: ['not_found', MARCA_NAO_ENCONTRADA],
})
