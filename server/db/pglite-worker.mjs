// The embedded database's own thread (see pglite-proxy.ts): PGlite runs each statement to its end
// synchronously, so on the main thread a 100 ms search would stop every other request for 100 ms.
// Plain JavaScript: worker threads do not inherit the TypeScript loader of the main thread.
import { PGlite, parse, protocol, types } from '@electric-sql/pglite'
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm'
import { unaccent } from '@electric-sql/pglite/contrib/unaccent'
import { readFileSync } from 'node:fs'
import { parentPort, workerData } from 'node:worker_threads'

// Dates, timestamps and intervals stay text, as drizzle's PGlite driver asks for on every query.
const same = (value) => value
const parsers = {
  [types.TIMESTAMP]: same,
  [types.TIMESTAMPTZ]: same,
  [types.INTERVAL]: same,
  [types.DATE]: same,
  1231: same, // numeric[]
  1115: same, // timestamp[]
  1185: same, // timestamptz[]
  1187: same, // interval[]
  1182: same, // date[]
}

const { dataDir, fromDump, sharedBuffersMb, defaultSharedBuffersMb } = workerData
const pg = new PGlite({
  dataDir,
  // A dumped cluster instead of initdb's empty one (about 8 s of initdb saved per database).
  ...(fromDump ? { loadDataDir: new Blob([readFileSync(fromDump)]) } : {}),
  extensions: { pg_trgm, unaccent },
  // On Node the files are written as queries run; relaxed durability only skips awaiting PGlite's
  // extra file-system sync after every query (≈1 ms each, reads included).
  relaxedDurability: true,
  parsers,
  ...(sharedBuffersMb !== defaultSharedBuffersMb ? { startParams: [...PGlite.defaultStartParams, '-c', `shared_buffers=${sharedBuffersMb}MB`] } : {}),
})

// PGlite spreads its whole parser table (one entry per type and array type, hundreds) into a new
// object on every query given its own `parsers`: about as much as the query itself. They are set on
// the instance once instead — after start-up too, as its array types are added then.
await pg.waitReady
Object.assign(pg.parsers, parsers)

// Named prepared statements (outside transactions): PGlite's query() parses and plans every
// statement again (a 10-line cart read plans for longer than it runs) and makes six calls into the
// engine; a statement seen twice is prepared once, then each run is one Bind/Describe/Execute/Sync.
// PostgreSQL itself gets the same from postgres.js. Decision 0036.
const { serialize } = protocol
const PREPARED_MAX = 256
/** text → { name, types }, least recently used first. */
const prepared = new Map()
/** Statements seen once (bounded): the second sighting prepares. */
const seen = new Set()
let named = 0

function preparable(text) {
  return /^\s*(select|insert|update|delete|with|values)\b/i.test(text)
}

function concat(parts) {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0))
  let at = 0
  for (const p of parts) {
    out.set(p, at)
    at += p.length
  }
  return out
}

/** One run of a prepared statement, holding PGlite's locks as its own query() does; null: run it plainly. */
async function runPrepared(text, params, rowMode) {
  let entry = prepared.get(text)
  if (!entry) {
    if (!seen.has(text)) {
      if (seen.size >= 4 * PREPARED_MAX) seen.clear()
      seen.add(text)
      return null
    }
    seen.delete(text)
  }
  return pg._runExclusiveTransaction(() =>
    pg._runExclusiveQuery(async () => {
      if (entry) {
        // Most recently used last.
        prepared.delete(text)
        prepared.set(text, entry)
      } else {
        const name = `vt_${++named}`
        const described = await pg.execProtocolStream(concat([serialize.parse({ name, text }), serialize.describe({ type: 'S', name }), serialize.sync()]), {
          syncToFs: false,
        })
        entry = { name, types: parse.parseDescribeStatementResults(described) }
        prepared.set(text, entry)
        if (prepared.size > PREPARED_MAX) {
          const [oldText, old] = prepared.entries().next().value
          prepared.delete(oldText)
          await pg.execProtocolStream(concat([serialize.close({ type: 'S', name: old.name }), serialize.sync()]), { syncToFs: false })
        }
      }
      const values = params.map((value, i) => {
        if (value == null) return null
        const serializer = pg.serializers[entry.types[i]]
        return serializer ? serializer(value) : value.toString()
      })
      let messages
      try {
        messages = await pg.execProtocolStream(
          concat([serialize.bind({ statement: entry.name, values }), serialize.describe({ type: 'P' }), serialize.execute({}), serialize.sync()]),
          { syncToFs: false },
        )
      } catch (err) {
        // A table changed under the kept plan ("cached plan must not change result type"): forget
        // it and run the statement plainly. Any other error is the statement's own.
        if (err?.code !== '0A000') throw err
        prepared.delete(text)
        await pg.execProtocolStream(concat([serialize.close({ type: 'S', name: entry.name }), serialize.sync()]), { syncToFs: false })
        return null
      }
      await pg.syncToFs()
      return parse.parseResults(messages, pg.parsers, { rowMode })[0] ?? { rows: [], fields: [] }
    }),
  )
}

