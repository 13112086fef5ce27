import type { ProductDetail } from '../../../contract/catalog'
import { formatBRL } from '~/lib/money'
import type { BuyBox } from './useBuyBox'

/**
 * One button per option of each variation axis, with its name and, when it differs from the
 * product's price, its own price. Options without stock are disabled.
 */
export function VariationPicker({ detail, buy }: { detail: Pick<ProductDetail, 'variacao' | 'valor'>; buy: BuyBox }) {
  const axes = detail.variacao.filter((v) => v.data.length > 0)
  if (axes.length === 0) return null
  return (
    <div ref={buy.pickerRef} className="space-y-3" data-testid="variation-picker">
      {axes.map((axis, a) => {
        const picked = axis.data.find((o) => o.hash === buy.chosen)
        const labelId = `variacao-${a}`
        return (
          <div key={`${axis.nome}-${a}`}>
            <p id={labelId} className="mb-1.5 text-sm text-ink-700">
              {axis.nome}:{' '}
              {picked ? (
                <strong className="font-semibold text-ink-900">{picked.name}</strong>
              ) : (
                <span className={buy.needsChoice && !buy.soldOut ? 'font-medium text-accent-600' : ''}>selecione uma opção</span>
              )}
            </p>
            <div role="radiogroup" aria-labelledby={labelId} className="flex flex-wrap gap-2">
              {axis.data.map((o) => {
                const checked = o.hash === buy.chosen
                const out = o.qtd <= 0
                return (
                  <button
                    key={o.hash}
                    type="button"
                    role="radio"
                    aria-checked={checked}
                    disabled={out}
                    onClick={() => buy.choose(o.hash)}
                    title={out ? `${o.name} — esgotado` : o.name}
                    className={`relative flex min-h-11 min-w-[4.5rem] flex-col items-center justify-center rounded-lg border px-3 py-1.5 text-sm transition ${
                      checked
                        ? 'border-brand-600 bg-brand-50 font-semibold text-brand-800 ring-1 ring-brand-600'
                        : out
                          ? 'cursor-not-allowed border-dashed border-ink-300 bg-ink-50 text-ink-300'
                          : 'border-ink-300 bg-white text-ink-900 hover:border-brand-500 hover:text-brand-700'
                    }`}
                  >
                    <span className={out ? 'line-through' : ''}>{o.name}</span>
                    {o.valor !== detail.valor ? <span className={`text-xs ${checked ? 'text-brand-700' : 'text-ink-500'}`}>{formatBRL(o.valor)}</span> : null}
                    {out ? <span className="sr-only"> (esgotado)</span> : null}
                  </button>
                )
              })}
            </div>
          </div>
        )
      })}
    </div>
  )
}
