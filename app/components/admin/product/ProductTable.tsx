import { Link } from 'react-router'
import { PRODUCT_BULK_MAX, PRODUCT_LOW_STOCK } from '../../../../contract/admin/products'
import { formatCents, formatCount } from '../../../../contract/money'
import type { AdminProductRow } from '../../../../server/domain/catalog/admin-products'
import { EmptyRow } from '~/components/admin/DataTable'
import { LineThumb } from '~/components/ui/LineThumb'

type Row = Omit<AdminProductRow, 'sortKey'>

function StockBadge({ row }: { row: Row }) {
  const tone =
    row.estoque <= 0 ? 'bg-danger-600/10 text-danger-600' : row.estoque < PRODUCT_LOW_STOCK ? 'bg-accent-400/15 text-ink-700' : 'bg-pix-50 text-pix-600'
  const label = row.estoque <= 0 ? 'Esgotado' : formatCount(row.estoque)
  return (
    <span
      className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`}
      title={row.variacoes ? 'Soma das opções ativas' : undefined}
    >
      {label}
      {row.variacoes ? <span className="hidden font-normal sm:inline"> (opções)</span> : null}
    </span>
  )
}

/** The list's page of products; with catalog:write, a checkbox on each row (and one for the whole page). */
export function ProductTable({
  rows,
  canWrite,
  loading,
  selected,
  setSelected,
}: {
  rows: Row[]
  canWrite: boolean
  loading: boolean
  selected: Set<number>
  setSelected: (change: (s: Set<number>) => Set<number>) => void
}) {
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id))
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const toggleAll = () =>
    setSelected((s) =>
      allOnPage ? new Set([...s].filter((id) => !rows.some((r) => r.id === id))) : new Set([...s, ...rows.map((r) => r.id)].slice(0, PRODUCT_BULK_MAX)),
    )
  return (
    <div className="adm-card overflow-x-auto" aria-busy={loading || undefined}>
      <table className={`w-full border-collapse text-left text-sm ${loading ? 'opacity-60' : ''}`}>
        <caption className="sr-only">Produtos</caption>
        <thead>
          <tr className="border-b border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-500 uppercase">
            {canWrite ? (
              <th scope="col" className="w-10 px-3 py-3">
                <input type="checkbox" aria-label="Selecionar todos desta página" checked={allOnPage} onChange={toggleAll} />
              </th>
            ) : null}
            <th scope="col" className="px-3 py-3 font-semibold">
              Produto
            </th>
            <th scope="col" className="hidden px-3 py-3 font-semibold md:table-cell">
              Categoria · Marca
            </th>
            <th scope="col" className="px-3 py-3 text-right font-semibold">
              Preço
            </th>
            <th scope="col" className="hidden px-3 py-3 text-right font-semibold sm:table-cell">
              Estoque
            </th>
            <th scope="col" className="hidden px-3 py-3 font-semibold sm:table-cell">
              Situação
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <EmptyRow span={canWrite ? 6 : 5}>Nenhum produto encontrado com estes filtros.</EmptyRow>
          ) : (
            rows.map((p) => (
              <tr key={p.id} className={`border-b border-ink-100 align-top last:border-0 hover:bg-brand-50/40 ${selected.has(p.id) ? 'bg-brand-50/60' : ''}`}>
                {canWrite ? (
                  <td className="px-3 py-3">
                    <input type="checkbox" aria-label={`Selecionar ${p.titulo}`} checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                  </td>
                ) : null}
                <td className="px-3 py-3">
                  <div className="flex gap-3">
                    {p.img ? (
                      <LineThumb
                        link={p.img}
                        size={40}
                        loading="lazy"
                        className="hidden h-10 w-10 shrink-0 rounded object-contain ring-1 ring-ink-100 sm:block"
                      />
                    ) : (
                      <span aria-hidden="true" className="hidden h-10 w-10 shrink-0 rounded bg-ink-50 ring-1 ring-ink-100 sm:block" />
                    )}
                    <span className="min-w-0">
                      <Link to={`/admin/produtos/${p.id}`} className="line-clamp-2 font-semibold text-brand-700 hover:underline">
                        {p.titulo}
                      </Link>
                      <span className="block text-xs text-ink-500">
                        {p.sku}
                        {p.video ? ' · vídeo' : ''}
                        {p.atacado ? ' · atacado' : ''}
                        <span className="sm:hidden">{p.ativo ? '' : ' · inativo'}</span>
                      </span>
                    </span>
                  </div>
                </td>
                <td className="hidden px-3 py-3 md:table-cell">
                  <span className="block max-w-[14rem] truncate">{p.categoria}</span>
                  <span className="block max-w-[14rem] truncate text-xs text-ink-500">{p.marca ?? 'Sem marca'}</span>
                </td>
                <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                  {p.precoDeCents != null && p.precoDeCents > p.precoCents ? <s className="block text-xs text-ink-500">{formatCents(p.precoDeCents)}</s> : null}
                  {formatCents(p.precoCents)}
                  {/* On a phone the stock goes under the price (its column is hidden). */}
                  <span className="mt-1 block sm:hidden">
                    <StockBadge row={p} />
                  </span>
                </td>
                <td className="hidden px-3 py-3 text-right sm:table-cell">
                  <StockBadge row={p} />
                </td>
                <td className="hidden px-3 py-3 sm:table-cell">
                  {p.ativo ? <span className="text-pix-600">Ativo</span> : <span className="text-ink-500">Inativo</span>}
                </td>
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  )
}
