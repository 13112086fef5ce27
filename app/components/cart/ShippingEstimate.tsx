import { useId, useState } from 'react'
import { SHIPPING_MESSAGES } from '../../../contract/shipping'
import { maskCep } from '../../../contract/validators'
import { call } from '~/lib/api'
import { formatBRL } from '~/lib/money'

/** The Correios' own CEP search ('Não sei meu CEP'). */
export const CORREIOS_CEP_SEARCH = 'https://buscacepinter.correios.com.br/app/endereco/index.php'

export const SHIPPING_ERROR_PREFIX = 'Não foi possível calcular o frete: '

export type ShippingState =
  | { kind: 'idle' }
  | { kind: 'calculating' }
  | { kind: 'done'; valor: number; prazo: number; cidade: string; uf: string }
  | { kind: 'error'; msg: string }

/**
 * The panel's shipping by CEP (spec §2, §8): a masked CEP field and CALCULAR ('CALCULANDO...' while
 * busy). The store's standard rate and the delivery time for the CEP's region come from
 * frete/estimar (the spec simulated it; decision 0015).
 */
export function ShippingEstimate({ state, onChange }: { state: ShippingState; onChange: (s: ShippingState) => void }) {
  const [cep, setCep] = useState('')
  const id = useId()
  const calculating = state.kind === 'calculating'
  const calculate = async () => {
    if (calculating) return
    if (!cep.trim()) {
      onChange({ kind: 'error', msg: SHIPPING_MESSAGES.cepVazio })
      return
    }
    onChange({ kind: 'calculating' })
    const res = await call('freteEstimar', { cep })
    onChange(res.ok ? { kind: 'done', ...res.data } : { kind: 'error', msg: SHIPPING_ERROR_PREFIX + res.msg })
  }
  return (
    <div className="space-y-2">
      <div className="flex items-center justify-between gap-2">
        <label htmlFor={id} className="text-sm font-semibold text-ink-900">
          Frete
        </label>
        <a href={CORREIOS_CEP_SEARCH} target="_blank" rel="noreferrer" className="text-xs font-medium text-brand-700 underline hover:no-underline">
          Não sei meu CEP
        </a>
      </div>
      <form
        className="flex gap-2"
        onSubmit={(e) => {
          e.preventDefault()
          void calculate()
        }}
      >
        <input
          id={id}
          inputMode="numeric"
          autoComplete="postal-code"
          placeholder="00.000-000"
          value={cep}
          onChange={(e) => setCep(maskCep(e.target.value))}
          className="h-10 min-w-0 flex-1 rounded-lg border border-ink-300 px-3 text-sm outline-none focus:border-brand-500"
        />
        <button type="submit" disabled={calculating} className="btn-primary h-10 px-4 text-sm" aria-busy={calculating}>
          {calculating ? 'CALCULANDO...' : 'CALCULAR'}
        </button>
      </form>
      {state.kind === 'done' ? (
        <p className="text-xs text-ink-700" role="status">
          Entrega em {state.cidade}/{state.uf}: <strong>{formatBRL(state.valor)}</strong>, em até {state.prazo}{' '}
          {state.prazo === 1 ? 'dia útil' : 'dias úteis'}
        </p>
      ) : state.kind === 'error' ? (
        <p className="text-xs text-danger-600" role="alert">
          {state.msg}
        </p>
      ) : null}
    </div>
  )
}
