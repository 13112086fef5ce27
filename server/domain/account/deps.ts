import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { sendMail, type Mail } from '../../integrations/mail/mailer'
import { inBackground } from '../../lib/background'
import type { StoreProfile } from '../../store-profile'

/** What the account flows need: the database, settings, the store profile (e-mail footer) and a log. */
export type AccountDeps = { db: Db; env: Env; store: StoreProfile; log: Logger }

/**
 * Sends an e-mail after the answer's work is done, without making the shopper wait for it (nor
 * letting its time say whether an account exists), in the background the shutdown waits for
 * (lib/background.ts); a failure is logged, never shown.
 */
export function sendLater(deps: AccountDeps, mail: Mail): Promise<void> {
  return inBackground(sendMail(deps, mail).catch((err: unknown) => deps.log.error({ err, subject: mail.subject }, 'falha ao enviar e-mail')))
}
