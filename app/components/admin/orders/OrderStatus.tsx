import { ORDER_STATUS_NAMES } from '../../../../contract/checkout'

type Status = keyof typeof ORDER_STATUS_NAMES

const TONE: Record<Status, string> = {
  aguardando_pagamento: 'bg-accent-400/15 text-warn-500 ring-accent-500/30',
  pago: 'bg-brand-50 text-brand-700 ring-brand-200',
  em_separacao: 'bg-brand-100 text-brand-800 ring-brand-200',
  enviado: 'bg-pix-50 text-pix-600 ring-pix-600/30',
  entregue: 'bg-pix-600 text-white ring-pix-600',
  cancelado: 'bg-ink-100 text-ink-500 ring-ink-300',
  expirado: 'bg-ink-100 text-ink-500 ring-ink-300',
}

/** An order's status as a small pill, the same words the shopper reads. */
export function OrderStatusBadge({ status }: { status: Status }) {
  return (
    <span className={`inline-flex rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ${TONE[status]}`}>{ORDER_STATUS_NAMES[status]}</span>
  )
}

/** The payment rows' statuses in pt-BR (contract/checkout.ts PAYMENT_STATUSES). */
export const PAYMENT_STATUS_NAMES = {
  pending: 'Aguardando pagamento',
  authorized: 'Autorizado',
  paid: 'Pago',
  voided: 'Cancelado',
  refunded: 'Estornado',
} as const
