import type { Logger } from 'pino'
import type { Db } from '../db/client'
import type { Env } from '../env'
import { demoBucket } from '../integrations/storage'
import { seedIfEmpty } from './seed'
import { seedDemoStaff } from './staff'

/**
 * The demo a start seeds into an empty database: the catalog, orders and demo customer, then the
 * demo staff. Live mode seeds nothing, whatever SEED_DEMO says (docs/decisions/0122-live-mode.md):
 * its first owner comes from `npm run equipe -- convidar`. Answers whether the catalog was seeded.
 */
export async function seedDemoAtStart(
  db: Db,
  env: Pick<Env, 'STORE_MODE' | 'SEED_DEMO' | 'dataDir' | 'CATALOG_SIZE'> & Parameters<typeof demoBucket>[0],
  log: Logger,
): Promise<boolean> {
  if (env.STORE_MODE !== 'demo' || env.SEED_DEMO !== 'true') return false
  const { seeded } = await seedIfEmpty(db, { dataDir: env.dataDir, size: env.CATALOG_SIZE, log, bucket: demoBucket(env) })
  if (await seedDemoStaff(db)) log.info('equipe de demonstração criada (dono.demo@example.com)')
  return seeded
}

/** Why `npm run seed:reset` must not run here, or null: it empties the store, which a live store never wants. */
export function resetRefusal(env: Pick<Env, 'STORE_MODE'>): string | null {
  return env.STORE_MODE === 'live'
    ? 'npm run seed:reset apaga a loja inteira e recria a demonstração: ele não roda com STORE_MODE=live. Para ensaiar, use outro DATA_DIR (ou banco) com STORE_MODE=demo.'
    : null
}
