import { Hono } from 'hono'
import { campaignCsvQuerySchema } from '../../../contract/admin/promotions'
import { recordAudit } from '../../domain/audit/record'
import { campaignCsv } from '../../domain/promotions/admin-codes'
import type { AppBindings } from '../context'
import { readQuery } from '../validate'
import { requireStaff } from './guard'
import { csvResponse } from './respond'

/**
 * The back office's promotions for scripts and downloads (/admin/api/cupons…): a campaign's generated
 * codes as a CSV (the Promoções page links it). The pages write through their own actions.
 */
export const adminPromotionsApi = new Hono<AppBindings>().get('/cupons/campanha.csv', async (c) => {
  const staff = await requireStaff(c, 'promotions:read')
  const { campanha } = readQuery(c, campaignCsvQuerySchema)
  const { db } = c.get('ctx')
  // Unused codes are money: who took the file is on the record.
  await recordAudit(db, { actor: staff.actor, action: 'cupom.exportar', entity: 'coupon', entityId: null, after: { campanha } })
  const file = campanha.replace(/[^A-Za-z0-9-]+/g, '-').slice(0, 40) || 'campanha'
  return csvResponse(campaignCsv(db, campanha), `cupons-${file}.csv`)
})
