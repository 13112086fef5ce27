import { useState } from 'react'
import { Link } from 'react-router'
import { formatDateTime } from '~/components/admin/format'
import { STOCK } from '../../../../contract/messages/products'
import { useStaffAction } from '~/lib/admin-action'
import { parseUnits } from './inputs'
import type { SectionProps } from './sections'

type StockData = SectionProps<'stock'>['data']
type Entry = StockData['ledger'][number]

const units = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'unidade' : 'unidades'}`

/**
 * Stock: each count (the product's own, or each option's while it has active ones) with "Ajustar"
 * — a new total sent with the count shown, refused if a sale or someone changed it meanwhile, and
 * then the current count is shown — and "Receber", N units added to whatever there is; below, the
 * stock ledger, newest first.
 */
export function StockSection({ data, canWrite }: SectionProps<'stock'>) {
  const rows: Array<{ key: string; optionId: number | null; label: string; stock: number; note?: string; inactive?: boolean }> = data.byOption
    ? data.options.map((o) => ({ key: `o${o.id}`, optionId: o.id, label: `${o.grupo}: ${o.nome}`, stock: o.stock, inactive: !o.active }))
    : [{ key: 'p', optionId: null, label: 'Produto', stock: data.stock }]
  const ownIgnored = data.byOption && data.stock > 0
  return (
    <section aria-labelledby="sec-estoque" className="adm-card p-4 sm:p-5" data-testid="stock-section">
      <h2 id="sec-estoque" className="font-bold text-ink-900">
        Estoque
      </h2>
      <p className="mt-1 mb-3 text-sm text-ink-500">
        {data.byOption
          ? 'O produto é vendido pelas variações: cada valor tem seu próprio estoque.'
          : '“Ajustar” grava o novo total; “Receber” soma as unidades que chegaram. Uma venda no meio do caminho nunca é sobrescrita.'}
      </p>
      <ul className="divide-y divide-ink-100 rounded-lg border border-ink-100">
        {rows.map((r) => (
          <StockRow key={r.key} row={r} canWrite={canWrite} />
        ))}
      </ul>
      {ownIgnored ? (
        <p className="mt-2 text-xs text-ink-500">O estoque próprio do produto ({units(data.stock)}) não é vendido enquanto houver variações ativas.</p>
      ) : null}
      <Ledger entries={data.ledger} />
    </section>
  )
}

function StockRow({ row, canWrite }: { row: { optionId: number | null; label: string; stock: number; inactive?: boolean }; canWrite: boolean }) {
  const [total, setTotal] = useState('')
  const [received, setReceived] = useState('')
  const [typed, setTyped] = useState<string | null>(null)
  const adjusting = useStaffAction({ onDone: () => setTotal('') })
  const receiving = useStaffAction({ onDone: () => setReceived('') })
  const [last, setLast] = useState<'adjust' | 'receive' | null>(null)
  const busy = adjusting.busy || receiving.busy
  const id = row.optionId ?? 'p'
  const opcao = row.optionId
  // The last answer's refusal (a 409: the count moved — a sale, someone else — and the current one is shown).
  const answered = last === 'adjust' ? adjusting.answer : last === 'receive' ? receiving.answer : undefined
  const refused = typed == null && answered && !answered.ok ? answered : null
  const note =
    typed != null ? { kind: 'error', msg: typed } : refused ? { kind: refused.code === STOCK.changed.code ? 'conflict' : 'error', msg: refused.msg } : null

  function adjust(e: React.FormEvent) {
    e.preventDefault()
    const parsed = parseUnits(total)
    if (!parsed.ok) return setTyped(parsed.msg)
    setTyped(null)
    setLast('adjust')
    adjusting.submit('estoque-ajustar', { opcao, esperado: row.stock, novo: parsed.value })
  }

  function receive(e: React.FormEvent) {
    e.preventDefault()
    const parsed = parseUnits(received, { min: 1 })
    if (!parsed.ok) return setTyped(parsed.msg)
    setTyped(null)
    setLast('receive')
    receiving.submit('estoque-receber', { opcao, quantidade: parsed.value })
  }

  return (
    <li className="flex flex-wrap items-end justify-between gap-x-6 gap-y-3 p-3" data-testid={`stock-row-${id}`}>
      <div className="min-w-40">
        <p className="text-sm font-medium text-ink-900">
          {row.label}
          {row.inactive ? <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs font-normal text-ink-500">desativado</span> : null}
        </p>
        <p className="flex items-baseline gap-1 text-2xl font-bold text-ink-900 tabular-nums" aria-live="polite">
          <span data-testid="stock-count">{row.stock.toLocaleString('pt-BR')}</span>
          <span className="text-sm font-normal text-ink-500">{row.stock === 1 ? 'unidade' : 'unidades'}</span>
          {row.stock === 0 ? <span className="ml-1 rounded bg-danger-600/10 px-1.5 py-0.5 text-xs font-semibold text-danger-600">Esgotado</span> : null}
        </p>
      </div>
      {canWrite ? (
        <div className="flex flex-wrap items-end gap-x-4 gap-y-2">
          <form onSubmit={adjust} className="flex items-end gap-2" noValidate>
            <div>
              <label htmlFor={`estoque-novo-${id}`} className="adm-label text-xs">
                Novo total
              </label>
              <input
                id={`estoque-novo-${id}`}
                value={total}
                onChange={(e) => setTotal(e.target.value)}
                inputMode="numeric"
                autoComplete="off"
                placeholder={String(row.stock)}
                className="adm-input w-24 tabular-nums"
              />
            </div>
            <button type="submit" className="adm-btn" disabled={busy || total.trim() === ''}>
              Ajustar
            </button>
          </form>
          <form onSubmit={receive} className="flex items-end gap-2" noValidate>
            <div>
              <label htmlFor={`estoque-receber-${id}`} className="adm-label text-xs">
                Receber
              </label>
              <input
                id={`estoque-receber-${id}`}
                value={received}
                onChange={(e) => setReceived(e.target.value)}
                inputMode="numeric"
                autoComplete="off"
                placeholder="unidades"
                className="adm-input w-24 tabular-nums"
              />
            </div>
            <button type="submit" className="adm-btn-ghost" disabled={busy || received.trim() === ''}>
              Receber unidades
            </button>
          </form>
        </div>
      ) : null}
      {note ? (
        <p
          role="alert"
          className={`basis-full rounded-lg px-3 py-2 text-sm ${note.kind === 'conflict' ? 'bg-warn-500/10 text-ink-900' : 'bg-danger-600/10 text-danger-600'}`}
          data-testid="stock-note"
        >
          {note.msg}
        </p>
      ) : null}
    </li>
  )
}

function who(e: Entry) {
  if (e.orderCode) {
    return (
      <Link to={`/admin/pedidos/${e.orderCode}`} className="font-semibold text-brand-700 hover:underline">
        Pedido {e.orderCode}
      </Link>
    )
  }
  return e.actorLabel
}

function Ledger({ entries }: { entries: Entry[] }) {
  return (
    <div className="mt-5">
      <h3 className="mb-2 text-sm font-bold text-ink-900">Movimentações</h3>
      {entries.length === 0 ? (
        <p className="text-sm text-ink-500">Nenhuma movimentação registrada.</p>
      ) : (
        <div className="overflow-x-auto">
          <table className="w-full text-sm" data-testid="stock-ledger">
            <thead className="text-left text-xs text-ink-500 uppercase">
              <tr>
                <th className="py-2 pr-2 font-semibold">Quando</th>
                <th className="px-2 py-2 font-semibold">Motivo</th>
                <th className="px-2 py-2 text-right font-semibold">Antes → depois</th>
                <th className="py-2 pl-2 font-semibold">Quem</th>
              </tr>
            </thead>
            <tbody>
              {entries.map((e) => {
                const delta = e.after - e.before
                return (
                  <tr key={e.id} className="border-t border-ink-100 align-top">
                    <td className="py-2 pr-2 whitespace-nowrap text-ink-700">{formatDateTime(e.at)}</td>
                    <td className="px-2 py-2">
                      <span className="font-medium text-ink-900">{e.reason}</span>
                      {e.item ? <span className="block text-xs text-ink-500">{e.item}</span> : null}
                    </td>
                    <td className="px-2 py-2 text-right whitespace-nowrap tabular-nums">
                      {e.before} → <strong>{e.after}</strong>
                      <span className={`block text-xs ${delta < 0 ? 'text-danger-600' : 'text-pix-600'}`}>
                        {delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`}
                      </span>
                    </td>
                    <td className="py-2 pl-2">{who(e)}</td>
                  </tr>
                )
              })}
            </tbody>
          </table>
        </div>
      )}
    </div>
  )
}
