import { useCallback, useEffect, useState } from 'react'
import type { ResumoCompra } from '../../../contract/checkout'
import { call } from '~/lib/api'
import { PaymentChoice, EMPTY_CARD, type CardFields } from './PaymentChoice'
import { ShippingChoice } from './ShippingChoice'
import { Summary } from './Summary'
import { CheckoutPrompt } from './parts'

/** The summary as it is now (checkout/resumo), asked again after every choice. */
export function useResumo() {
  const [resumo, setResumo] = useState<ResumoCompra | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const refresh = useCallback(async () => {
    const r = await call('resumoCompra')
    if (r.ok && 'itens' in r.data) {
      setResumo(r.data)
      setProblem(null)
    } else if (!r.ok) setProblem(r.msg)
  }, [])
  useEffect(() => {
    void refresh()
  }, [refresh])
  return { resumo, problem, refresh }
}

/** /checkout/pagamento: shipping, payment and the summary with 'Finalizar compra', on one screen. */
export function PaymentStep() {
  const { resumo, problem, refresh } = useResumo()
  const [card, setCard] = useState<CardFields>(EMPTY_CARD)
  const onShipping = useCallback(() => void refresh(), [refresh])
  if (problem) return <CheckoutPrompt code={problem} />
  return (
    <div className="grid gap-4">
      <ShippingChoice onChange={onShipping} />
      {resumo ? <PaymentChoice resumo={resumo} card={card} setCard={setCard} onSaved={() => void refresh()} /> : null}
      {resumo ? <Summary resumo={resumo} card={card} refresh={refresh} /> : null}
    </div>
  )
}
