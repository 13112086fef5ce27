/**
 * The store's job queues and how each retries (docs/decisions/0125-durable-jobs.md). A job's
 * `expireInSeconds` is also how soon a job whose process died (kill -9, out of memory) runs again:
 * the queue's maintenance (every MAINTENANCE_SECONDS, one instance at a time) fails it by timeout and
 * its retry starts. For an e-mail: 25 s + at most two maintenance ticks (a tick that comes just
 * before the interval is up waits for the next) + the first retry's 5–10 s, under a minute; a send
 * cannot outlive its expiry, as SMTP gives up well before (server/integrations/mail/mailer.ts).
 */
export const MAINTENANCE_SECONDS = 10

export const QUEUES = {
  /** Every e-mail: a message to deliver once (server/jobs/mail.ts). */
  email: { policy: 'standard', retryLimit: 8, retryDelay: 5, retryBackoff: true, expireInSeconds: 25 },
  /** Unpaid Pix and boleto orders past their deadline (server/domain/order/expiry.ts). */
  'pedidos-vencidos': { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 40, cron: '* * * * *' },
  /** Payment reconciliation (server/domain/payment/reconcile.ts). */
  'conciliacao-pagamentos': { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 40, cron: '* * * * *' },
  /** Promotions starting or ending: the catalog's change notification at that moment (server/domain/promotions/clock.ts). */
  'promocoes-agenda': { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 40, cron: '* * * * *' },
  /** One step of a label's purchase (cart, checkout, generate, print), each its own job (server/domain/shipping/labels.ts). */
  etiquetas: { policy: 'standard', retryLimit: 5, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  /** Labels bought and not yet delivered, asked of the provider: what no webhook reported (server/domain/shipping/labels.ts). */
  'rastreio-etiquetas': { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 120, cron: '*/30 * * * *' },
  /** Webhook deliveries of one endpoint and resource, in order (server/domain/integrations/deliver.ts); the retries are its own. */
  webhooks: { policy: 'standard', retryLimit: 3, retryDelay: 5, retryBackoff: true, expireInSeconds: 60 },
  /** Deliveries due whose job was lost (a process died): picked up every minute. */
  'webhooks-rodada': { policy: 'stately', retryLimit: 3, retryDelay: 10, retryBackoff: true, expireInSeconds: 120, cron: '* * * * *' },
  /**
   * The NF-e of paid, cancelled and returned orders (server/domain/fiscal/jobs.ts): one provider call
   * per job, retried with backoff while the provider is down or slow (docs/decisions/0129-nfe.md).
   */
  nfe: { policy: 'standard', retryLimit: 8, retryDelay: 15, retryBackoff: true, expireInSeconds: 60 },
  /** Expired sessions, idle carts, old look-ups; the embedded database's vacuum (server/db/maintenance.ts). */
  manutencao: { policy: 'stately', retryLimit: 3, retryDelay: 30, retryBackoff: true, expireInSeconds: 45, cron: '*/10 * * * *' },
} as const

export type QueueName = keyof typeof QUEUES
export const QUEUE_NAMES = Object.keys(QUEUES) as QueueName[]
