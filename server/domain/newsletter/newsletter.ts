import { and, eq, isNull } from 'drizzle-orm'
import { NEWSLETTER, NEWSLETTER_MESSAGES } from '../../../contract/messages/newsletter'
import type { Db } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'
import { marketingMail } from '../../integrations/mail/templates'
import { enqueueMail } from '../../jobs/mail'
import { randomToken } from '../../lib/tokens'
import type { AccountDeps } from '../account/deps'
import { take } from '../account/limits'
import { refuse, type Refusal } from '../refusal'

/** Where the newsletter's links open: the confirmation and the way out, both keyed by the address's token. */
export const newsletterPath = (acao: 'confirmar' | 'sair', token: string) => `/newsletter/${acao}/${token}`

/**
 * The footer's sign-up, with double opt-in: the address is kept unconfirmed and sent a link to
 * confirm it (again, while it is unconfirmed); a confirmed one is sent nothing. The answer is the
 * same sentence whatever the address is, so the form tells nobody who is subscribed. Limited per
 * IP and per address, since each sign-up may send an e-mail.
 */
export async function subscribe(deps: AccountDeps, email: string, at: { ip: string; origin: string }, source = 'rodape'): Promise<{ msg: string } | Refusal> {
  const { db, store } = deps
  const address = email.trim().toLowerCase()
  const [byIp, byEmail] = await Promise.all([take(db, 'newsletterIp', at.ip), take(db, 'newsletterEmail', address)])
  if (!byIp || !byEmail) return refuse(NEWSLETTER.limited)
  await db.transaction(async (tx) => {
    await tx
      .insert(newsletterSubscribers)
      .values({ email: address, source, token: randomToken(24) })
      .onConflictDoNothing({ target: newsletterSubscribers.email })
    const [row] = await tx
      .select({ token: newsletterSubscribers.token, confirmedAt: newsletterSubscribers.confirmedAt })
      .from(newsletterSubscribers)
      .where(eq(newsletterSubscribers.email, address))
    if (!row || row.confirmedAt) return
    await enqueueMail(tx, {
      mail: marketingMail(
        store,
        address,
        `Confirme sua inscrição na newsletter da ${store.nome}`,
        [
          'Olá!',
          `Recebemos um pedido para inscrever este e-mail na newsletter da ${store.nome}. Confirme abaixo para começar a receber nossas ofertas.`,
          'Se não foi você, ignore este e-mail: sem a confirmação, não enviamos nada.',
        ],
        { label: 'Confirmar inscrição', url: `${at.origin}${newsletterPath('confirmar', row.token)}` },
        `${at.origin}${newsletterPath('sair', row.token)}`,
      ),
    })
  })
  return { msg: NEWSLETTER_MESSAGES.sent }
}

const validToken = (token: string) => /^[A-Za-z0-9_-]{16,64}$/.test(token)

/** The confirmation link: the address counts as subscribed from now (a second click changes nothing). */
export async function confirmSubscription(db: Db, token: string, now = new Date()): Promise<{ msg: string } | Refusal> {
  if (!validToken(token)) return refuse(NEWSLETTER.linkInvalid)
  await db
    .update(newsletterSubscribers)
    .set({ confirmedAt: now })
    .where(and(eq(newsletterSubscribers.token, token), isNull(newsletterSubscribers.confirmedAt)))
  const [row] = await db.select({ id: newsletterSubscribers.id }).from(newsletterSubscribers).where(eq(newsletterSubscribers.token, token))
  return row ? { msg: NEWSLETTER_MESSAGES.confirmed } : refuse(NEWSLETTER.linkInvalid)
}

/** The way out of every marketing e-mail: the address is forgotten. The same answer when it was already. */
export async function unsubscribe(db: Db, token: string): Promise<{ msg: string } | Refusal> {
  if (!validToken(token)) return refuse(NEWSLETTER.linkInvalid)
  await db.delete(newsletterSubscribers).where(eq(newsletterSubscribers.token, token))
  return { msg: NEWSLETTER_MESSAGES.unsubscribed }
}
