import { eq } from 'drizzle-orm'
import PgBoss from 'pg-boss'
import type { Logger } from 'pino'
import type { Database } from '../db/client'
import { maintenanceRound } from '../db/maintenance'
import { sentMail } from '../db/schema'
import { deliverDue, deliverLane } from '../domain/integrations/deliver'
import { expireOrders } from '../domain/order/expiry'
import { composeOrderMail } from '../domain/order/mail'
import { recordOrderEvent } from '../domain/order/events'
import { paymentProvider } from '../domain/payment/gateway'
import { runLabelStep, trackingRound, type LabelDeps } from '../domain/shipping/labels'
import { reconcilePayments } from '../domain/payment/reconcile'
import { promotionClockRound, promotionTimers, type PromotionTimers } from '../domain/promotions/clock'
import type { Env } from '../env'
import { sendMail } from '../integrations/mail/mailer'
import { mediaStorageOf } from '../integrations/storage'
import { runNfeJob, type NfeJob } from '../domain/fiscal/invoice'
import type { StoreProfile } from '../store-profile'
import type { MailJob } from './mail'
import { countJobFailure } from './metrics'
import { MAINTENANCE_SECONDS, QUEUE_NAMES, QUEUES, type QueueName } from './queues'
import { databaseAdapter } from './sql'

export type JobDeps = { database: Database; env: Env; store: StoreProfile; log: Logger }
export type Jobs = { boss: PgBoss; stop(): Promise<void> }

/** Failed jobs stay in the queue's table (and on the back office's list) this long. */
const FAILED_KEPT_SECONDS = 30 * 24 * 3600
const EMAIL_BATCH = 10

/**
 * Delivers one e-mail once: a key already in sent_mail is done; else the message goes (the mailer
 * writes it under its key), then its key and the order's timeline event are written together.
 */
export async function deliverMail(deps: JobDeps, job: MailJob): Promise<void> {
  const { db } = deps.database
  const [done] = await db.select({ key: sentMail.key }).from(sentMail).where(eq(sentMail.key, job.key)).limit(1)
  if (done) return
  const order = job.pedido ? await composeOrderMail(db, deps.store, job.pedido) : null
  const mail = order?.mail ?? job.mail
  if (!mail) return
  await sendMail({ env: deps.env, store: deps.store, log: deps.log }, mail, job.key)
  const event = order
    ? { orderId: order.orderId, job: 'e-mail', summary: `E-mail enviado: ${mail.subject}`, data: { tipo: order.kind, para: mail.to } }
    : job.event && { ...job.event, data: { to: mail.to } }
  await db.transaction(async (tx) => {
    const [fresh] = await tx
      .insert(sentMail)
      .values({ key: job.key, to: mail.to, subject: mail.subject })
      .onConflictDoNothing()
      .returning({ key: sentMail.key })
    if (fresh && event)
      await recordOrderEvent(tx, event.orderId, { kind: 'email', actor: { kind: 'system', job: event.job }, summary: event.summary, data: event.data })
  })
}

/** What the label jobs need: the database, the store, and the order e-mails' deps (the buyer's "enviado"). */
const labelDeps = (deps: JobDeps): LabelDeps => {
  const mail = { db: deps.database.db, env: deps.env, store: deps.store, log: deps.log }
  return { ...mail, mail }
}

/** What each scheduled queue runs: one round, shared by no other instance at the same time. */
function rounds(deps: JobDeps, timers: PromotionTimers): Record<Exclude<QueueName, 'email' | 'etiquetas' | 'webhooks' | 'nfe'>, () => Promise<void>> {
  const { database, log } = deps
  const mail = { db: database.db, env: deps.env, store: deps.store, log }
  return {
    'pedidos-vencidos': async () => {
      const codes = await expireOrders(database.db, paymentProvider(database.db), new Date(), mail)
      if (codes.length) log.info({ pedidos: codes }, 'pedidos não pagos cancelados')
    },
    'conciliacao-pagamentos': async () => {
      const r = await reconcilePayments(database.db, paymentProvider(database.db), new Date(), mail, log)
      if (r.checked || r.refundsDone) log.info({ conferidos: r.checked, reembolsos: r.refundsDone }, 'conciliação de pagamentos')
    },
    'promocoes-agenda': async () => {
      const r = await promotionClockRound(database.db, timers)
      if (r.passed || r.armed) log.info({ passadas: r.passed, agendadas: r.armed }, 'início ou fim de promoções anunciado ao catálogo')
    },
    'rastreio-etiquetas': async () => {
      const n = await trackingRound(labelDeps(deps))
      if (n) log.info({ etiquetas: n }, 'rastreio de etiquetas conferido')
    },
    'webhooks-rodada': async () => {
      const sent = await deliverDue({ db: database.db, env: deps.env, store: deps.store, log })
      if (sent) log.info({ entregues: sent }, 'webhooks pendentes entregues pela rodada')
    },
    manutencao: async () => {
      const ms = await maintenanceRound(database)
      log.debug({ ms }, 'manutenção do banco')
    },
  }
}

