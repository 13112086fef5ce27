import { useId, useRef, useState } from 'react'
import type { FreteEstimarResponse } from '../../../contract/shipping'
import { SHIPPING_MESSAGES } from '../../../contract/messages/cart'
import { CepForm, CepHelpLink, SHIPPING_ERROR_PREFIX } from '../cart/CepForm'
import { DeliveryOptions } from '../ui/DeliveryOptions'
import { TruckIcon } from '../ui/icons'
import { call } from '~/lib/api'

type State =
  { kind: 'idle' } | { kind: 'calculating' } | { kind: 'done'; answer: Extract<FreteEstimarResponse, { estado: 'sucesso' }> } | { kind: 'error'; msg: string }

/**
 * "Calcular frete" on the product page (decision 0128): the CEP, then each service's price and
 * delivery for the chosen variation and quantity (frete/produto). The page is the same for everyone
 * and kept; the quote is the browser's own call. The answer's room is held from the press, so what
 * comes below does not move when it arrives. Its code loads at the shopper's first touch of the box
 * (ProductInfo, ~/lib/deferred whenTouched): few of a page's visitors ask for a quote.
 */
export function ShippingQuoteBox({ productId, variacao, qtd }: { productId: string; variacao: string | null; qtd: number }) {
  const [cep, setCep] = useState('')
  const [state, setState] = useState<State>({ kind: 'idle' })
  const id = useId()
  /** Bumped by every quote asked, so a late answer never overwrites a newer one. */
  const asked = useRef(0)

  const calculate = async () => {
    const mine = ++asked.current
    if (!cep.trim()) return setState({ kind: 'error', msg: SHIPPING_MESSAGES.cepVazio })
    setState({ kind: 'calculating' })
    const res = await call('freteProduto', variacao ? { cep, id: productId, qtd, variacao } : { cep, id: productId, qtd })
    if (mine !== asked.current) return
    setState(res.ok ? { kind: 'done', answer: res.data } : { kind: 'error', msg: SHIPPING_ERROR_PREFIX + res.msg })
  }

  return (
    <section className="space-y-2 rounded-lg p-3 ring-1 ring-ink-100" aria-labelledby={`${id}-titulo`}>
      <div className="flex items-center justify-between gap-2">
        <h2 id={`${id}-titulo`} className="flex h-5 items-center gap-2 text-sm font-semibold text-ink-900">
          <TruckIcon width={18} height={18} className="shrink-0 text-brand-600" /> Calcular frete
        </h2>
        <CepHelpLink />
      </div>
      <label htmlFor={id} className="sr-only">
        CEP
      </label>
      <CepForm id={id} cep={cep} onCep={setCep} calculating={state.kind === 'calculating'} onCalculate={() => void calculate()} />
      {state.kind === 'idle' ? null : (
        <div className="min-h-20">
          {state.kind === 'calculating' ? (
            <div className="grid gap-1.5" aria-hidden="true">
              <div className="skeleton h-4 w-1/2 rounded" />
              <div className="skeleton h-4 rounded" />
              <div className="skeleton h-4 rounded" />
            </div>
          ) : state.kind === 'done' ? (
            <DeliveryOptions answer={state.answer} />
          ) : (
            <p className="text-sm text-danger-600" role="alert">
              {state.msg}
            </p>
          )}
        </div>
      )}
    </section>
  )
}
