import path from 'node:path'
import type { Logger } from 'pino'
import { openDatabase, type Database, type Db } from '../../server/db/client'
import { loadEnv, type Env } from '../../server/env'
import { createLogger } from '../../server/log'
import { storeProfile, type StoreProfile } from '../../server/store-profile'

/** Opens the store's database the way server/main.ts does: DATABASE_URL, else PGlite in DATA_DIR/db. */
export function openStoreDatabase(env: Env): Promise<Database> {
  return env.DATABASE_URL ? openDatabase({ url: env.DATABASE_URL }) : openDatabase({ dir: path.join(env.dataDir, 'db') })
}

/** What an operator command works with: the store's database, settings, profile and log (enough to send its e-mail). */
export type OperatorDeps = { db: Db; env: Env; store: StoreProfile; log: Logger }

/**
 * Runs an operator command (npm run pedidos, npm run equipe) against the store's database: opened
 * from DATA_DIR / DATABASE_URL, migrated, closed after `work` (also when it throws); the process
 * then exits with the code `work` answers.
 */
export async function runOperatorCommand(work: (deps: OperatorDeps) => Promise<number>): Promise<never> {
  const env = loadEnv()
  const database = await openStoreDatabase(env)
  let exitCode: number
  try {
    await database.migrate()
    exitCode = await work({ db: database.db, env, store: storeProfile, log: createLogger(env.LOG_LEVEL) })
  } finally {
    await database.close()
  }
  process.exit(exitCode)
}
