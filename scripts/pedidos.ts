/**
 * npm run pedidos -- list [N]              the latest N orders (20): code, status, total, buyer, date
 * npm run pedidos -- advance CODE [RASTREIO [TRANSPORTADORA]]
 *                                          moves a paid order to its next status (pago → em separação
 *                                          → enviado, which needs the tracking code and the carrier,
 *                                          correios by default → entregue); the same function as the
 *                                          back office, audited as 'linha de comando'
 * npm run pedidos -- cancel CODE MOTIVO...  cancels an order not yet shipped (stock back; the payment
 *                                          withdrawn or refunded in full: server/domain/order/cancel.ts)
 * npm run pedidos -- refund CODE VALOR|tudo MOTIVO...  refunds part (in reais, e.g. 49,90) or all
 * Every change is in the audit log as "linha de comando".
 * Uses the store's DATA_DIR / DATABASE_URL. On the embedded database (PGlite) stop the store first:
 * only one process can open DATA_DIR/db. On PostgreSQL run it while the store serves.
 */
import { desc } from 'drizzle-orm'
import { ORDER_STATUS_NAMES } from '../contract/checkout'
import { formatCents } from '../contract/money'
import { orders } from '../server/db/schema'
import { advanceOrder } from '../server/domain/order/status'
import { cancelOrder } from '../server/domain/order/cancel'
import { refundOrder } from '../server/domain/payment/refund'
import { isRefusal } from '../server/domain/refusal'
import { createPaymentProvider, setPaymentProvider } from '../server/domain/payment/gateway'
import { runOperatorCommand } from './catalog/database'

const [command, ...args] = process.argv.slice(2)
const USAGE = 'Uso: npm run pedidos -- list [N] | advance CODIGO [RASTREIO [TRANSPORTADORA]] | cancel CODIGO MOTIVO | refund CODIGO VALOR|tudo MOTIVO'

if (command !== 'list' && command !== 'advance' && command !== 'cancel' && command !== 'refund') {
  process.stderr.write(`${USAGE}\n`)
  process.exit(2)
}

await runOperatorCommand(async (deps) => {
  const { db } = deps
  const actor = { kind: 'cli' } as const
  if (command === 'list') {
    const limit = Math.min(Math.max(Number(args[0] ?? 20) || 20, 1), 500)
    const found = await db.select().from(orders).orderBy(desc(orders.createdAt), desc(orders.id)).limit(limit)
    for (const o of found) {
      const status = ORDER_STATUS_NAMES[o.status] + (o.cancelReason ? ` (${o.cancelReason})` : '') + (o.trackingCode ? ` · ${o.trackingCode}` : '')
      process.stdout.write(
        `${o.code}  ${status.padEnd(28)} ${formatCents(o.totalCents).padStart(14)}  ${o.paymentMethod.padEnd(7)} ${o.buyerNome}  ${o.createdAt.toISOString()}\n`,
      )
    }
    if (found.length === 0) process.stdout.write('Nenhum pedido.\n')
    return 0
  }
  if (command === 'cancel' || command === 'refund') {
    setPaymentProvider(db, createPaymentProvider(deps.env, db, deps.log))
    const [code, ...rest] = args
    const amount = command === 'refund' ? rest.shift() : undefined
    if (!code || rest.length === 0 || (command === 'refund' && !amount)) throw new Error(USAGE)
    const reason = rest.join(' ')
    const amountCents = amount && amount !== 'tudo' ? Math.round(Number(amount.replace(/\./g, '').replace(',', '.')) * 100) : undefined
    // Audited as "linha de comando" by cancelOrder and refundOrder, in the transaction that cancels or records the refund.
    const result =
      command === 'cancel'
        ? await cancelOrder(db, { code: code.toUpperCase(), actor, reason }, { mail: deps })
        : await refundOrder(db, { code: code.toUpperCase(), amountCents, reason, actor })
    if (isRefusal(result)) {
      process.stderr.write(`${result.message}\n`)
      return 1
    }
    if ('money' in result) process.stdout.write(`${result.code}: ${result.message}\n`)
    else
      process.stdout.write(
        `Reembolso de ${formatCents(result.amountCents)}: ${result.status === 'done' ? 'feito' : 'registrado; será enviado quando o meio de pagamento responder'}\n`,
      )
    return 0
  }
  const [code, tracking, carrier = 'correios'] = args
  if (!code) throw new Error(USAGE)
  const result = await advanceOrder(db, { code, actor, trackingCode: tracking, carrier, mail: deps })
  if (isRefusal(result)) {
    process.stderr.write(`${result.message}\n`)
    return 1
  }
  process.stdout.write(`${result.code}: ${ORDER_STATUS_NAMES[result.status]}\n`)
  return 0
})
