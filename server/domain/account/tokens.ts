import { and, eq, gt, lt } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { authTokens } from '../../db/schema'
import { randomToken, sha256 } from '../../lib/tokens'

/**
 * Single-use tokens of the account flows. The shopper holds a random token; the database keeps its
 * SHA-256, the kind, what it is bound to and when it expires. Using one deletes it in the same
 * statement that finds it, so two requests racing with one token get one use between them.
 */
export type TokenKind = 'acesso' | 'senha' | 'recuperacao'

export const TOKEN_TTL_MS: Record<TokenKind, number> = {
  acesso: 10 * 60_000,
  senha: 10 * 60_000,
  recuperacao: 60 * 60_000,
}

type Binding = { sessionId?: string | null; customerId?: number | null }

export async function issueToken(db: Db, kind: TokenKind, binding: Binding, now = Date.now()): Promise<string> {
  const token = randomToken(24)
  await db.insert(authTokens).values({
    id: sha256(token),
    kind,
    sessionId: binding.sessionId ?? null,
    customerId: binding.customerId ?? null,
    expiresAt: new Date(now + TOKEN_TTL_MS[kind]),
  })
  return token
}

/** A token as the shopper presents it: its kind, the token, and the session it must be bound to when given. */
type Presented = [kind: TokenKind, token: string, sessionId?: string, now?: number]
type Bound = { customerId: number | null } | null

/**
 * Uses a token: deletes it and returns what it was bound to, or null when it is unknown, of
 * another kind, expired, already used or — with `sessionId` — bound to another session.
 * A foreign session's attempt leaves the token to its owner.
 */
export async function spendToken(db: Db, ...presented: Presented): Promise<Bound> {
  const [row] = await db
    .delete(authTokens)
    .where(usable(...presented))
    .returning({ customerId: authTokens.customerId })
  return row ?? null
}

/** What a live token is bound to, without using it (null when it could not be used). */
export async function findToken(db: Db, ...presented: Presented): Promise<Bound> {
  const [row] = await db
    .select({ customerId: authTokens.customerId })
    .from(authTokens)
    .where(usable(...presented))
    .limit(1)
  return row ?? null
}

/** The row of a token that can still be used: its hash, of this kind, not expired, of this session when given. */
function usable(kind: TokenKind, token: string, sessionId?: string, now = Date.now()) {
  const conditions = [eq(authTokens.id, sha256(token)), eq(authTokens.kind, kind), gt(authTokens.expiresAt, new Date(now))]
  if (sessionId !== undefined) conditions.push(eq(authTokens.sessionId, sessionId))
  return and(...conditions)
}

/** Drops every token of a kind bound to a customer (a new recovery link replaces the old ones). */
export async function dropCustomerTokens(db: Db, customerId: number, kind?: TokenKind): Promise<void> {
  await db.delete(authTokens).where(kind ? and(eq(authTokens.customerId, customerId), eq(authTokens.kind, kind)) : eq(authTokens.customerId, customerId))
}

/** Maintenance: tokens past their time. */
export async function deleteExpiredTokens(db: Db, now = new Date()): Promise<void> {
  await db.delete(authTokens).where(lt(authTokens.expiresAt, now))
}
