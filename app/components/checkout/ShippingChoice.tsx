import { useEffect, useState } from 'react'
import { toast } from '~/lib/toast'
import { call, type CallData } from '~/lib/api'
import { formatBRL } from '~/lib/money'
import { CARD, CheckoutPrompt, diasUteis } from './parts'

type Frete = CallData<'calcularFrete'>
const PICKUP = 2

/** '2026-12-07' → 'chega até 07/12' ('pronto em 07/12' for the pickup). */
const previsaoText = (date: string, pickup: boolean) => `${pickup ? 'pronto em' : 'chega até'} ${date.slice(8, 10)}/${date.slice(5, 7)}`

/**
 * 'Método de envio': the options of calcular-frete-qqer for the delivery address, each with its
 * price and delivery time; choosing index 2 opens the station picker in two stages ('Salvar e
 * continuar', then 'Salvar'; modal 300 ms, backdrop 150 ms). Each choice is saved (checkout/envio).
 */
export function ShippingChoice({ onChange }: { onChange: (opcao: number | null) => void }) {
  const [frete, setFrete] = useState<Frete | null>(null)
  const [problem, setProblem] = useState<string | null>(null)
  const [chosen, setChosen] = useState<number | null>(null)
  const [picker, setPicker] = useState<{ stage: 1 | 2; estacao: string } | null>(null)

  useEffect(() => {
    void call('calcularFrete').then((r) => {
      if (!r.ok) return setProblem(r.msg)
      setFrete(r.data)
      setChosen(r.data.escolha.opcao)
      onChange(r.data.escolha.opcao)
    })
  }, [onChange])

  async function save(opcao: number, estacao?: string) {
    const r = await call('checkoutEnvio', estacao ? { opcao, estacao } : { opcao })
    if (!r.ok) return void toast.error(r.msg, { autoClose: 3000 })
    setChosen(opcao)
    onChange(opcao)
  }

  if (problem) return <CheckoutPrompt code={problem} />
  if (!frete) return <div className={`${CARD} skeleton h-40`} aria-busy="true" />
  const station = frete.estacao.find((s) => s.id === picker?.estacao)
  return (
    <section className={CARD} aria-labelledby="metodo-envio">
      <h2 id="metodo-envio" className="text-lg font-bold text-ink-900">
        Método de envio
      </h2>
      <div role="radiogroup" aria-labelledby="metodo-envio" className="mt-3 grid gap-2">
        {frete.opcs.map((o, i) => {
          const off = o.disponivel === false
          return (
            <label
              key={o.nome}
              className={`flex items-center gap-3 rounded-lg p-3 ring-1 ${off ? 'cursor-not-allowed opacity-60' : 'cursor-pointer'} ${chosen === i ? 'ring-brand-600' : 'ring-ink-100'}`}
            >
              <input
                type="radio"
                name="envio"
                checked={chosen === i}
                disabled={off}
                onChange={() => (i === PICKUP ? setPicker({ stage: 1, estacao: frete.escolha.estacao ?? frete.estacao[0]?.id ?? '' }) : void save(i))}
              />
              <span className="flex-1">
                <span className="block font-semibold text-ink-900">
                  {o.nome}
                  {o.transportadora ? <span className="font-normal text-ink-500"> · {o.transportadora}</span> : null}
                </span>
                <span className="text-sm text-ink-500">
                  {off
                    ? o.motivo
                    : `${i === PICKUP ? 'Pronto para retirada' : 'Entrega'} em até ${diasUteis(o.prazo)} · ${previsaoText(o.previsao, i === PICKUP)}`}
                </span>
              </span>
              {off ? null : <span className="font-semibold text-ink-900">{o.valor === 0 ? 'Grátis' : formatBRL(o.valor)}</span>}
            </label>
          )
        })}
      </div>
      {frete.estimativa ? (
        <p className="mt-2 text-xs text-ink-500">Valores estimados: a transportadora não respondeu agora. Você pode continuar com estes valores.</p>
      ) : null}
      {picker ? (
        <div className="fixed inset-0 z-50 flex items-end justify-center sm:items-center" role="dialog" aria-modal="true" aria-labelledby="estacoes-titulo">
          <div className="absolute inset-0 bg-black/50 transition-opacity duration-150" onClick={() => setPicker(null)} />
          <div className="relative w-full max-w-lg rounded-t-card bg-white p-5 transition-transform duration-300 sm:rounded-card">
            <h3 id="estacoes-titulo" className="text-lg font-bold text-ink-900">
              {picker.stage === 1 ? 'Escolha a estação de retirada' : 'Confirme a estação'}
            </h3>
            {picker.stage === 1 ? (
              <div role="radiogroup" className="mt-3 grid max-h-[50vh] gap-2 overflow-y-auto">
                {frete.estacao.map((s) => (
                  <label key={s.id} className="flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ring-ink-100">
                    <input type="radio" name="estacao" checked={picker.estacao === s.id} onChange={() => setPicker({ stage: 1, estacao: s.id })} />
                    <span>
                      <span className="block font-semibold">{s.nome}</span>
                      <span className="text-sm text-ink-500">{s.endereco}</span>
                    </span>
                  </label>
                ))}
              </div>
            ) : (
              <p className="mt-3 text-ink-700">
                <strong>{station?.nome}</strong>
                <br />
                {station?.endereco}
              </p>
            )}
            <div className="mt-4 flex justify-end gap-2">
              <button type="button" className="btn-ghost" onClick={() => setPicker(null)}>
                Cancelar
              </button>
              {picker.stage === 1 ? (
                <button type="button" className="btn-primary" disabled={!station} onClick={() => setPicker({ ...picker, stage: 2 })}>
                  Salvar e continuar
                </button>
              ) : (
                <button type="button" className="btn-primary" onClick={() => void save(PICKUP, picker.estacao).then(() => setPicker(null))}>
                  Salvar
                </button>
              )}
            </div>
          </div>
        </div>
      ) : null}
    </section>
  )
}
