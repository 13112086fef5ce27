import type { RequestContext } from '../server/http/context'

// Route loaders receive the server's request context (db, store profile, session) from Hono.
declare module 'react-router' {
  interface AppLoadContext extends RequestContext {}
}

export {}
