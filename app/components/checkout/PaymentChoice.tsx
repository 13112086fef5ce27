import { useState } from 'react'
import { toast } from '~/lib/toast'
import type { ResumoCompra } from '../../../contract/checkout'
import { call } from '~/lib/api'
import { formatBRL } from '~/lib/money'
import { Field } from '~/components/account/Field'
import { CARD } from './parts'

export type CardFields = { numero: string; nome: string; validade: string; cvv: string }
export const EMPTY_CARD: CardFields = { numero: '', nome: '', validade: '', cvv: '' }

const METHODS = [
  ['pix', 'Pix', 'Aprovação na hora, com desconto'],
  ['cartao', 'Cartão', 'Crédito em até 10x sem juros'],
  ['boleto', 'Boleto', 'Vence em 3 dias úteis'],
] as const

const maskCardNumber = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 19)
    .replace(/(\d{4})(?=\d)/g, '$1 ')
const maskValidade = (v: string) =>
  v
    .replace(/\D/g, '')
    .slice(0, 4)
    .replace(/^(\d{2})(\d)/, '$1/$2')

/**
 * 'Forma de pagamento': Pix, Cartão or Boleto (checkout/pagamento, with the card's instalments);
 * the card's fields stay in this page's memory and go only with finalizar (never saved).
 */
export function PaymentChoice({
  resumo,
  card,
  setCard,
  onSaved,
}: {
  resumo: ResumoCompra | null
  card: CardFields
  setCard: (c: CardFields) => void
  onSaved: () => void
}) {
  const [method, setMethod] = useState(resumo?.pagamento?.metodo ?? null)
  const parcelas = resumo?.pagamento?.parcelas ?? 1

  async function save(metodo: 'pix' | 'cartao' | 'boleto', n = 1) {
    const r = await call('checkoutPagamento', metodo === 'cartao' ? { metodo, parcelas: n } : { metodo })
    if (!r.ok) return void toast.error(r.msg, { autoClose: 3000 })
    setMethod(metodo)
    onSaved()
  }

  return (
    <section className={CARD} aria-labelledby="forma-pagamento">
      <h2 id="forma-pagamento" className="text-lg font-bold text-ink-900">
        Forma de pagamento
      </h2>
      <div role="radiogroup" aria-labelledby="forma-pagamento" className="mt-3 grid gap-2 sm:grid-cols-3">
        {METHODS.map(([id, name, hint]) => (
          <label key={id} className={`flex cursor-pointer gap-3 rounded-lg p-3 ring-1 ${method === id ? 'ring-brand-600' : 'ring-ink-100'}`}>
            <input type="radio" name="pagamento" checked={method === id} onChange={() => void save(id)} />
            <span>
              <span className="block font-semibold text-ink-900">{name}</span>
              <span className="text-xs text-ink-500">{hint}</span>
            </span>
          </label>
        ))}
      </div>
      {method === 'cartao' ? (
        <div className="mt-4 grid gap-4 sm:grid-cols-2">
          <Field
            id="cartao-numero"
            label="Número do cartão"
            inputMode="numeric"
            autoComplete="cc-number"
            value={card.numero}
            onChange={(e) => setCard({ ...card, numero: maskCardNumber(e.target.value) })}
          />
          <Field
            id="cartao-nome"
            label="Nome impresso no cartão"
            autoComplete="cc-name"
            value={card.nome}
            onChange={(e) => setCard({ ...card, nome: e.target.value.toUpperCase() })}
          />
          <Field
            id="cartao-validade"
            label="Validade (MM/AA)"
            inputMode="numeric"
            autoComplete="cc-exp"
            placeholder="MM/AA"
            value={card.validade}
            onChange={(e) => setCard({ ...card, validade: maskValidade(e.target.value) })}
          />
          <Field
            id="cartao-cvv"
            label="CVV"
            inputMode="numeric"
            autoComplete="cc-csc"
            value={card.cvv}
            onChange={(e) => setCard({ ...card, cvv: e.target.value.replace(/\D/g, '').slice(0, 4) })}
          />
          <div>
            <label htmlFor="parcelas" className="block text-sm font-semibold text-ink-700">
              Parcelas
            </label>
            <select
              id="parcelas"
              className="mt-1 h-11 w-full rounded-lg border border-ink-300 bg-white px-3"
              value={parcelas}
              onChange={(e) => void save('cartao', Number(e.target.value))}
            >
              {(resumo?.parcelas ?? [{ qtd: 1, valor: resumo?.total ?? 0 }]).map((p) => (
                <option key={p.qtd} value={p.qtd}>
                  {p.qtd}x de {formatBRL(p.valor)} sem juros
                </option>
              ))}
            </select>
          </div>
        </div>
      ) : null}
    </section>
  )
}
