import { sql, type SQL } from 'drizzle-orm'
import type PgBoss from 'pg-boss'
import type { RawSql } from '../db/client'
import { textArrayLiteral } from '../db/sql'
import type { Tx } from '../db/tx'

/**
 * pg-boss speaks SQL through one method, executeSql (its `db` option). These two adapters let it
 * speak through the store's own connections: the database's (PGlite's thread or the PostgreSQL
 * pool — no second pool, and the same code on both engines) and a writer's open transaction, so a
 * job is enqueued by the transaction that causes it (docs/decisions/0125-durable-jobs.md).
 */

/** pg-boss's maintenance commands arrive as one `BEGIN; …; COMMIT;` string. */
const WRAPPED = /^\s*BEGIN;([\s\S]*)COMMIT;\s*$/

/** Objects (a job's data, a queue's options) travel as JSON text; Dates as ISO text. */
function param(value: unknown): unknown {
  if (value === undefined) return null
  if (value instanceof Date) return value.toISOString()
  if (value !== null && typeof value === 'object' && !Array.isArray(value)) return JSON.stringify(value)
  return value
}

export function databaseAdapter(raw: RawSql): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const wrapped = WRAPPED.exec(text)
      if (wrapped) return { rows: await raw.script(wrapped[1]) }
      if (!values?.length && text.includes(';') && text.trim().replace(/;\s*$/, '').includes(';')) return { rows: await raw.script(text) }
      return { rows: await raw.query(text, (values ?? []).map(param)) }
    },
  }
}

/** `$1`, `$2`… of pg-boss's statement as drizzle parameters, so the statement runs in `tx`. */
function drizzleSql(text: string, values: unknown[]): SQL {
  const chunks: SQL[] = []
  let at = 0
  for (const m of text.matchAll(/\$(\d+)/g)) {
    const value = values[Number(m[1]) - 1]
    // drizzle spreads an array into a list of parameters: a uuid[] goes as one array literal.
    chunks.push(sql.raw(text.slice(at, m.index)), sql`${Array.isArray(value) ? textArrayLiteral(value.map(String)) : param(value)}`)
    at = m.index + m[0].length
  }
  chunks.push(sql.raw(text.slice(at)))
  return sql.join(chunks)
}

export function transactionAdapter(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      const answer = (await tx.execute(drizzleSql(text, values ?? []))) as unknown as { rows: unknown[] } | unknown[]
      return { rows: Array.isArray(answer) ? [...answer] : answer.rows }
    },
  }
}
