// What can happen to an order now, and who may make it happen: the one copy of the order's
// lifecycle rules. The back office renders its buttons from orderActions, the shopper's order page
// its "Cancelar pedido" from isCancellable, and advanceOrder / cancelOrder refuse by the same rules.
import type { orders } from '../../db/schema'
import { can, type Role } from '../staff/permissions'

export type OrderStatus = (typeof orders.$inferSelect)['status']

/**
 * The way an order moves: aguardando pagamento → pago (the payment moves it) → em separação →
 * enviado (with a tracking code) → entregue. Staff and the command line take the steps after 'pago'.
 */
export const NEXT_STATUS: Partial<Record<OrderStatus, OrderStatus>> = {
  pago: 'em_separacao',
  em_separacao: 'enviado',
  enviado: 'entregue',
}

/** Every status before 'enviado': once shipped, the goods come back as a return, not a cancellation. */
export const CANCELLABLE_STATUSES: readonly OrderStatus[] = ['aguardando_pagamento', 'pago', 'em_separacao']

export const isCancellable = (status: OrderStatus): boolean => CANCELLABLE_STATUSES.includes(status)

export type OrderActions = {
  /** The status "Marcar como …" moves the order to, or null when this person may not (or there is no next step). */
  advance: OrderStatus | null
  cancel: boolean
  /** An internal note on the timeline. */
  note: boolean
  /** Open the buyer's customer page. */
  customer: boolean
}

/** What `staff` may do to `order` now. */
export function orderActions(staff: { role: Role }, order: { status: OrderStatus }): OrderActions {
  const next = NEXT_STATUS[order.status] ?? null
  return {
    advance: next && can(staff.role, 'orders:advance') ? next : null,
    cancel: isCancellable(order.status) && can(staff.role, 'orders:cancel'),
    note: can(staff.role, 'orders:note'),
    customer: can(staff.role, 'customers:read'),
  }
}
