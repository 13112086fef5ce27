import { Hono, type Context } from 'hono'
import { advanceRequestSchema, cancelRequestSchema, noteRequestSchema, orderCodeParamsSchema, orderListQuerySchema } from '../../../contract/admin/orders'
import { listAdminOrders } from '../../domain/order/admin-list'
import { addOrderNote, adminOrderDetail } from '../../domain/order/admin-detail'
import { auditCancel } from '../../domain/order/audit'
import { cancelOrder } from '../../domain/order/cancel'
import { ordersCsv } from '../../domain/order/csv'
import { advanceOrder } from '../../domain/order/status'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { answerRefusal } from '../refusal'
import { recordAudit } from '../../domain/audit/record'
import { storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { readJson, readQuery } from '../validate'
import { fail, requireStaff } from './guard'

const codeOf = (c: Context<AppBindings>): string => {
  const parsed = orderCodeParamsSchema.safeParse({ code: c.req.param('code')?.toUpperCase() })
  return parsed.success ? parsed.data.code : fail(refuse('not_found', 'Pedido não encontrado.'))
}

/** A domain answer: a refusal as its status with `{estado:'erro', msg}` (server/http/refusal.ts), else `estado: 'sucesso'` and the value. */
function answer<T extends object>(c: Context<AppBindings>, result: T | Refusal): Response {
  return isRefusal(result) ? answerRefusal(c, result) : c.json({ estado: 'sucesso' as const, ...result })
}

/**
 * The back office's orders (/admin/api/pedidos…): the list and its CSV, one order, and the actions
 * on it — each checks its permission (guard.ts), validates with contract/admin/orders.ts and calls
 * the same domain function as every other writer (the command line included).
 */
export const adminOrdersApi = new Hono<AppBindings>()
  .get('/pedidos', async (c) => {
    await requireStaff(c, 'orders:read')
    const list = await listAdminOrders(c.get('ctx').db, readQuery(c, orderListQuerySchema))
    return answer(c, list)
  })
  .get('/pedidos.csv', async (c) => {
    const staff = await requireStaff(c, 'orders:read')
    const query = readQuery(c, orderListQuerySchema)
    const { db } = c.get('ctx')
    // The file holds buyers' personal data: who took it, and which filter, is on the record.
    await recordAudit(db, { actor: staff.actor, action: 'pedido.exportar', entity: 'order', entityId: null, after: query })
    const lines = ordersCsv(db, query, query.ordem)
    const encoder = new TextEncoder()
    const body = new ReadableStream<Uint8Array>({
      async pull(controller) {
        const next = await lines.next()
        if (next.done) controller.close()
        else controller.enqueue(encoder.encode(next.value))
      },
      async cancel() {
        await lines.return(undefined)
      },
    })
    return new Response(body, {
      headers: {
        'Content-Type': 'text/csv; charset=utf-8',
        'Content-Disposition': `attachment; filename="pedidos-${new Date().toISOString().slice(0, 10)}.csv"`,
        'Cache-Control': 'private, no-store',
      },
    })
  })
  .get('/pedidos/:code', async (c) => {
    await requireStaff(c, 'orders:read')
    const detail = await adminOrderDetail(c.get('ctx').db, codeOf(c))
    return answer(c, detail ?? refuse('not_found', 'Pedido não encontrado.'))
  })
  .post('/pedidos/:code/avancar', async (c) => {
    const staff = await requireStaff(c, 'orders:advance')
    const code = codeOf(c)
    const input = await readJson(c, advanceRequestSchema)
    const ctx = c.get('ctx')
    const result = await advanceOrder(ctx.db, {
      code,
      actor: staff.actor,
      expectedStatus: input.esperado,
      trackingCode: input.rastreio,
      carrier: input.transportadora,
      mail: { ...ctx, origin: storeOrigin(c) },
    })
    return answer(c, result)
  })
  .post('/pedidos/:code/cancelar', async (c) => {
    const staff = await requireStaff(c, 'orders:cancel')
    const code = codeOf(c)
    const input = await readJson(c, cancelRequestSchema)
    const ctx = c.get('ctx')
    // The audit line is written in the cancellation's transaction, with the order and stock; the
    // money moves after the commit (docs/decisions/0050-cancel-and-refund.md, 0065).
    const result = await cancelOrder(
      ctx.db,
      { code, actor: staff.actor, reason: input.motivo, expectedStatus: input.esperado },
      { mail: { ...ctx, origin: storeOrigin(c) }, audit: auditCancel(staff.actor) },
    )
    return answer(c, result)
  })
  .post('/pedidos/:code/notas', async (c) => {
    const staff = await requireStaff(c, 'orders:note')
    const code = codeOf(c)
    const { texto } = await readJson(c, noteRequestSchema)
    return answer(c, await addOrderNote(c.get('ctx').db, { code, actor: staff.actor, text: texto }))
  })
