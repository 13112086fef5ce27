// The loopback ceiling for the benchmark: a bare node:http server (no framework, no work) answering
// GET /n/{bytes} with that many bytes. `npm run bench` loads it with the API scenarios' answer sizes
// to show how much of the baseline's rate an answer of that size can reach on this machine at all.
import { createServer } from 'node:http'
import { randomBytes } from 'node:crypto'

const bodies = new Map()
const server = createServer((req, res) => {
  const size = Math.min(1_000_000, Math.max(1, Number((req.url ?? '').split('/')[2]) || 15))
  let body = bodies.get(size)
  if (!body) bodies.set(size, (body = randomBytes(size)))
  res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length, 'cache-control': 'no-store' })
  res.end(body)
})
server.listen(Number(process.env.PORT), '127.0.0.1', () => process.send?.('ready'))
