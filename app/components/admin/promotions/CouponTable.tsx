import { Link } from 'react-router'
import { formatCents } from '../../../../contract/money'
import type { CouponListRow } from '../../../../server/domain/promotions/admin-coupons'
import { DataTable, type Column } from '../DataTable'
import { formatDateTime } from '../format'
import { discountLabel, usesLabel } from './labels'

/** As the loader hands it to the page (dates as text). */
type Row = Omit<CouponListRow, 'startsAt' | 'endsAt'> & { startsAt: string | Date | null; endsAt: string | Date | null }

const state = (c: Row) => {
  if (!c.valid) return <span className="text-ink-500">Encerrado</span>
  if (c.totalUses != null && c.usesCount >= c.totalUses) return <span className="text-warn-500">Esgotado</span>
  if (c.startsAt && new Date(c.startsAt) > new Date()) return <span className="text-brand-700">Agendado</span>
  return <span className="font-semibold text-pix-600">Valendo</span>
}

const COLUMNS: Column<Row>[] = [
  {
    header: 'Código',
    cell: (c) => (
      <Link to={`/admin/promocoes/cupons/${c.id}`} className="block hover:text-brand-700">
        <span className="block font-mono font-semibold text-brand-700">{c.code}</span>
        {c.campaign ? <span className="block text-xs text-ink-500">Campanha {c.campaign}</span> : null}
        <span className="block text-xs sm:hidden">{state(c)}</span>
      </Link>
    ),
  },
  { header: 'Desconto', cell: (c) => discountLabel({ kind: c.kind, value: c.value, shippingScope: c.shippingScope }) },
  { header: 'Mínimo', cell: (c) => (c.minCents ? formatCents(c.minCents) : '—'), numeric: true, wide: true },
  { header: 'Validade', cell: (c) => (c.endsAt ? `até ${formatDateTime(c.endsAt)}` : 'sem fim'), wide: true },
  { header: 'Usos', cell: (c) => usesLabel(c.usesCount, c.totalUses), numeric: true },
  { header: 'Situação', cell: state, wide: true },
]

export function CouponTable({ rows, loading, filtered }: { rows: Row[]; loading: boolean; filtered: boolean }) {
  return (
    <DataTable
      caption="Cupons"
      columns={COLUMNS}
      rows={rows}
      rowKey={(c) => c.id}
      loading={loading}
      empty={filtered ? 'Nenhum cupom com estes filtros.' : 'Nenhum cupom ainda.'}
    />
  )
}
