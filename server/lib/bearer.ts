import { timingSafeEqual } from 'node:crypto'

/** True when an `Authorization` header carries `Bearer <token>` for the configured token (compared in constant time). */
export function bearerMatches(header: string | undefined, token: string | undefined): boolean {
  const sent = /^Bearer\s+(.+)$/i.exec(header ?? '')?.[1]?.trim()
  if (!token || !sent) return false
  const a = Buffer.from(sent)
  const b = Buffer.from(token)
  return a.length === b.length && timingSafeEqual(a, b)
}

/** The token of an `Authorization: Bearer <token>` header, or null. */
export function bearerToken(header: string | undefined): string | null {
  return /^Bearer\s+(\S+)\s*$/i.exec(header ?? '')?.[1] ?? null
}
