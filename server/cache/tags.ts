/**
 * What cache entries are built from, by name. A write forgets the tags it makes wrong:
 * forgetProducts (a price, stock or sales change), forgetCart (a cart write), forgetHistory (a
 * search kept), forgetSession (a login, a logout).
 */
export const productTag = (id: number): string => `product:${id}`
export const cartTag = (sessionId: string): string => `cart:${sessionId}`
export const historyTag = (sessionId: string): string => `history:${sessionId}`
export const sessionTag = (sessionId: string): string => `session:${sessionId}`
/** A cached match set (its key): the listings and searches computed from it carry this tag. */
export const matchSetTag = (key: string): string => `set:${key}`
