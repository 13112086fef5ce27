// The wire contract: every request and response schema, the validators they use, and the
// registry of calls. Browser code may import from here; nothing in contract/ touches Node.
export * from './common'
export * from './validators'
export * from './menu'
export * from './newsletter'
export * from './catalog'
export * from './pricing'
export * from './text'
export * from './cart'
export * from './auth'
export * from './address'
export * from './checkout'
export * from './endpoints'
