import { createServer, type Server } from 'node:http'
import type { Logger } from 'pino'
import { bearerMatches } from '../lib/bearer'
import { isLoopbackIp } from '../lib/origin'
import { metrics } from '../metrics'

/**
 * The worker's own GET /metrics (`WORKER_METRICS_PORT`): what only that process knows, such as the
 * failed attempts of the jobs it ran (server/jobs/metrics.ts), beside the queue figures every
 * instance reports. Prometheus scrapes it directly, so the client is the socket's peer: a loopback
 * one, or any with `Authorization: Bearer METRICS_TOKEN`; anyone else gets a 404. Without a token it
 * listens on 127.0.0.1 only.
 */
export function serveWorkerMetrics(port: number, token: string | undefined, log: Logger): Promise<Server> {
  const server = createServer((req, res) => {
    const allowed = isLoopbackIp(req.socket.remoteAddress ?? '') || bearerMatches(req.headers.authorization, token)
    if (req.method !== 'GET' || new URL(req.url ?? '/', 'http://worker').pathname !== '/metrics' || !allowed) {
      res.writeHead(404, { 'Content-Type': 'text/plain; charset=utf-8' }).end('Não encontrado')
      return
    }
    metrics.metrics().then(
      (body) => res.writeHead(200, { 'Content-Type': metrics.contentType, 'Cache-Control': 'no-store' }).end(body),
      (err: unknown) => {
        log.warn({ err }, 'worker: métricas indisponíveis')
        res.writeHead(503).end()
      },
    )
  })
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, token ? undefined : '127.0.0.1', () => resolve(server))
  })
}
