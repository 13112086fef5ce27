import { createContext, useContext } from 'react'

/**
 * This page answer's CSP nonce (server/http/csp.ts), given by app/entry.server.tsx around the
 * router: root.tsx passes it to <Scripts>/<ScrollRestoration>, and any inline <script> or <style>
 * a component renders must carry it. In the browser it is '' (the browser hides nonces anyway).
 */
const NonceContext = createContext('')
export const NonceProvider = NonceContext.Provider
export const useNonce = (): string => useContext(NonceContext)
