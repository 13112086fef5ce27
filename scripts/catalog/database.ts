import path from 'node:path'
import { openDatabase, type Database } from '../../server/db/client'
import type { Env } from '../../server/env'

/** Opens the store's database the way server/main.ts does: DATABASE_URL, else PGlite in DATA_DIR/db. */
export function openStoreDatabase(env: Env): Promise<Database> {
  return env.DATABASE_URL ? openDatabase({ url: env.DATABASE_URL }) : openDatabase({ dir: path.join(env.dataDir, 'db') })
}