/** Open transactions: id → the PGlite transaction and how to end it. */
const open = new Map()

function reply(id, value) {
  parentPort.postMessage({ id, value })
}

/** An error as plain fields (PostgreSQL's code, detail, constraint…): only what can cross threads. */
function fail(id, err) {
  const error = { message: err instanceof Error ? err.message : String(err) }
  if (err instanceof Error) {
    error.name = err.name
    error.stack = err.stack
    for (const [key, value] of Object.entries(err)) {
      if (value == null || ['string', 'number', 'boolean'].includes(typeof value)) error[key] = value
    }
  }
  parentPort.postMessage({ id, error })
}

function target(tx) {
  if (!tx) return pg
  const found = open.get(tx)
  if (!found) throw new Error(`transação ${tx} não está aberta`)
  return found.tx
}

async function handle(message) {
  const { id, op } = message
  switch (op) {
    case 'ready':
      await pg.waitReady
      return reply(id, true)
    case 'query': {
      const direct = !message.tx && preparable(message.text) ? await runPrepared(message.text, message.params ?? [], message.rowMode) : null
      const result = direct ?? (await target(message.tx).query(message.text, message.params, { rowMode: message.rowMode }))
      return reply(id, { rows: result.rows, fields: result.fields, affectedRows: result.affectedRows })
    }
    case 'exec': {
      const results = await target(message.tx).exec(message.text)
      return reply(
        id,
        results.map((r) => ({ rows: r.rows, fields: r.fields, affectedRows: r.affectedRows })),
      )
    }
    case 'begin': {
      // The transaction stays open (holding PGlite's lock, as in one thread) until 'end' says how it
      // ends; 'end' sets `settle`, called once PGlite has committed or rolled back.
      const entry = { tx: null, end: null, settle: null }
      const ended = new Promise((resolve, reject) => (entry.end = { resolve, reject }))
      pg.transaction(async (tx) => {
        entry.tx = tx
        open.set(id, entry)
        reply(id, true)
        await ended
      }).then(
        () => {
          open.delete(id)
          entry.settle?.(null)
        },
        (err) => {
          open.delete(id)
          // Refused before it began: the 'begin' itself fails.
          if (!entry.tx) fail(id, err)
          else entry.settle?.(err)
        },
      )
      return
    }
    case 'end': {
      const found = open.get(message.tx)
      if (!found) throw new Error(`transação ${message.tx} não está aberta`)
      // Answered when PGlite has committed (or rolled back): with COMMIT's error, if any.
      found.settle = (err) => (err && message.commit ? fail(id, err) : reply(id, true))
      if (message.commit) found.end.resolve()
      else found.end.reject(new Error('rollback'))
      return
    }
    case 'listen':
      // PGlite's own LISTEN: a NOTIFY (the catalog triggers') comes back as a message of its own,
      // posted before the reply of the statement that committed it.
      await pg.listen(message.channel, (payload) => parentPort.postMessage({ notify: message.channel, payload }))
      return reply(id, true)
    case 'close':
      await pg.close()
      return reply(id, true)
    default:
      throw new Error(`operação desconhecida: ${op}`)
  }
}

parentPort.on('message', (message) => {
  handle(message).catch((err) => fail(message.id, err))
})
