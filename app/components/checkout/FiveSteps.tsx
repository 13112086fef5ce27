import { useCallback, useEffect, useState } from 'react'
import { toast } from '~/lib/toast'
import { CHECKOUT_MESSAGES } from '../../../contract/messages/checkout'
import { call, type CallData } from '~/lib/api'
import { IdentificationForm } from './IdentificationForm'
import type { Identification } from './identification'
import { EMPTY_CARD, PaymentChoice, type CardFields } from './PaymentChoice'
import { useResumo } from './PaymentStep'
import { ShippingChoice } from './ShippingChoice'
import { Summary } from './Summary'
import { CARD, CheckoutPrompt } from './parts'

export const FIVE_STEPS = ['Dados pessoais', 'Informações de entrega', 'Método de envio', 'Forma de pagamento', 'Finalizar compra'] as const
const SHIPPING_STEP = 2

/**
 * Whether 'Próximo passo' shows: on the steps between the first (its own 'Continuar') and the last
 * (its 'Finalizar compra'), and not while dados-compra's prompt ('sedrc', 'EsEdrc') stands in for
 * the delivery and shipping steps — its link is the way on, and going forward there leads nowhere.
 */
export function showsNextStep(step: number, prompt: string | null): boolean {
  if (step === 0 || step >= FIVE_STEPS.length - 1) return false
  return !(prompt && step <= SHIPPING_STEP)
}

/**
 * /compras/finalizar: five steps moved by their buttons or 'Próximo passo'. dados-compra
 * says who buys and where to (or 'auth' / 'sedrc' / 'EsEdrc' with their prompts); entering step 2
 * loads the shipping options, and leaving it forward needs one chosen.
 */
export function FiveSteps({ compra }: { compra: Identification | null }) {
  const [step, setStep] = useState(0)
  const [dados, setDados] = useState<CallData<'dadosCompra'> | null>(null)
  const [code, setCode] = useState<string | null>(null)
  const [opcao, setOpcao] = useState<number | null>(null)
  const [card, setCard] = useState<CardFields>(EMPTY_CARD)
  const { resumo, problem, refresh } = useResumo()

  useEffect(() => {
    void call('dadosCompra').then((r) => {
      if (r.ok) setDados(r.data)
      else setCode(r.msg)
    })
  }, [])
  const onShipping = useCallback(
    (o: number | null) => {
      setOpcao(o)
      void refresh()
    },
    [refresh],
  )

  function go(to: number) {
    // Past 'Método de envio' only with a method chosen.
    if (to > SHIPPING_STEP && opcao === null && !resumo?.envio) {
      setStep(SHIPPING_STEP)
      return void toast.error(CHECKOUT_MESSAGES.metodoEnvio, { autoClose: 3000 })
    }
    setStep(to)
    if (to === FIVE_STEPS.length - 1) void refresh()
  }

  const user = dados && 'user' in dados ? dados.user : null
  const endereco = dados && 'endereco' in dados ? dados.endereco : null
  return (
    <div className="grid gap-4">
      <ol aria-label="Etapas da compra" className="grid grid-cols-5 gap-1 text-center text-xs sm:text-sm">
        {FIVE_STEPS.map((name, i) => (
          <li key={name}>
            <button
              type="button"
              onClick={() => go(i)}
              aria-current={i === step ? 'step' : undefined}
              className={`w-full rounded-lg px-1 py-2 ${i === step ? 'bg-brand-600 font-bold text-white' : 'bg-white text-ink-700 ring-1 ring-ink-100'}`}
            >
              {/* The number on phones, number and name from sm; the name is always the button's. */}
              <span className="block font-bold" aria-hidden="true">
                {i + 1}
              </span>
              <span className="sr-only sm:not-sr-only">{name}</span>
            </button>
          </li>
        ))}
      </ol>
      <h2 className="text-lg font-bold text-ink-900 sm:hidden">{FIVE_STEPS[step]}</h2>

      {step === 0 ? (
        <div className={CARD}>
          {user ? (
            <p className="mb-4 text-sm text-ink-700">
              Comprando como{' '}
              <strong>
                {user.nome} {user.sobrenome}
              </strong>{' '}
              · {user.telefone}
            </p>
          ) : null}
          <IdentificationForm initial={compra} onDone={() => go(1)} />
        </div>
      ) : null}
      {step === 1 ? (
        code ? (
          <CheckoutPrompt code={code} />
        ) : endereco ? (
          <section className={CARD} aria-labelledby="info-entrega">
            <h2 id="info-entrega" className="text-lg font-bold text-ink-900">
              Informações de entrega
            </h2>
            <p className="mt-2 text-ink-700" data-testid="endereco-entrega">
              {endereco.rua}, {endereco.numero}
              {endereco.comp ? ` – ${endereco.comp}` : ''} · {endereco.bairro} · {endereco.cidade} · CEP {endereco.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}
            </p>
            <a href="/endereco?show=true" className="btn-ghost mt-3">
              Trocar endereço
            </a>
          </section>
        ) : (
          <div className={`${CARD} skeleton h-24`} aria-busy="true" />
        )
      ) : null}
      {step === 2 ? <ShippingChoice onChange={onShipping} /> : null}
      {step === 3 ? <PaymentChoice resumo={resumo} card={card} setCard={setCard} onSaved={() => void refresh()} /> : null}
      {step === 4 ? (
        problem ? (
          <CheckoutPrompt code={problem} />
        ) : resumo ? (
          <Summary resumo={resumo} card={card} refresh={refresh} />
        ) : (
          <div className={`${CARD} skeleton h-40`} />
        )
      ) : null}

      {showsNextStep(step, code) ? (
        <button type="button" className="btn-primary h-12" onClick={() => go(step + 1)}>
          Próximo passo
        </button>
      ) : null}
    </div>
  )
}
