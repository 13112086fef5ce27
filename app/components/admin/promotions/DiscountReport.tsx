import { formatCents, formatCount } from '../../../../contract/money'
import type { DiscountReport as Report, DiscountReportRow } from '../../../../server/domain/promotions/admin-report'

/** Each column's heading and alignment; the discount stays off a phone's width. */
const HEADERS = [
  ['Nome', ''],
  ['Pedidos', 'pl-3 text-right'],
  ['Receita', 'pl-3 text-right'],
  ['Desconto', 'hidden pl-3 text-right sm:table-cell'],
] as const

function Table({ title, rows, empty }: { title: string; rows: DiscountReportRow[]; empty: string }) {
  return (
    <div>
      <h3 className="mb-2 text-sm font-semibold tracking-wide text-ink-500 uppercase">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-ink-500">{empty}</p>
      ) : (
        <table className="w-full text-sm">
          <caption className="sr-only">{title}</caption>
          <thead>
            <tr className="border-b border-ink-100 text-left text-xs text-ink-500">
              {HEADERS.map(([text, className]) => (
                <th key={text} scope="col" className={`py-1.5 font-semibold ${className}`}>
                  {text}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {rows.map((r) => (
              <tr key={r.nome} className="border-b border-ink-100 last:border-0">
                <td title={r.nome} className="max-w-[8rem] truncate py-1.5 font-medium text-ink-900 sm:max-w-[14rem]">
                  {r.nome}
                </td>
                <td className="py-1.5 pl-3 text-right tabular-nums">{formatCount(r.pedidos)}</td>
                <td className="py-1.5 pl-3 text-right whitespace-nowrap tabular-nums">{formatCents(r.receitaCents)}</td>
                <td className="hidden py-1.5 pl-3 text-right whitespace-nowrap text-ink-500 tabular-nums sm:table-cell">{formatCents(r.descontoCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </div>
  )
}

/** The Painel's "Cupons e promoções": paid orders, revenue and discount per coupon and per automatic promotion in the period. */
export function DiscountReport({ report, period }: { report: Report; period: string }) {
  return (
    <section className="adm-card mt-6 p-5" aria-labelledby="promocoes-titulo">
      <h2 id="promocoes-titulo" className="mb-3 font-bold text-ink-900">
        Cupons e promoções — {period}
      </h2>
      <div className="grid gap-6 lg:grid-cols-2">
        <Table title="Por cupom" rows={report.cupons} empty="Nenhum pedido pago com cupom no período." />
        <Table title="Por promoção automática" rows={report.promocoes} empty="Nenhum pedido pago com promoção no período." />
      </div>
    </section>
  )
}
