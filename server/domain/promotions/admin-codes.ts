// "Gerar códigos": N single-use copies of a template coupon in one campaign (influencers, apologies
// after a sale), made in one transaction with one audit line; and a campaign's codes as a CSV with
// whether each was used.
import { randomInt } from 'node:crypto'
import { eq, sql } from 'drizzle-orm'
import type { GenerateCodesInput } from '../../../contract/admin/promotions'
import { CODE_PREFIX_MAX, GENERATE_MAX, GENERATED_RANDOM, PROMOTIONS } from '../../../contract/messages/promotions'
import type { Db } from '../../db/client'
import { coupons } from '../../db/schema'
import { rows } from '../../db/sql'
import { transaction } from '../../db/tx'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { csvField } from '../order/csv'
import { refuse, type Refusal } from '../refusal'
import { readCode } from './admin-rules'

/** Letters and digits nobody misreads: no 0/O, 1/I/L. */
const UNAMBIGUOUS = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789'
const randomPart = () => Array.from({ length: GENERATED_RANDOM }, () => UNAMBIGUOUS[randomInt(UNAMBIGUOUS.length)]).join('')

export type Generated = { campaign: string; count: number; codes: string[] }

/** Rounds of fresh codes when some were taken already (31⁸ codes per prefix: a second round is rare). */
const ROUNDS = 5

export async function generateCodes(
  db: Db,
  { templateId, input, actor }: { templateId: number; input: GenerateCodesInput; actor: Actor },
): Promise<Generated | Refusal> {
  const prefix = input.prefixo.trim() === '' ? '' : readCode(input.prefixo, CODE_PREFIX_MAX)
  if (prefix == null) return refuse(PROMOTIONS.prefix, { campo: 'prefixo' })
  if (!Number.isInteger(input.quantidade) || input.quantidade < 1 || input.quantidade > GENERATE_MAX) return refuse(PROMOTIONS.count, { campo: 'quantidade' })
  const campaign = input.campanha.trim().replace(/\s+/g, ' ')
  if (!campaign) return refuse(PROMOTIONS.campaignRequired, { campo: 'campanha' })
  if (campaign.length > 60) return refuse(PROMOTIONS.campaign, { campo: 'campanha' })
  return transaction(db, async (tx) => {
    const [template] = await tx.select().from(coupons).where(eq(coupons.id, templateId)).for('share')
    if (!template) throw refuse(PROMOTIONS.couponNotFound)
    const { id: _id, code: _code, usesCount: _uses, createdAt: _c, updatedAt: _u, ...rules } = template
    const made: string[] = []
    for (let round = 0; round < ROUNDS && made.length < input.quantidade; round++) {
      const fresh = new Set<string>()
      while (fresh.size < input.quantidade - made.length) fresh.add(`${prefix}${randomPart()}`)
      // A code some coupon has already is skipped by the unique index, and made again next round.
      const inserted = await tx
        .insert(coupons)
        .values([...fresh].map((code) => ({ ...rules, code, campaign, totalUses: 1 })))
        .onConflictDoNothing({ target: coupons.code })
        .returning({ code: coupons.code })
      made.push(...inserted.map((r) => r.code))
    }
    if (made.length < input.quantidade) throw refuse(PROMOTIONS.noFreeCodes)
    await recordAudit(tx, {
      actor,
      action: 'cupom.gerar',
      entity: 'coupon',
      entityId: String(templateId),
      after: { modelo: template.code, campanha: campaign, prefixo: prefix, quantidade: made.length },
    })
    return { campaign, count: made.length, codes: made }
  })
}

const line = (fields: (string | number)[]) => `${fields.map(csvField).join(';')}\r\n`
export const CAMPAIGN_CSV_COLUMNS = ['Código', 'Campanha', 'Situação', 'Usos'] as const

/** A campaign's codes, by code, as Excel in Brazil opens them (BOM, ';'): 'usado' or 'livre', a batch at a time. */
export async function* campaignCsv(db: Db, campaign: string): AsyncGenerator<string> {
  yield `\uFEFF${line([...CAMPAIGN_CSV_COLUMNS])}`
  let after = ''
  for (;;) {
    const batch = await rows<{ code: string; uses: number }>(
      db,
      sql`SELECT code, uses_count AS uses FROM coupons WHERE campaign = ${campaign} AND code > ${after} ORDER BY code LIMIT 500`,
    )
    if (!batch.length) return
    yield batch.map((c) => line([c.code, campaign, Number(c.uses) > 0 ? 'usado' : 'livre', Number(c.uses)])).join('')
    after = batch[batch.length - 1].code
  }
}
