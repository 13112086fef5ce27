import { mkdir, writeFile } from 'node:fs/promises'
import path from 'node:path'
import nodemailer from 'nodemailer'
import type { Logger } from 'pino'
import type { Env } from '../../env'
import type { StoreProfile } from '../../store-profile'
import { randomAlnum } from '../../lib/tokens'

/**
 * The store's outgoing e-mail (nodemailer). Without SMTP_URL every message is written to
 * DATA_DIR/outbox/ as an .eml file (open it in any mail program) and its subject logged; with
 * SMTP_URL it is sent through that server.
 */
export type Mail = { to: string; subject: string; text: string; html: string }
export type MailDeps = { env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>; store: StoreProfile; log: Logger }

export const outboxDir = (dataDir: string) => path.join(dataDir, 'outbox')

export async function sendMail(deps: MailDeps, mail: Mail): Promise<void> {
  const from = deps.env.MAIL_FROM ?? `"${deps.store.nome}" <${deps.store.email}>`
  const message = { from, to: mail.to, subject: mail.subject, text: mail.text, html: mail.html }
  if (deps.env.SMTP_URL) {
    await nodemailer.createTransport(deps.env.SMTP_URL).sendMail(message)
    deps.log.info({ subject: mail.subject }, 'e-mail enviado')
    return
  }
  const info = await nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }).sendMail(message)
  const dir = outboxDir(deps.env.dataDir)
  await mkdir(dir, { recursive: true })
  const file = path.join(dir, `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomAlnum(6)}.eml`)
  await writeFile(file, info.message as Buffer)
  deps.log.info({ subject: mail.subject, file }, 'e-mail gravado na caixa de saída')
}
