// The cart: one cart per session, its rows read from the database on every read.
export { addToCart, changeQuantity, changeVariation, removeFromCart } from './changes'
export { cartRowsRead } from './lines'
export { listCart, type CartDeps, type CartListing, type CartSession } from './list'
export { priceLine, type LinePrice } from './pricing'
export { IDLE_CART_MS, deleteIdleCarts, mergeCarts } from './upkeep'
