// Limits of the product editor's Variations and Stock sections, without zod: the admin pages check a
// field against them before sending (contract/admin/catalog-stock.ts holds the schemas, and
// contract/messages/products.ts the sentences).

/** The most units one product or option may count (a typo of a few zeros is refused). */
export const MAX_STOCK = 1_000_000
/** A value's price at most: R$ 1.000.000,00. */
export const MAX_PRICE_CENTS = 100_000_000
export const GROUP_NAME_MAX = 60
export const VALUE_NAME_MAX = 80
