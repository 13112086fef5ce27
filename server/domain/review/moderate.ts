import { eq } from 'drizzle-orm'
import { REVIEWS } from '../../../contract/messages/reviews'
import type { Db } from '../../db/client'
import { reviews, type REVIEW_STATUSES } from '../../db/schema'
import { transaction } from '../../db/tx'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'
import { plainText } from '../plain-text'

export type ReviewStatus = (typeof REVIEW_STATUSES)[number]
type Review = typeof reviews.$inferSelect

/**
 * Staff's moderation of one review: a new status and/or the store's reply ('' removes it), with its
 * audit line in the same transaction. The product page and cards are built from approved reviews;
 * the `reviews` triggers announce the product on the catalog channel (migration
 * 0019_reviews_notify.sql), so every instance drops what showed it.
 */
export async function moderateReview(
  db: Db,
  change: { id: number; status?: ReviewStatus; reply?: string; actor: Actor; now?: Date },
): Promise<{ productId: number; before: Review; after: Review } | Refusal> {
  const { id, actor, now = new Date() } = change
  const reply = change.reply === undefined ? undefined : plainText(change.reply)
  return transaction(db, async (tx) => {
    const [before] = await tx.select().from(reviews).where(eq(reviews.id, id)).for('update')
    if (!before) return refuse(REVIEWS.notFound)
    const [after] = await tx
      .update(reviews)
      .set({
        ...(change.status ? { status: change.status } : {}),
        ...(reply !== undefined ? { reply: reply || null, repliedAt: reply ? now : null } : {}),
        updatedAt: now,
      })
      .where(eq(reviews.id, id))
      .returning()
    await recordAudit(tx, {
      actor,
      action: 'avaliacao.moderar',
      entity: 'review',
      entityId: String(id),
      before: { status: before.status, resposta: before.reply },
      after: { status: after!.status, resposta: after!.reply },
    })
    return { productId: before.productId, before, after: after! }
  })
}
