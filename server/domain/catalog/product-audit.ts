import type { Tx } from '../../db/tx'
import type { Actor } from '../actor'
import { recordAudit, recordAudits, type AuditEntry } from '../audit/record'

/** What a change did to one product, for its audit line. */
export type ProductAuditEntry = { actor: Actor; action: string; productId: number; before?: unknown; after?: unknown }

/** The audit line of a product change: every catalog writer files it under entity 'product' and the product's id. */
export const productAuditEntry = ({ productId, ...entry }: ProductAuditEntry): AuditEntry => ({ ...entry, entity: 'product', entityId: String(productId) })

/** Writes one product change's audit line, in the change's transaction. */
export const recordProductAudit = (tx: Tx, entry: ProductAuditEntry): Promise<void> => recordAudit(tx, productAuditEntry(entry))

/** Writes a bulk change's lines, one per product, in one statement of the change's transaction. */
export const recordProductAudits = (tx: Tx, entries: readonly ProductAuditEntry[]): Promise<void> => recordAudits(tx, entries.map(productAuditEntry))
