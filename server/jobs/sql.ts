import type PgBoss from 'pg-boss'
import type { RawSql } from '../db/client'
import { preparedRows } from '../db/sql'
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

export function transactionAdapter(tx: Tx): PgBoss.Db {
  return {
    async executeSql(text, values) {
      return { rows: await preparedRows(tx, text, (values ?? []).map(param)) }
    },
  }
}
