import { Link } from 'react-router'
import type { PromotionListRow, PromotionState } from '../../../../server/domain/promotions/admin-promotions'
import { DataTable, type Column } from '../DataTable'
import { formatDateTime } from '../format'
import { discountLabel } from './labels'

type Row = Omit<PromotionListRow, 'startsAt' | 'endsAt'> & { startsAt: string | Date; endsAt: string | Date | null }

export const PROMOTION_STATE_NAMES: Record<PromotionState, { text: string; className: string }> = {
  valendo: { text: 'Valendo', className: 'font-semibold text-pix-600' },
  agendada: { text: 'Agendada', className: 'text-brand-700' },
  encerrada: { text: 'Encerrada', className: 'text-ink-500' },
}

const COLUMNS: Column<Row>[] = [
  {
    header: 'Promoção',
    cell: (p) => (
      <Link to={`/admin/promocoes/automaticas/${p.id}`} className="font-semibold text-brand-700 hover:underline">
        {p.name}
      </Link>
    ),
  },
  {
    header: 'Desconto',
    cell: (p) => `${discountLabel(p)} por unidade${p.minQuantity > 1 ? ` · a partir de ${p.minQuantity} un.` : ''}`,
  },
  { header: 'Início', cell: (p) => formatDateTime(p.startsAt), wide: true },
  { header: 'Fim', cell: (p) => (p.endsAt ? formatDateTime(p.endsAt) : 'sem fim'), wide: true },
  { header: 'Situação', cell: (p) => <span className={PROMOTION_STATE_NAMES[p.state].className}>{PROMOTION_STATE_NAMES[p.state].text}</span> },
]

export function PromotionTable({ rows }: { rows: Row[] }) {
  return <DataTable caption="Promoções automáticas" columns={COLUMNS} rows={rows} rowKey={(p) => p.id} empty="Nenhuma promoção automática ainda." />
}
