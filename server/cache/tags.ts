/**
 * What cache entries are built from, by name. A change notification from the database names the
 * products it changed (decision 0033): forgetProducts drops the entries carrying their tags.
 */
export const productTag = (id: number): string => `product:${id}`
/** A cached match set (its key): the listings and searches computed from it carry this tag. */
export const matchSetTag = (key: string): string => `set:${key}`
