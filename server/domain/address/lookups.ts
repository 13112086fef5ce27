import { and, desc, eq, gt, lt, ne, or } from 'drizzle-orm'
import type { CepData } from '../../../contract/address'
import type { Db } from '../../db/client'
import { cepLookups } from '../../db/schema'
import { lookupCep, type CepAddress } from '../../integrations/cep/lookup'
import { randomToken } from '../../lib/tokens'

/** How long a cod (one CEP look-up) is valid. */
export const LOOKUP_TTL_MS = 60 * 60 * 1000
/** How long the online provider's answers are kept to stand in for it while it is down. */
export const PROVIDER_ANSWER_TTL_MS = 30 * 24 * 60 * 60 * 1000

export type LookupContext = {
  db: Db
  env: { CEP_PROVIDER_URL?: string }
  log: { warn(obj: object, msg: string): void }
}

/** A customer's look-up: what the CEP resolved to; bairro and rua are '' when only the city is known. */
export type Lookup = { cod: string; cep: string; estado: string; cidade: string; bairro: string; rua: string }

/**
 * Resolves a CEP (lookupCep: provider, its kept answers, bundled data) and records the look-up for
 * the customer; null when the CEP does not exist. The record is what the cod names for an hour, and
 * a provider's answer is kept for its CEP.
 */
export async function lookUpCep(ctx: LookupContext, customerId: number, cep: string, now = new Date()): Promise<Lookup | null> {
  const found = await lookupCep(cep, {
    providerUrl: ctx.env.CEP_PROVIDER_URL,
    kept: (wanted) => keptProviderAnswer(ctx.db, wanted, now),
    onProviderFailure: (wanted, reason) => ctx.log.warn({ cep: wanted, reason }, 'CEP provider not used; bundled data answers'),
  })
  if (!found) return null
  const row = {
    cod: randomToken(18),
    customerId,
    cep,
    estado: found.uf,
    cidade: found.cidade,
    bairro: found.bairro,
    rua: found.rua,
    fonte: found.fonte,
    createdAt: now,
  }
  await ctx.db.insert(cepLookups).values(row)
  return { cod: row.cod, cep, estado: row.estado, cidade: row.cidade, bairro: row.bairro, rua: row.rua }
}

/** The newest answer the provider gave for a CEP in the last 30 days. */
async function keptProviderAnswer(db: Db, cep: string, now: Date): Promise<CepAddress | null> {
  const [row] = await db
    .select({ cep: cepLookups.cep, uf: cepLookups.estado, cidade: cepLookups.cidade, bairro: cepLookups.bairro, rua: cepLookups.rua })
    .from(cepLookups)
    .where(and(eq(cepLookups.cep, cep), eq(cepLookups.fonte, 'provedor'), gt(cepLookups.createdAt, new Date(now.getTime() - PROVIDER_ANSWER_TTL_MS))))
    .orderBy(desc(cepLookups.createdAt))
    .limit(1)
  return row ? { ...row, fonte: 'provedor' } : null
}

/** The customer's look-up a cod names, while it is valid (an hour); null for another customer's or an old one. */
export async function findLookup(db: Db, customerId: number, cod: string, now = new Date()): Promise<Lookup | null> {
  const [row] = await db
    .select({ cod: cepLookups.cod, cep: cepLookups.cep, estado: cepLookups.estado, cidade: cepLookups.cidade, bairro: cepLookups.bairro, rua: cepLookups.rua })
    .from(cepLookups)
    .where(and(eq(cepLookups.cod, cod), eq(cepLookups.customerId, customerId), gt(cepLookups.createdAt, new Date(now.getTime() - LOOKUP_TTL_MS))))
    .limit(1)
  return row ?? null
}

/** busca-endereco's data: the look-up without its cod. */
export function cepDataOf(lookup: Lookup): CepData {
  return { cep: lookup.cep, estado: lookup.estado, cidade: lookup.cidade, bairro: lookup.bairro, rua: lookup.rua }
}

/** Maintenance: look-ups whose cod expired, except the provider's answers, kept 30 days. */
export async function deleteOldLookups(db: Db, now = new Date()): Promise<number> {
  const codExpired = lt(cepLookups.createdAt, new Date(now.getTime() - LOOKUP_TTL_MS))
  const answerExpired = lt(cepLookups.createdAt, new Date(now.getTime() - PROVIDER_ANSWER_TTL_MS))
  const gone = await db
    .delete(cepLookups)
    .where(or(answerExpired, and(codExpired, ne(cepLookups.fonte, 'provedor'))))
    .returning({ cod: cepLookups.cod })
  return gone.length
}
