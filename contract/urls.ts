/**
 * The storefront's page paths for catalog entities, in one place: cards, menus, sidebars,
 * canonical links, JSON-LD and the sitemap all build them here. Each segment is URI-encoded.
 */
const seg = encodeURIComponent

/** /produto/{link_real} */
export const productPath = (linkReal: string) => `/produto/${seg(linkReal)}`

/** /categoria/{ndi} (the token works too) */
export const categoryPath = (ndi: string) => `/categoria/${seg(ndi)}`

/** /marca/{id}/ */
export const brandPath = (link: string) => `/marca/${seg(link)}/`

/**
 * A brand within a category: /marca/{mc}/{name}/, where name is the category's ndi (canonical) or,
 * as the spec's brand sidebar links it, its title.
 */
export const brandCategoryPath = (brandLink: string, category: string) => `/marca/${seg(brandLink)}/${seg(category)}/`

/**
 * /produto/marca/{id}/{link}/: where the spec's brand + category page links its sidebar. The
 * store serves the same brand + category listing there (app/routes.ts).
 */
export const brandCategorySidebarPath = (brandLink: string, categoryLink: string) => `/produto/marca/${seg(brandLink)}/${seg(categoryLink)}/`

/** /busca/{text}: blank or spaces-only text goes nowhere, so null. */
export function searchPath(text: string): string | null {
  const term = text.trim()
  return term ? `/busca/${seg(term)}` : null
}

/**
 * `/compras/carrinho?sem-js=1`: the cart page with its lines rendered on the server, for a browser
 * without JavaScript (decision 0115); without it the page is the same for everyone.
 */
export const CART_PAGE_NO_SCRIPT = 'sem-js'
export const cartPageNoScriptPath = `/compras/carrinho?${CART_PAGE_NO_SCRIPT}=1`
