import { and, desc, eq, gte, lt, type SQL } from 'drizzle-orm'
import type { AuditoriaQuery } from '../../../contract/admin/staff'
import type { Db } from '../../db/client'
import { belowId, newestFirstPage } from '../../db/keyset'
import { auditLog } from '../../db/schema'

export const AUDIT_PAGE_SIZE = 50

/** One line of the Auditoria, as the page shows it. */
export type AuditRow = {
  id: number
  em: string
  quem: string
  quemTipo: 'staff' | 'customer' | 'system' | 'cli' | 'api'
  quemId: number | null
  ip: string | null
  acao: string
  entidade: string
  entidadeId: string | null
  antes: unknown
  depois: unknown
}
/** The store's day: a date filter means a day in São Paulo, whatever the server's zone. */
const dayStart = (date: string) => new Date(`${date}T00:00:00-03:00`)
const nextDay = (date: string) => new Date(dayStart(date).getTime() + 24 * 60 * 60_000)

/**
 * The audit log, newest first, filtered by who (a staff id), action, entity, a date range and the
 * /api/v1 call that wrote it,
 * 50 lines a page; `antes` continues below the last id seen (a keyset page, server/db/keyset.ts, stays
 * fast however long the log grows: the filters' indexes all end in `at`, and ids grow with time).
 */
export async function listAudit(db: Db, query: AuditoriaQuery): Promise<{ linhas: AuditRow[]; proxima: number | null }> {
  const where: SQL[] = []
  if (query.quem) where.push(eq(auditLog.actorKind, 'staff'), eq(auditLog.actorId, query.quem))
  if (query.acao) where.push(eq(auditLog.action, query.acao))
  if (query.entidade) where.push(eq(auditLog.entity, query.entidade))
  if (query.de) where.push(gte(auditLog.at, dayStart(query.de)))
  if (query.ate) where.push(lt(auditLog.at, nextDay(query.ate)))
  if (query.chamada) where.push(eq(auditLog.apiRequestId, query.chamada))
  if (query.antes) where.push(belowId(auditLog.id, query.antes))
  const found = await db
    .select()
    .from(auditLog)
    .where(and(...where))
    .orderBy(desc(auditLog.id))
    .limit(AUDIT_PAGE_SIZE + 1)
  const page = newestFirstPage(found, AUDIT_PAGE_SIZE)
  return {
    linhas: page.rows.map((r) => ({
      id: r.id,
      em: r.at.toISOString(),
      quem: r.actorLabel,
      quemTipo: r.actorKind,
      quemId: r.actorId,
      ip: r.ip,
      acao: r.action,
      entidade: r.entity,
      entidadeId: r.entityId,
      antes: r.before,
      depois: r.after,
    })),
    proxima: page.next,
  }
}

/** The actions and entities seen in the log, for the filters' choices. */
export async function auditVocabulary(db: Db): Promise<{ acoes: string[]; entidades: string[] }> {
  const [acoes, entidades] = await Promise.all([
    db.selectDistinct({ v: auditLog.action }).from(auditLog).orderBy(auditLog.action),
    db.selectDistinct({ v: auditLog.entity }).from(auditLog).orderBy(auditLog.entity),
  ])
  return { acoes: acoes.map((r) => r.v), entidades: entidades.map((r) => r.v) }
}