/**
 * Runs the store's jobs in this process (`npm start`, `npm run worker`; not with JOBS=off): the
 * e-mails, and the scheduled rounds, each created once per schedule whichever instances are up
 * (docs/decisions/0125-durable-jobs.md). A job that throws is retried with backoff; one out of
 * retries is 'failed' and listed in the back office (Tarefas com falha).
 */
export async function startJobs(deps: JobDeps, options: { rounds?: boolean } = {}): Promise<Jobs> {
  const { log } = deps
  const boss = new PgBoss({
    db: databaseAdapter(deps.database.raw),
    migrate: false,
    schedule: options.rounds !== false,
    maintenanceIntervalSeconds: MAINTENANCE_SECONDS,
    archiveFailedAfterSeconds: FAILED_KEPT_SECONDS,
  })
  boss.on('error', (err: unknown) => log.warn({ err }, 'fila de tarefas: erro'))
  await boss.start()
  for (const name of QUEUE_NAMES) {
    const { cron, ...settings } = { cron: undefined, ...QUEUES[name] }
    await boss.updateQueue(name, { name, ...settings })
    if (cron && options.rounds !== false) await boss.schedule(name, cron)
  }
  await boss.work<MailJob>('email', { pollingIntervalSeconds: 0.5, batchSize: EMAIL_BATCH }, async (jobs) => {
    // One failure fails its own job only; the others complete.
    await Promise.all(
      jobs.map((job) =>
        deliverMail(deps, job.data).catch(async (err: unknown) => {
          log.warn({ err, key: job.data.key }, 'e-mail não enviado; nova tentativa mais tarde')
          countJobFailure('email')
          await boss.fail('email', job.id, { message: err instanceof Error ? err.message : String(err) })
        }),
      ),
    )
  })
  // Each step of a label's purchase: a failure retries that step only (server/domain/shipping/labels.ts).
  await boss.work<{ labelId: number }>('etiquetas', { pollingIntervalSeconds: 1 }, async ([job]) => {
    try {
      await runLabelStep(labelDeps(deps), job.data.labelId)
    } catch (err) {
      log.warn({ err: err instanceof Error ? err.message : String(err), etiqueta: job.data.labelId }, 'passo da etiqueta falhou; nova tentativa mais tarde')
      countJobFailure('etiquetas')
      throw err
    }
  })
  // Webhook lanes (one endpoint, one resource): each job sends the lane's due deliveries in order.
  await boss.work<{ endpoint: number; resource: string }>('webhooks', { pollingIntervalSeconds: 0.5, batchSize: 5 }, async (jobs) => {
    await Promise.all(
      jobs.map((job) =>
        deliverLane({ db: deps.database.db, env: deps.env, store: deps.store, log }, job.data.endpoint, job.data.resource).catch(async (err: unknown) => {
          log.warn({ err }, 'entrega de webhook falhou')
          countJobFailure('webhooks')
          await boss.fail('webhooks', job.id, { message: err instanceof Error ? err.message : String(err) })
        }),
      ),
    )
  })
  // The NF-e: one provider call per job; a failure is retried with the queue's backoff (decision 0129).
  const fiscal = {
    db: deps.database.db,
    store: deps.store,
    files: mediaStorageOf(deps.env).originals,
    log,
    mail: { db: deps.database.db, env: deps.env, store: deps.store, log },
  }
  await boss.work<NfeJob>('nfe', { pollingIntervalSeconds: 1 }, async ([job]) => {
    try {
      await runNfeJob(fiscal, job.data)
    } catch (err) {
      log.warn(
        { err: err instanceof Error ? err.message : String(err), pedido: job.data.pedido, acao: job.data.acao },
        'NF-e: tarefa falhou; nova tentativa mais tarde',
      )
      countJobFailure('nfe')
      throw err
    }
  })
  // The exact moments of promotions starting or ending within the next round, armed by its round.
  const timers = promotionTimers((err) => log.warn({ err }, 'aviso de início ou fim de promoção falhou; a próxima rodada o repete'))
  for (const [name, round] of options.rounds === false ? [] : Object.entries(rounds(deps, timers))) {
    await boss.work(name, { pollingIntervalSeconds: 2 }, async () => {
      try {
        await round()
      } catch (err) {
        log.warn({ err, fila: name }, 'tarefa agendada falhou')
        countJobFailure(name)
        throw err
      }
    })
  }
  return {
    boss,
    // Jobs under way finish (up to their expiry) before the database closes.
    stop: () => {
      timers.stop()
      return boss.stop({ graceful: true, close: false, wait: true, timeout: 10_000 })
    },
  }
}
