import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import type { Env } from '../../env'
import type { StoreProfile } from '../../store-profile'

/**
 * The store's outgoing e-mail (nodemailer). Without SMTP_URL every message is written to
 * DATA_DIR/outbox/ as an .eml file (open it in any mail program) and its subject logged; with
 * SMTP_URL it is sent through that server. Messages go out only from the e-mail job
 * (server/jobs/mail.ts), each with its own key: the outbox file is named after it and written only
 * if absent, and over SMTP it is the Message-ID, so a retried job never delivers a second copy
 * (docs/decisions/0125-durable-jobs.md).
 */
/** A written e-mail; `headers` are extra ones (a marketing e-mail's List-Unsubscribe). */
export type Mail = { to: string; subject: string; text: string; html: string; headers?: Record<string, string> }
export type MailDeps = { env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>; store: StoreProfile; log: Logger }

/**
 * A send gives up long before its job expires (server/jobs/queues.ts): otherwise a slow server could
 * still be taking the message when the job runs again, and the customer get it twice.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 10_000 }

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox')

/** Delivers `mail` under `key` (letters, digits and dashes); false when the outbox already holds it. */
export async function sendMail(deps: MailDeps, mail: Mail, key: string): Promise<boolean> {
  const from = deps.env.MAIL_FROM ?? `"${deps.store.nome}" <${deps.store.email}>`
  const domain = deps.store.email.split('@')[1] ?? 'vitrine.invalid'
  const message = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html, headers: mail.headers, messageId: `<${key}@${domain}>` }
  if (deps.env.SMTP_URL) {
    await nodemailer.createTransport({ url: deps.env.SMTP_URL, ...SMTP_TIMEOUTS }).sendMail(message)
    deps.log.info({ subject: mail.subject }, 'e-mail enviado')
    return true
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message)
  const dir = outboxDir(deps.env.dataDir)
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${key}.eml`)
  try {
    await writeFile(file, info.message as Buffer, { flag: 'wx' })
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'EEXIST') return false
    throw err
  }
  deps.log.info({ subject: mail.subject, file }, 'e-mail gravado na caixa de saída')
  return true
}
