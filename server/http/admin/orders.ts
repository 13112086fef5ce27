import { Hono } from 'hono'
import { advanceRequestSchema, cancelRequestSchema, noteRequestSchema, orderCodeParamsSchema, orderListQuerySchema } from '../../../contract/admin/orders'
import { ORDERS } from '../../../contract/messages/orders'
import { recordAudit } from '../../domain/audit/record'
import { addOrderNote } from '../../domain/order/admin-detail'
import { cancelOrder } from '../../domain/order/cancel'
import { ordersCsv } from '../../domain/order/csv'
import { advanceInput, advanceOrder } from '../../domain/order/status'
import { storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { readJson, readQuery } from '../validate'
import { requireStaff } from './guard'
import { answer, csvResponse, paramsOf } from './respond'

/**
 * The back office's orders for scripts and integrations (/admin/api/pedidos…): the list's CSV (the
 * Pedidos page links it) and the actions on one order. Each checks its permission (guard.ts),
 * validates with contract/admin/orders.ts and calls the same domain function as the order page's action.
 */
export const adminOrdersApi = new Hono<AppBindings>()
  .get('/pedidos.csv', async (c) => {
    const staff = await requireStaff(c, 'orders:export')
    const query = readQuery(c, orderListQuerySchema)
    const { db } = c.get('ctx')
    // The file holds buyers' personal data: who took it, and which filter, is on the record.
    await recordAudit(db, { actor: staff.actor, action: 'pedido.exportar', entity: 'order', entityId: null, after: query })
    return csvResponse(ordersCsv(db, query, query.ordem), `pedidos-${new Date().toISOString().slice(0, 10)}.csv`)
  })
  .post('/pedidos/:code/avancar', async (c) => {
    const staff = await requireStaff(c, 'orders:advance')
    const { code } = paramsOf(c, orderCodeParamsSchema, ORDERS.notFound())
    const input = await readJson(c, advanceRequestSchema)
    const ctx = c.get('ctx')
    const mail = { ...ctx, origin: storeOrigin(c) }
    return answer(c, await advanceOrder(ctx.db, advanceInput(code, staff.actor, input, mail)))
  })
  .post('/pedidos/:code/cancelar', async (c) => {
    const staff = await requireStaff(c, 'orders:cancel')
    const { code } = paramsOf(c, orderCodeParamsSchema, ORDERS.notFound())
    const input = await readJson(c, cancelRequestSchema)
    const ctx = c.get('ctx')
    const mail = { ...ctx, origin: storeOrigin(c) }
    return answer(c, await cancelOrder(ctx.db, { code, actor: staff.actor, reason: input.motivo, expectedStatus: input.esperado }, { mail }))
  })
  .post('/pedidos/:code/notas', async (c) => {
    const staff = await requireStaff(c, 'orders:note')
    const { code } = paramsOf(c, orderCodeParamsSchema, ORDERS.notFound())
    const { texto } = await readJson(c, noteRequestSchema)
    return answer(c, await addOrderNote(c.get('ctx').db, { code, actor: staff.actor, text: texto }))
  })
