import { useCallback, useEffect, useId, useRef, useState } from 'react'
import type { CartItem } from '../../../contract/cart'
import type { FreteEstimarResponse } from '../../../contract/shipping'
import { SHIPPING_MESSAGES } from '../../../contract/messages/cart'
import { maskCep } from '../../../contract/masks'
import { CepForm, CepHelpLink, SHIPPING_ERROR_PREFIX } from './CepForm'
import { diasUteis } from '../checkout/parts'
import { EstimateMark, shippingPrice } from '../ui/DeliveryOptions'
import { call } from '~/lib/api'
import { buyable, listSubtotal } from './cart-math'

/** The Correios' own CEP search ('Não sei meu CEP'). */

export type ShippingState =
  | { kind: 'idle' }
  | { kind: 'calculating' }
  /** `cep` and `basis` (the buyable subtotal it was asked for) let a cart change ask again. */
  | ({ kind: 'done'; cep: string; basis: number } & Extract<FreteEstimarResponse, { estado: 'sucesso' }>)
  | { kind: 'error'; msg: string }

/**
 * The panel's shipping by CEP: a masked CEP field and CALCULAR ('CALCULANDO...' while
 * busy). frete/estimar answers the home deliveries checkout offers for the CEP and the session's
 * cart, the cheapest as the total's shipping (decisions 0015, 0031, 0128). When what the cart can buy
 * changes, the shown estimate is asked again for that CEP.
 */
export function ShippingEstimate({
  state,
  onChange,
  itens,
  settled,
}: {
  state: ShippingState
  onChange: (s: ShippingState) => void
  itens: readonly CartItem[]
  /** No cart change waiting for the server: `itens` are what it keeps. */
  settled: boolean
}) {
  const [cep, setCep] = useState(state.kind === 'done' ? maskCep(state.cep) : '')
  const id = useId()
  /** Bumped by every estimate asked, so a late answer never overwrites a newer one. */
  const asked = useRef(0)
  const basis = listSubtotal(buyable(itens))
  const calculating = state.kind === 'calculating'

  const estimate = useCallback(
    async (forCep: string, forBasis: number) => {
      const mine = ++asked.current
      const res = await call('freteEstimar', { cep: forCep })
      if (mine !== asked.current) return
      onChange(res.ok ? { kind: 'done', ...res.data, cep: forCep, basis: forBasis } : { kind: 'error', msg: SHIPPING_ERROR_PREFIX + res.msg })
    },
    [onChange],
  )

  // The server counts the cart's buyable lines against the free-shipping threshold: once a change to
  // them is saved, the rate may differ. The previous answer stays shown until the new one arrives.
  useEffect(() => {
    if (settled && state.kind === 'done' && state.basis !== basis) void estimate(state.cep, basis)
  }, [settled, state, basis, estimate])

  const calculate = async () => {
    if (calculating) return
    if (!cep.trim()) {
      asked.current++
      onChange({ kind: 'error', msg: SHIPPING_MESSAGES.cepVazio })
      return
    }
    onChange({ kind: 'calculating' })
    await estimate(cep, basis)
  }
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          Frete
        </label>
        <CepHelpLink />
      </div>
      <CepForm id={id} cep={cep} onCep={setCep} calculating={calculating} onCalculate={() => void calculate()} />
      {state.kind === 'done' ? (
        <>
          <p className="text-xs text-ink-700" role="status">
            Entrega em {state.cidade}/{state.uf}: <strong className={state.valor === 0 ? 'text-pix-600' : undefined}>{shippingPrice(state.valor)}</strong>, em
            até {diasUteis(state.prazo)}
            {state.estimativa ? <EstimateMark /> : null}
          </p>
          {state.opcoes.length > 1 ? (
            <ul className="grid gap-0.5 text-xs text-ink-500" aria-label="Outras opções de entrega">
              {state.opcoes.slice(1).map((o) => (
                <li key={o.nome}>
                  ou {o.nome}
                  {o.transportadora ? ` (${o.transportadora})` : ''}: {shippingPrice(o.valor)}, em até {diasUteis(o.prazo)}
                </li>
              ))}
            </ul>
          ) : null}
        </>
      ) : state.kind === 'error' ? (
        <p className="text-xs text-danger-600" role="alert">
          {state.msg}
        </p>
      ) : null}
    </div>
  )
}
