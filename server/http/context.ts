import type { Db } from '../db/client'
import type { EncodedJson } from './encoding'
import type { Env } from '../env'
import type { SessionRecord } from '../domain/session/session'
import type { StoreProfile } from '../store-profile'
import type { Logger } from 'pino'

/** The request's session: read lazily from the cookie, created only when something needs to be kept. */
export type SessionHandle = {
  /** The current session, or null for a visitor without one. */
  current(): SessionRecord | null
  /** Returns the session, creating it (and its cookie) when the visitor has none. */
  ensure(): Promise<SessionRecord>
  /** Switches the request to a session just created (login: a new id), whose cookie the answer sets. */
  adopt(token: string, session: SessionRecord): void
  /** The session was ended (logout): the answer clears the cookie. */
  end(): void
}

/** Everything a route loader or API handler may use; the same object reaches React Router loaders. */
export type RequestContext = {
  db: Db
  env: Env
  store: StoreProfile
  log: Logger
  session: SessionHandle
  /**
   * The tags of the cached values this request's answer is built from (server/cache), when the
   * micro-cache may keep the answer: domain reads add to it, the micro-cache keeps it with the copy.
   */
  tags?: Set<string>
  /** The client's IP as server/http/client.ts reads it; set for /admin requests (their audit lines). */
  clientIp?: string
  /** The store's origin for absolute links (server/http/client.ts storeOrigin); set for pages and /admin requests. */
  storeOrigin?: string
  /** Whether the answer's cookies get `Secure` (server/http/client.ts secureCookies); set for /admin requests. */
  secureCookies?: boolean
  /**
   * This page answer's CSP nonce (server/http/csp.ts): app/entry.server.tsx gives it to React
   * Router's inline scripts and, through app/lib/nonce.ts, to root.tsx.
   */
  cspNonce?: string
}

/** An /api/v1 call as it goes: its id (`X-Request-Id`), the key once known, the route matched, the refusal's code. */
export type ApiCallNote = { requestId: string; keyId: number | null; route: string | null; errorCode: string | null }

export type AppBindings = {
  Variables: {
    ctx: RequestContext
    /** Set by the micro-cache for the requests it compresses itself (the compress middleware stands aside). */
    selfCompressed?: boolean
    /** Set by the micro-cache when its answer already carries the security headers. */
    secured?: boolean
    /** The bytes sendJson made for the answer `res` (the micro-cache keeps them instead of reading the body back). */
    sentJson?: { res: Response; encoded: EncodedJson }
    /** What an /api/v1 call learnt for its row in the request log (server/http/api-v1/index.ts). */
    apiCall?: ApiCallNote
  }
}
