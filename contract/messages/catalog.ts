/**
 * Catalog not-found texts and the view header: pt-BR sentences both sides show, without zod, so a page that only shows them ships these
 * lines and not zod's runtime with the schemas (decision 0060). contract/catalog.ts re-exports them. The refusals made
 * from them are in catalog-reasons.ts.
 */

/**
 * Request header the store's own pages send on follow-up reads of a product already counted (the
 * in-cart check after a cached page): detalhe-produto does not count it as another view.
 */
export const NOT_A_VIEW_HEADER = 'x-vitrine-not-a-view'
export const PRODUTO_NAO_ENCONTRADO = 'Não encontramos esse produto'
export const CATEGORIA_NAO_ENCONTRADA = 'Não encontramos essa categoria'
export const MARCA_NAO_ENCONTRADA = 'Nenhum resultado foi encontrado'
