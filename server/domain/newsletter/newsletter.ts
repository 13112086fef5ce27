import type { Db } from '../../db/client'
import { newsletterSubscribers } from '../../db/schema'

export type SubscribeResult = { estado: 'sucesso'; novo: boolean }

/** Stores the e-mail once; a second subscription of the same address is a friendly no-op. */
export async function subscribe(db: Db, email: string, source = 'rodape'): Promise<SubscribeResult> {
  const inserted = await db
    .insert(newsletterSubscribers)
    .values({ email: email.trim().toLowerCase(), source })
    .onConflictDoNothing({ target: newsletterSubscribers.email })
    .returning({ id: newsletterSubscribers.id })
  return { estado: 'sucesso', novo: inserted.length > 0 }
}
