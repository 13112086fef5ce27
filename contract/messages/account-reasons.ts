import { ACCOUNT_MESSAGES } from './account'
import { reasons } from './reason'

// The refusals of account.ts's sentences (docs/decisions/0119-reasons-with-codes.md). Beside it, not in it:
// the pages import those sentences, and the bundler keeps a module's imports even when nothing of
// them is used, so a page that only shows a message would load reason.ts too.

/** The account's refusals. */
export const ACCOUNT = reasons('account', {
  /** No customer logged in (or the session ended): the wire's `msg` is 'auth'. */
  auth: ['auth', ACCOUNT_MESSAGES.auth],
  limite: ['rate_limited', ACCOUNT_MESSAGES.limite],
  captchaInvalido: ['invalid', ACCOUNT_MESSAGES.captchaInvalido],
  captchaUsado: ['invalid', ACCOUNT_MESSAGES.captchaUsado],
  emailEmUso: ['conflict', ACCOUNT_MESSAGES.emailEmUso],
  senhaIgualEmail: ['invalid', ACCOUNT_MESSAGES.senhaIgualEmail],
  /** A new password that is common, leaked-looking or built from the person's own name or e-mail. */
  senhaFraca: ['invalid', ACCOUNT_MESSAGES.senhaFraca],
  /** One of the demo's published passwords (server/domain/auth/published-passwords.ts). */
  senhaPublicada: ['invalid', ACCOUNT_MESSAGES.senhaPublicada],
  senhaAtualErrada: ['invalid', ACCOUNT_MESSAGES.senhaAtualErrada],
  linkInvalido: ['invalid', ACCOUNT_MESSAGES.linkInvalido],
})
