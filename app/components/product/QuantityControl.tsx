import { QuantityStepper } from '../ui/QuantityStepper'
import type { BuyBox } from './useBuyBox'

/** − [n] +: minimum 1, increases capped at the stock the choice allows. */
export function QuantityControl({ buy }: { buy: BuyBox }) {
  return (
    <div>
      <label htmlFor="quantidade" className="mb-1.5 block text-sm text-ink-700">
        Quantidade
      </label>
      <div className="flex items-center gap-3">
        <QuantityStepper id="quantidade" value={buy.qty} max={buy.cap} onCommit={buy.setQty} />
        {buy.cap > 0 && buy.qty >= buy.cap ? (
          <p className="text-xs text-ink-500" role="status">
            Máximo disponível: {buy.cap} {buy.cap === 1 ? 'unidade' : 'unidades'}
          </p>
        ) : null}
      </div>
    </div>
  )
}
