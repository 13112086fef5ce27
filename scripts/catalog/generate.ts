/**
 * Replaces the store's data with a generated demo catalog of any size, for benchmarks:
 *   node --import tsx scripts/catalog/generate.ts --size 100000 [--seed 20261101]
 * DATA_DIR / DATABASE_URL choose the database (as for the server). Existing rows and media are deleted.
 */
import { parseArgs } from 'node:util'
import { loadEnv } from '../../server/env'
import { clearStore } from '../../server/seed/reset'
import { DEFAULT_SEED, seedDemo } from '../../server/seed/seed'
import { openStoreDatabase } from './database'

const { values } = parseArgs({ options: { size: { type: 'string' }, seed: { type: 'string' } } })
const env = loadEnv()
const size = Number(values.size ?? env.CATALOG_SIZE)
const seed = Number(values.seed ?? DEFAULT_SEED)
if (!Number.isInteger(size) || size < 50) {
  process.stderr.write('--size deve ser um inteiro ≥ 50\n')
  process.exit(1)
}

const lap = (() => {
  let last = performance.now()
  return () => {
    const now = performance.now()
    const ms = Math.round(now - last)
    last = now
    return ms
  }
})()

const database = await openStoreDatabase(env)
try {
  await database.migrate()
  const migrateMs = lap()
  await clearStore(database.db, env.dataDir)
  const clearMs = lap()
  const summary = await seedDemo(database.db, { dataDir: env.dataDir, size, seed })
  const seedMs = lap()
  console.log(JSON.stringify({ db: database.kind, size, seed, migrateMs, clearMs, seedMs, ...summary }))
} finally {
  await database.close()
}
