/**
 * npm run seed:reset — empties every table and the generated media, then seeds the demo store again
 * (CATALOG_SIZE products). Stop the server first when it uses PGlite: only one process can open DATA_DIR/db.
 * It refuses to run with STORE_MODE=live.
 */
import { loadEnv } from '../server/env'
import { createLogger } from '../server/log'
import { clearStore } from '../server/seed/reset'
import { seedIfEmpty } from '../server/seed/seed'
import { resetRefusal } from '../server/seed/start'
import { demoBucket } from '../server/integrations/storage'
import { openStoreDatabase } from './catalog/database'

const env = loadEnv()
const refused = resetRefusal(env)
if (refused) {
  console.error(refused)
  process.exit(1)
}
const log = createLogger(env.LOG_LEVEL)
const database = await openStoreDatabase(env)
try {
  await database.migrate()
  await clearStore(database.db, env.dataDir)
  log.info({ db: database.kind, dataDir: env.dataDir }, 'loja esvaziada')
  await seedIfEmpty(database.db, { dataDir: env.dataDir, size: env.CATALOG_SIZE, log, bucket: demoBucket(env) })
} finally {
  await database.close()
}
