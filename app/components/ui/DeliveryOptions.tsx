import type { FreteEstimarResponse } from '../../../contract/shipping'
import { formatBRL } from '~/lib/money'
import { diasUteis } from '../checkout/parts'

type Answer = Extract<FreteEstimarResponse, { estado: 'sucesso' }>

/** How a shipping price reads, as checkout writes it: 'Grátis' for R$ 0. */
export const shippingPrice = (valor: number): string => (valor === 0 ? 'Grátis' : formatBRL(valor))

/** Beside figures the store's table gave because the carrier did not answer. */
export const EstimateMark = () => <span className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-[11px] font-semibold text-warn-500">estimativa</span>

/**
 * The home deliveries for a CEP (frete/estimar, frete/produto): each service with its carrier, price
 * and delivery time, cheapest first; "estimativa" when the carrier did not answer and these are the
 * store's table's figures (decision 0128).
 */
export function DeliveryOptions({ answer }: { answer: Answer }) {
  return (
    <div className="text-sm text-ink-700" role="status">
      <p>
        Entrega em {answer.cidade}/{answer.uf}
        {answer.estimativa ? <EstimateMark /> : null}
      </p>
      <ul className="mt-1 grid gap-1">
        {answer.opcoes.map((o) => (
          <li key={o.nome} className="flex items-baseline justify-between gap-2" data-testid="opcao-frete">
            <span>
              <span className="font-semibold text-ink-900">{o.nome}</span>
              {o.transportadora ? <span className="text-ink-500"> · {o.transportadora}</span> : null}
              <span className="text-ink-500"> · até {diasUteis(o.prazo)}</span>
            </span>
            <strong className={o.valor === 0 ? 'text-pix-600' : 'text-ink-900'}>{shippingPrice(o.valor)}</strong>
          </li>
        ))}
      </ul>
    </div>
  )
}
