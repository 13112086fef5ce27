// A second store process for the multi-instance placement test: its own pool, caches and payment
// provider on the same PostgreSQL database. argv: database URL, then sessionId:customerId pairs.
// Waits for "go" on stdin so both processes start placing together; prints one JSON line of results.
import pino from 'pino'
import { openDatabase } from '../../server/db/client'
import { placeOrder } from '../../server/domain/order/place'
import { storeProfile } from '../../server/store-profile'
import { testEnv } from './app'
import { installTestSandbox } from './checkout'

const [url, ...pairs] = process.argv.slice(2)
const database = await openDatabase({ url, max: 4 })
const payments = installTestSandbox(database.db)
const deps = { db: database.db, env: testEnv, store: storeProfile, log: pino({ level: 'silent' }), payments }
const owners = pairs.map((p) => {
  const [sessionId, customerId] = p.split(':')
  return { sessionId, customerId: Number(customerId) }
})
process.stdout.write('ready\n')
await new Promise<void>((resolve) => process.stdin.once('data', () => resolve()))
const results = await Promise.all(
  owners.map((o) =>
    placeOrder(deps, o, {}).then(
      (r) => ('pedido' in r ? 'ok' : r.message),
      (err: Error) => `erro: ${err.message}`,
    ),
  ),
)
process.stdout.write(`${JSON.stringify(results)}\n`)
await database.close()
process.exit(0)
