import { useState } from 'react'
import { useNavigate } from 'react-router'
import { toast } from '~/lib/toast'
import type { FinalizarRequest, ResumoCompra } from '../../../contract/checkout'
import { tokenizeCard } from '~/lib/card-token'
import { call } from '~/lib/api'
import { ItemLine } from '~/components/order/ItemLine'
import { formatBRL } from '~/lib/money'
import { cartChanged } from '~/lib/personal'
import type { CardFields } from './PaymentChoice'
import { CARD, diasUteis } from './parts'
import { CouponField } from '../cart/CouponField'
import { DiscountLines } from '../cart/DiscountLines'

const dia = (iso: string) => iso.split('-').reverse().join('/')

/**
 * 'Finalizar compra': the whole purchase before it is placed, priced now (checkout/resumo) — items,
 * shipping and its delivery time, discounts, total, address or station, payment, the store's CNPJ
 * and the right of regret (Decreto 7.962/2013) — and the button that places the order with the
 * total shown, so a price change since is said before anything is charged.
 */
export function Summary({ resumo, card, refresh }: { resumo: ResumoCompra; card: CardFields; refresh: () => Promise<void> }) {
  const navigate = useNavigate()
  const [placing, setPlacing] = useState(false)

  async function place() {
    setPlacing(true)
    let cartao: FinalizarRequest['cartao'] = resumo.pagamento?.metodo === 'cartao' ? card : undefined
    // With a provider that tokenizes in the browser, the card goes to it and only the token to us.
    if (cartao && resumo.cartaoToken) {
      const tokenized = await tokenizeCard(resumo.cartaoToken, card)
      if (!tokenized.ok) {
        setPlacing(false)
        return void toast.error(tokenized.msg, { autoClose: 3000 })
      }
      cartao = tokenized.card
    }
    const r = await call('finalizarCompra', cartao ? { total: resumo.total, cartao } : { total: resumo.total })
    setPlacing(false)
    if (r.ok && 'pedido' in r.data) {
      // The order emptied the cart: the badges say so at once.
      cartChanged(0)
      return void navigate(`/compras/pedido/${r.data.pedido}`)
    }
    if (!r.ok) {
      toast.error(r.msg, { autoClose: 3000 })
      await refresh()
    }
  }

  return (
    <section className={CARD} aria-labelledby="resumo-compra">
      <h2 id="resumo-compra" className="text-lg font-bold text-ink-900">
        Resumo da compra
      </h2>
      <ul className="mt-2 divide-y divide-ink-100">
        {resumo.itens.map((item, i) => (
          <ItemLine key={i} item={item} />
        ))}
      </ul>
      <div className="mt-3 border-t border-ink-100 pt-3">
        <CouponField cupom={resumo.cupom} changed={refresh} />
      </div>
      <dl className="mt-3 space-y-1 border-t border-ink-100 pt-3 text-sm">
        <div className="flex justify-between">
          <dt>Subtotal</dt>
          <dd>{formatBRL(resumo.subtotal)}</dd>
        </div>
        <DiscountLines descontos={resumo.descontos} desconto={resumo.desconto} />
        <div className="flex justify-between">
          <dt>Frete{resumo.envio ? ` (${resumo.envio.nome}, até ${diasUteis(resumo.envio.prazo)} — previsão ${dia(resumo.envio.previsao)})` : ''}</dt>
          <dd>{resumo.frete === null ? '—' : resumo.frete === 0 ? 'Grátis' : formatBRL(resumo.frete)}</dd>
        </div>
        <div className="flex justify-between text-base font-bold">
          <dt>Total</dt>
          <dd data-testid="resumo-total">{formatBRL(resumo.total)}</dd>
        </div>
      </dl>
      <div className="mt-3 grid gap-1 border-t border-ink-100 pt-3 text-sm text-ink-700">
        {resumo.estacao ? (
          <p>
            Retirada: {resumo.estacao.nome} — {resumo.estacao.endereco}
          </p>
        ) : null}
        {resumo.endereco && !resumo.estacao ? (
          <p>
            Entrega: {resumo.endereco.destinatario} · {resumo.endereco.rua}, {resumo.endereco.numero} · {resumo.endereco.bairro} · {resumo.endereco.cidade}/
            {resumo.endereco.uf}
          </p>
        ) : null}
        {resumo.pagamento ? (
          <p>
            Pagamento: {resumo.pagamento.nome}
            {resumo.pagamento.metodo === 'cartao' ? ` em ${resumo.pagamento.parcelas}x sem juros` : ''}
          </p>
        ) : null}
      </div>
      <p className="mt-3 text-xs text-ink-500">
        {resumo.loja.razaoSocial} · CNPJ {resumo.loja.cnpj} · {resumo.loja.endereco}. {resumo.arrependimento}
      </p>
      <button type="button" className="btn-buy mt-4 h-12 w-full" disabled={placing || resumo.pendente.length > 0} onClick={() => void place()}>
        Finalizar compra
      </button>
      {resumo.pendente.length > 0 ? <p className="mt-2 text-sm text-ink-500">Complete as etapas anteriores para finalizar.</p> : null}
    </section>
  )
}
