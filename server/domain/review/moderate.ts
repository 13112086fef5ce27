import { eq } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { reviews, type REVIEW_STATUSES } from '../../db/schema'
import { refuse, type Refusal } from '../refusal'
import type { Tx } from '../../db/tx'
import { plainText } from './write'

export type ReviewStatus = (typeof REVIEW_STATUSES)[number]
type Review = typeof reviews.$inferSelect

/**
 * Staff's moderation of one review: a new status and/or the store's reply. The product page and
 * cards are built from approved reviews; the `reviews` triggers announce the product on the catalog
 * channel (migration 0019_reviews_notify.sql), so every instance drops what showed it.
 */
export async function moderateReview(
  db: Db,
  reviewId: number,
  change: { status?: ReviewStatus; reply?: string },
  now = new Date(),
  /** The admin API's audit line (issue 18's recordAudit), written in the same transaction. */
  audit?: (tx: Tx, change: { before: Review; after: Review }) => Promise<void>,
): Promise<{ productId: number; before: Review; after: Review } | Refusal> {
  const reply = change.reply === undefined ? undefined : plainText(change.reply)
  const done = await db.transaction(async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, reviewId)).for('update')
    if (!before) return refuse('not_found', 'Avaliação não encontrada.')
    const [after] = await tx
      .update(reviews)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(reply !== undefined ? { reply: reply || null, repliedAt: reply ? now : null } : {}),
        updatedAt: now,
      })
      .where(eq(reviews.id, reviewId))
      .returning()
    if (audit) await audit(tx, { before, after: after! })
    return { productId: before.productId, before, after: after! }
  })
  return done
}
