import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { toast } from '~/lib/toast'
import type { Pedido } from '../../../contract/checkout'
import { call } from '~/lib/api'
import { diasUteis } from '~/components/checkout/parts'
import { ItemLine } from './ItemLine'
import { DiscountLines } from '../cart/DiscountLines'
import { formatBRL } from '~/lib/money'

/** How often the page asks for the order's status while it waits for payment. */
const POLL_MS = 4000

const card = 'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100'

function useCountdown(until: string | undefined): string | null {
  // Null until mounted: the server's second and the browser's differ, and the text must hydrate as rendered.
  const [now, setNow] = useState<number | null>(null)
  useEffect(() => {
    if (!until) return
    setNow(Date.now())
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [until])
  if (!until || now === null) return null
  const left = Math.max(0, Date.parse(until) - now)
  const min = Math.floor(left / 60_000)
  const sec = Math.floor((left % 60_000) / 1000)
  return `${String(min).padStart(2, '0')}:${String(sec).padStart(2, '0')}`
}

async function copy(text: string, label: string) {
  try {
    await navigator.clipboard.writeText(text)
    toast.success(`${label} copiado!`, { autoClose: 3000 })
  } catch {
    toast.error('Não foi possível copiar. Selecione o código e copie.', { autoClose: 3000 })
  }
}

/**
 * The order page: confirmation, payment instructions (Pix QR and copia e cola with its countdown,
 * the boleto with a link to its printable page, the card's instalments), the status asked again
 * every few seconds while waiting for payment, and 'Simular pagamento' when the sandbox is the
 * provider.
 */
export function OrderPage({ initial, children }: { initial: Pedido; /** After-sale (timeline, actions), under the header. */ children?: React.ReactNode }) {
  const [pedido, setPedido] = useState(initial)
  // The page's data read again (after cancelling, say) replaces what the page holds.
  useEffect(() => setPedido(initial), [initial])
  const [simulating, setSimulating] = useState(false)
  const waiting = pedido.status === 'aguardando_pagamento'
  const countdown = useCountdown(waiting ? pedido.pagamento.pix?.expiraEm : undefined)

  useEffect(() => {
    if (!waiting) return
    const controller = new AbortController()
    const timer = setInterval(() => {
      void call('pedido', { codigo: pedido.codigo }, { signal: controller.signal }).then((r) => {
        if (r.ok && 'pedido' in r.data) setPedido(r.data.pedido)
      })
    }, POLL_MS)
    return () => {
      clearInterval(timer)
      controller.abort()
    }
  }, [waiting, pedido.codigo])

  useEffect(() => {
    if (initial.status === 'aguardando_pagamento' && pedido.status === 'pago') toast.success('Pagamento aprovado!', { autoClose: 3000 })
  }, [initial.status, pedido.status])

  async function simulate() {
    setSimulating(true)
    const r = await call('simularPagamento', { pedido: pedido.codigo })
    setSimulating(false)
    if (!r.ok) return void toast.error(r.msg, { autoClose: 3000 })
    const again = await call('pedido', { codigo: pedido.codigo })
    if (again.ok && 'pedido' in again.data) setPedido(again.data.pedido)
  }

  const { pix, boleto, cartao } = pedido.pagamento
  return (
    <div className="container-page max-w-3xl space-y-4 pt-4 pb-10 lg:pt-6">
      <header className={card}>
        <p className="text-sm text-ink-500">Pedido</p>
        <h1 className="text-2xl font-bold text-ink-900" data-testid="pedido-codigo">
          {pedido.codigo}
        </h1>
        <p className="mt-2">
          Situação:{' '}
          <strong data-testid="pedido-situacao" className={pedido.status === 'cancelado' ? 'text-red-700' : waiting ? 'text-amber-700' : 'text-green-700'}>
            {pedido.situacao}
          </strong>
        </p>
        {pedido.envio.rastreio && <p className="mt-1 text-sm">Código de rastreio: {pedido.envio.rastreio}</p>}
      </header>

      {children}

      {waiting && pix && (
        <section aria-labelledby="pix" className={card}>
          <h2 id="pix" className="text-lg font-bold text-ink-900">
            Pague com Pix
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Abra o app do seu banco, escolha Pix e leia o QR Code ou use o Pix Copia e Cola.{' '}
            {countdown && (
              <>
                Expira em <strong data-testid="pix-contagem">{countdown}</strong>.
              </>
            )}
          </p>
          <div className="mt-3 flex flex-col items-center gap-3 sm:flex-row sm:items-start">
            {/* The SVG is drawn by the server (qrcode) from the order's own BR Code. */}
            <div className="h-48 w-48 shrink-0" role="img" aria-label="QR Code do Pix" dangerouslySetInnerHTML={{ __html: pix.qrSvg }} />
            <div className="w-full min-w-0">
              <label htmlFor="pix-copia-cola" className="text-sm font-medium text-ink-900">
                Pix Copia e Cola
              </label>
              <textarea
                id="pix-copia-cola"
                readOnly
                value={pix.copiaECola}
                rows={4}
                className="mt-1 w-full rounded-md border border-ink-200 p-2 font-mono text-xs break-all"
              />
              <button type="button" onClick={() => void copy(pix.copiaECola, 'Código Pix')} className="btn-primary mt-2">
                Copiar código
              </button>
            </div>
          </div>
        </section>
      )}

      {boleto && pedido.status !== 'cancelado' && (
        <section aria-labelledby="boleto" className={`${card} print:shadow-none print:ring-0`}>
          <h2 id="boleto" className="text-lg font-bold text-ink-900">
            Boleto bancário
          </h2>
          <p className="mt-1 text-sm text-ink-700">
            Vencimento: {boleto.vencimento.split('-').reverse().join('/')} · Valor: {formatBRL(pedido.total)}
          </p>
          <p className="mt-3 text-sm font-medium text-ink-900">Linha digitável</p>
          <p className="font-mono text-sm break-all" data-testid="linha-digitavel">
            {boleto.linhaDigitavel}
          </p>
          <div className="mt-3 overflow-x-auto" role="img" aria-label="Código de barras do boleto" dangerouslySetInnerHTML={{ __html: boleto.barrasSvg }} />
          <div className="mt-3 flex flex-wrap gap-2 print:hidden">
            <button type="button" onClick={() => void copy(boleto.linhaDigitavel, 'Linha digitável')} className="btn-primary">
              Copiar linha digitável
            </button>
            {/* A registered boleto is printed by its provider (Mercado Pago); the sandbox's, by our own page. */}
            {boleto.url ? (
              <a href={boleto.url} target="_blank" rel="noopener noreferrer" className="btn-ghost">
                Imprimir boleto
              </a>
            ) : (
              <Link to={`/compras/pedido/${pedido.codigo}/boleto`} className="btn-ghost">
                Imprimir boleto
              </Link>
            )}
          </div>
        </section>
      )}

      {cartao && (
        <section className={card}>
          <h2 className="text-lg font-bold text-ink-900">Cartão de crédito</h2>
          <p className="mt-1 text-sm text-ink-700">
            {cartao.descricao} · {cartao.parcelas}x de {formatBRL(cartao.valores[0])} sem juros
          </p>
        </section>
      )}

      {pedido.simulavel && (
        <section className={`${card} print:hidden`}>
          <p className="text-sm text-ink-700">Ambiente de testes: nenhum dinheiro é movimentado.</p>
          <button type="button" disabled={simulating} onClick={() => void simulate()} className="btn-primary mt-2 bg-pix-600">
            Simular pagamento
          </button>
        </section>
      )}

      <section aria-labelledby="itens" className={card}>
        <h2 id="itens" className="text-lg font-bold text-ink-900">
          Itens
        </h2>
        <ul className="mt-2 divide-y divide-ink-100">
          {pedido.itens.map((item, i) => (
            <ItemLine key={i} item={item} />
          ))}
        </ul>
        <dl className="mt-3 space-y-1 border-t border-ink-100 pt-3 text-sm">
          <div className="flex justify-between">
            <dt>Subtotal</dt>
            <dd>{formatBRL(pedido.subtotal)}</dd>
          </div>
          <DiscountLines descontos={pedido.descontos} desconto={pedido.desconto} />
          <div className="flex justify-between">
            <dt>
              Frete ({pedido.envio.nome}
              {pedido.envio.prazo ? `, ${diasUteis(pedido.envio.prazo)}` : ''})
            </dt>
            <dd>{formatBRL(pedido.frete)}</dd>
          </div>
          <div className="flex justify-between font-bold">
            <dt>Total</dt>
            <dd data-testid="pedido-total">{formatBRL(pedido.total)}</dd>
          </div>
        </dl>
      </section>

      <section className={card}>
        <h2 className="text-lg font-bold text-ink-900">{pedido.estacao ? 'Retirada' : 'Entrega'}</h2>
        {pedido.estacao ? (
          <p className="mt-1 text-sm text-ink-700">
            {pedido.estacao.nome} — {pedido.estacao.endereco}
          </p>
        ) : (
          <p className="mt-1 text-sm text-ink-700">
            {pedido.endereco.destinatario} · {pedido.endereco.rua}, {pedido.endereco.numero}
            {pedido.endereco.complemento && ` – ${pedido.endereco.complemento}`} · {pedido.endereco.bairro} · {pedido.endereco.cidade}/{pedido.endereco.estado}{' '}
            · CEP {pedido.endereco.cep.replace(/^(\d{5})(\d{3})$/, '$1-$2')}
          </p>
        )}
      </section>
    </div>
  )
}
