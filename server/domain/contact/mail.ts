import type { contactMessages } from '../../db/schema'
import type { Mail } from '../../integrations/mail/mailer'
import { compose } from '../../integrations/mail/templates'
import type { StoreProfile } from '../../store-profile'

type ContactMessage = typeof contactMessages.$inferSelect

/** The store's copy of a 'Fale conosco' message (to the store's own address; reply to the sender). */
export function contactMail(store: StoreProfile, m: ContactMessage): Mail {
  return compose(store, store.email, `Fale conosco #${m.id}: ${m.subject}`, [
    `De: ${m.name} <${m.email}>`,
    ...(m.orderCode ? [`Pedido: ${m.orderCode}`] : []),
    `Assunto: ${m.subject}`,
    m.message,
  ])
}
