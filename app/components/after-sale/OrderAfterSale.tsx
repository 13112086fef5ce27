import { useState } from 'react'
import { Link, useRevalidator } from 'react-router'
import { toast } from '~/lib/toast'
import { avaliarRequestSchema, desistirRequestSchema, RETURN_REASONS, type PosVenda, type Recusa, type ReturnReason } from '../../../contract/after-sale'
import { Field, FieldError, Note, TextArea } from '~/components/account/Field'
import { useSchemaForm } from '~/components/account/form'
import { call } from '~/lib/api'

const card = 'rounded-card bg-white p-5 shadow-card ring-1 ring-ink-100'
const when = new Intl.DateTimeFormat('pt-BR', {
  day: '2-digit',
  month: '2-digit',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  timeZone: 'America/Sao_Paulo',
})
const dayBr = (date: string) => date.split('-').reverse().join('/')

/**
 * The customer's order after the sale: the timeline, the invoice data, and the actions
 * the order allows now — cancel before shipping, withdraw within 7 days of delivery, review what
 * was bought. Each action answers with the server's message; the page data is read again after.
 */
export function OrderAfterSale({ codigo, posVenda }: { codigo: string; posVenda: PosVenda }) {
  const { acoes } = posVenda
  return (
    <>
      <Timeline posVenda={posVenda} />
      {acoes.cancelar ? <CancelOrder codigo={codigo} /> : null}
      {acoes.desistir ? <Withdrawal codigo={codigo} desistir={acoes.desistir} /> : null}
      {acoes.avaliar.length ? <Reviews codigo={codigo} produtos={acoes.avaliar} /> : null}
      <section aria-labelledby="nota-fiscal" className={card}>
        <h2 id="nota-fiscal" className="text-lg font-bold text-ink-900">
          Dados da nota fiscal
        </h2>
        <dl className="mt-2 grid gap-x-6 gap-y-2 text-sm sm:grid-cols-2">
          <div>
            <dt className="text-xs font-semibold text-ink-500 uppercase">Emitente</dt>
            <dd>
              {posVenda.nota.emitente} · CNPJ {posVenda.nota.cnpj}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-ink-500 uppercase">Destinatário</dt>
            <dd>
              {posVenda.nota.comprador} · CPF {posVenda.nota.cpf}
            </dd>
          </div>
          <div>
            <dt className="text-xs font-semibold text-ink-500 uppercase">E-mail da nota</dt>
            <dd className="break-words">{posVenda.nota.email}</dd>
          </div>
        </dl>
      </section>
    </>
  )
}

/** A tracking code, linked to the carrier's tracking page when there is one (a new tab). */
function TrackingCode({ codigo, url }: { codigo: string; url: string | null }) {
  return url ? (
    <a href={url} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 underline">
      {codigo}
    </a>
  ) : (
    <strong>{codigo}</strong>
  )
}

function Timeline({ posVenda }: { posVenda: PosVenda }) {
  const steps = posVenda.cancelamento ? posVenda.etapas.filter((e) => e.feito) : posVenda.etapas
  return (
    <section aria-labelledby="acompanhe" className={card}>
      <h2 id="acompanhe" className="text-lg font-bold text-ink-900">
        Acompanhe seu pedido
      </h2>
      <ol className="mt-3 space-y-3" data-testid="timeline">
        {steps.map((e) => (
          <li key={e.chave} className="flex gap-3">
            <span aria-hidden="true" className={`mt-1 h-3 w-3 shrink-0 rounded-full ${e.feito ? 'bg-pix-600' : 'bg-ink-300'}`} />
            <div className="text-sm">
              <p className={e.feito ? 'font-semibold text-ink-900' : 'text-ink-500'}>
                {e.titulo}
                <span className="sr-only">{e.feito ? ' (concluído)' : ' (a seguir)'}</span>
              </p>
              {e.data ? <p className="text-xs text-ink-500">{when.format(new Date(e.data))}</p> : null}
              {e.chave === 'shipped' && e.feito && posVenda.rastreio ? (
                <p className="text-xs">
                  Rastreio{posVenda.rastreio.transportadora ? ` (${posVenda.rastreio.transportadora})` : ''}: <TrackingCode {...posVenda.rastreio} />
                </p>
              ) : null}
              {e.chave === 'shipped' && e.feito && posVenda.rastreio?.volumes ? (
                <ul className="mt-1 text-xs" aria-label="Volumes do pedido">
                  {posVenda.rastreio.volumes.map((v, i) => (
                    <li key={v.codigo}>
                      Volume {i + 1} de {posVenda.rastreio!.volumes!.length}: <TrackingCode {...v} />
                    </li>
                  ))}
                </ul>
              ) : null}
              {e.chave === 'shipped' && e.feito && posVenda.rastreio?.eventos?.length ? (
                <ul className="mt-1 text-xs text-ink-600">
                  {posVenda.rastreio.eventos.map((ev) => (
                    <li key={ev.data + ev.texto}>
                      {when.format(new Date(ev.data))} — {ev.texto}
                    </li>
                  ))}
                </ul>
              ) : null}
            </div>
          </li>
        ))}
        {posVenda.cancelamento ? (
          <li className="flex gap-3">
            <span aria-hidden="true" className="mt-1 h-3 w-3 shrink-0 rounded-full bg-danger-600" />
            <div className="text-sm">
              <p className="font-semibold text-danger-600">Pedido cancelado</p>
              {posVenda.cancelamento.data ? <p className="text-xs text-ink-500">{when.format(new Date(posVenda.cancelamento.data))}</p> : null}
            </div>
          </li>
        ) : null}
      </ol>
    </section>
  )
}

function CancelOrder({ codigo }: { codigo: string }) {
  const [confirming, setConfirming] = useState(false)
  const [sending, setSending] = useState(false)
  const revalidator = useRevalidator()
  async function cancel() {
    setSending(true)
    const r = await call('cancelarPedido', { codigo })
    setSending(false)
    setConfirming(false)
    if (!r.ok) toast.error(r.msg, { autoClose: 6000 })
    else toast.success(r.data.msg, { autoClose: 6000 })
    await revalidator.revalidate()
  }
  return (
    <section aria-labelledby="cancelar" className={card}>
      <h2 id="cancelar" className="text-lg font-bold text-ink-900">
        Cancelar pedido
      </h2>
      <p className="mt-1 text-sm text-ink-700">
        Enquanto o pedido não é enviado, você pode cancelá-lo. Se já pagou, devolvemos o valor integral pelo mesmo meio de pagamento.
      </p>
      {confirming ? (
        <div role="alertdialog" aria-labelledby="cancelar-confirma" className="mt-3 rounded-lg bg-red-50 p-3">
          <p id="cancelar-confirma" className="text-sm font-semibold text-danger-600">
            Tem certeza de que deseja cancelar o pedido {codigo}?
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <button type="button" className="btn-primary bg-danger-600" disabled={sending} onClick={() => void cancel()}>
              {sending ? 'Cancelando…' : 'Sim, cancelar pedido'}
            </button>
            <button type="button" className="btn-ghost" disabled={sending} onClick={() => setConfirming(false)}>
              Voltar
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn-ghost mt-3" onClick={() => setConfirming(true)}>
          Cancelar pedido
        </button>
      )}
    </section>
  )
}

type Desistir = NonNullable<PosVenda['acoes']['desistir']>

function Withdrawal({ codigo, desistir }: { codigo: string; desistir: Desistir }) {
  return (
    <section aria-labelledby="desistir" className={card}>
      <h2 id="desistir" className="text-lg font-bold text-ink-900">
        Desistir da compra
      </h2>
      {desistir.estado !== 'solicitada' && desistir.recusa ? <Refused recusa={desistir.recusa} /> : null}
      {desistir.estado === 'solicitada' ? (
        <p className="mt-1 text-sm text-ink-700" data-testid="devolucao-situacao">
          {desistir.situacao}
        </p>
      ) : desistir.estado === 'encerrado' ? (
        <p className="mt-1 text-sm text-ink-700">
          O prazo de 7 dias para desistir da compra terminou em {dayBr(desistir.ateDia)}. Se o produto apresentar defeito, ele continua coberto pela garantia
          legal de 90 dias e pela garantia do fabricante:{' '}
          <Link to="/sobre/trocas-e-devolucoes/" className="font-semibold text-brand-700 underline">
            veja como usar a garantia
          </Link>
          .
        </p>
      ) : (
        <WithdrawalForm codigo={codigo} ateDia={desistir.ateDia} itens={desistir.itens} again={desistir.recusa !== null} />
      )}
    </section>
  )
}

/** The store's refusal of the last request, with its reason (escaped, as React writes text). */
function Refused({ recusa }: { recusa: Recusa }) {
  return (
    <div className="mt-2 rounded-lg bg-red-50 p-3 text-sm" data-testid="devolucao-recusa">
      <p className="font-semibold text-danger-600">Devolução recusada</p>
      <p className="text-xs text-ink-500">{when.format(new Date(recusa.data))}</p>
      <p className="mt-1 text-ink-700">
        Motivo: {recusa.motivo}
        {recusa.detalhes ? <span className="mt-1 block break-words whitespace-pre-wrap">{recusa.detalhes}</span> : null}
      </p>
    </div>
  )
}

function WithdrawalForm({
  codigo,
  ateDia,
  itens,
  again,
}: {
  codigo: string
  ateDia: string
  itens: Extract<Desistir, { estado: 'disponivel' }>['itens']
  again: boolean
}) {
  const [open, setOpen] = useState(false)
  const [chosen, setChosen] = useState<Record<number, number>>({})
  const revalidator = useRevalidator()
  const form = useSchemaForm(
    desistirRequestSchema,
    { motivo: '' as ReturnReason | '', detalhes: '', itens: [] as Array<{ item: number; quantidade: number }> },
    async (values) => {
      const r = await call('desistirPedido', { codigo, ...values, motivo: values.motivo as ReturnReason })
      if (!r.ok) return { tone: 'error', msg: r.msg }
      toast.success(r.data.msg, { autoClose: 6000 })
      await revalidator.revalidate()
      return { tone: 'success', msg: r.data.msg }
    },
  )
  const pick = (id: number, quantidade: number) => {
    const next = { ...chosen, [id]: quantidade }
    if (quantidade <= 0) delete next[id]
    setChosen(next)
    form.set(
      'itens',
      Object.entries(next).map(([item, q]) => ({ item: Number(item), quantidade: q })),
    )
  }
  if (!open) {
    return (
      <>
        <p className="mt-1 text-sm text-ink-700">
          {again ? 'Você ainda pode pedir a devolução de novo' : 'Você pode desistir desta compra'} até {dayBr(ateDia)} (7 dias após o recebimento, CDC art.
          49). Devolvemos o valor integral, inclusive o frete.
        </p>
        <button type="button" className="btn-ghost mt-3" onClick={() => setOpen(true)}>
          Desistir da compra
        </button>
      </>
    )
  }
  return (
    <form noValidate className="mt-2 flex flex-col gap-3" onSubmit={form.onSubmit}>
      <p className="text-sm text-ink-700">Escolha os itens que quer devolver (até {dayBr(ateDia)}).</p>
      <fieldset className="flex flex-col gap-2">
        <legend className="sr-only">Itens para devolver</legend>
        {itens.map((i) => (
          <div key={i.id} className="flex flex-wrap items-center gap-2 text-sm">
            <label className="flex flex-1 items-center gap-2">
              <input type="checkbox" checked={Boolean(chosen[i.id])} onChange={(e) => pick(i.id, e.target.checked ? i.quantidade : 0)} />
              <span>
                {i.titulo}
                {i.variacao ? ` (${i.variacao})` : ''}
              </span>
            </label>
            {chosen[i.id] && i.quantidade > 1 ? (
              <label className="flex items-center gap-1 text-xs">
                Quantidade
                <select value={chosen[i.id]} onChange={(e) => pick(i.id, Number(e.target.value))} className="rounded border border-ink-300 px-1 py-0.5">
                  {Array.from({ length: i.quantidade }, (_, n) => (
                    <option key={n + 1} value={n + 1}>
                      {n + 1}
                    </option>
                  ))}
                </select>
              </label>
            ) : null}
          </div>
        ))}
        <FieldError error={form.errors.itens} />
      </fieldset>
      <div>
        <label htmlFor="desistir-motivo" className="mb-1 block text-sm font-semibold text-ink-700">
          Motivo
        </label>
        <select
          id="desistir-motivo"
          value={form.values.motivo}
          onChange={(e) => form.set('motivo', e.target.value as ReturnReason)}
          aria-invalid={form.errors.motivo ? true : undefined}
          className="h-11 w-full rounded-lg border border-ink-300 bg-white px-3"
        >
          <option value="">Escolha o motivo</option>
          {Object.entries(RETURN_REASONS).map(([key, label]) => (
            <option key={key} value={key}>
              {label}
            </option>
          ))}
        </select>
        <FieldError error={form.errors.motivo} />
      </div>
      <TextArea id="desistir-detalhes" label="Conte mais (opcional)" maxLength={2000} {...form.field('detalhes')} />
      <Note note={form.note} />
      <button type="submit" className="btn-primary h-11" disabled={form.sending}>
        {form.sending ? 'Enviando…' : 'Pedir devolução'}
      </button>
    </form>
  )
}

function Reviews({ codigo, produtos }: { codigo: string; produtos: PosVenda['acoes']['avaliar'] }) {
  return (
    <section aria-labelledby="avaliar" className={card}>
      <h2 id="avaliar" className="text-lg font-bold text-ink-900">
        Avalie seus produtos
      </h2>
      <ul className="mt-2 divide-y divide-ink-100">
        {produtos.map((p) => (
          <li key={p.produto} className="py-3">
            <ReviewForm codigo={codigo} produto={p} />
          </li>
        ))}
      </ul>
    </section>
  )
}

function ReviewForm({ codigo, produto }: { codigo: string; produto: PosVenda['acoes']['avaliar'][number] }) {
  const [open, setOpen] = useState(false)
  const revalidator = useRevalidator()
  const form = useSchemaForm(avaliarRequestSchema, { pedido: codigo, produto: produto.produto, nota: 0, titulo: '', texto: '' }, async (values) => {
    const r = await call('avaliar', values)
    if (!r.ok) return { tone: 'error', msg: r.msg }
    await revalidator.revalidate()
    return { tone: 'success', msg: r.data.msg }
  })
  if (produto.avaliado) {
    return (
      <>
        <p className="text-sm font-semibold text-ink-900">{produto.titulo}</p>
        {form.note ? <Note note={form.note} className="mt-2" /> : <p className="text-xs text-ink-500">Você já avaliou este produto. Obrigado!</p>}
      </>
    )
  }
  return (
    <>
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p className="text-sm font-semibold text-ink-900">{produto.titulo}</p>
        {open ? null : (
          <button type="button" className="btn-ghost text-sm" onClick={() => setOpen(true)}>
            Avaliar produto
          </button>
        )}
      </div>
      {open ? (
        <form noValidate className="mt-2 flex flex-col gap-3" onSubmit={form.onSubmit}>
          <fieldset>
            <legend className="mb-1 text-sm font-semibold text-ink-700">Sua nota</legend>
            <div className="flex gap-1">
              {[1, 2, 3, 4, 5].map((n) => (
                <label key={n} className={`cursor-pointer rounded px-1 text-2xl ${form.values.nota >= n ? 'text-amber-500' : 'text-ink-300'}`}>
                  <input
                    type="radio"
                    name={`nota-${produto.produto}`}
                    value={n}
                    checked={form.values.nota === n}
                    onChange={() => form.set('nota', n)}
                    className="sr-only"
                  />
                  <span aria-hidden="true">★</span>
                  <span className="sr-only">
                    {n} {n === 1 ? 'estrela' : 'estrelas'}
                  </span>
                </label>
              ))}
            </div>
            <FieldError error={form.errors.nota} />
          </fieldset>
          <Field id={`titulo-${produto.produto}`} label="Título" maxLength={120} {...form.field('titulo')} />
          <TextArea id={`texto-${produto.produto}`} label="Sua avaliação" maxLength={2000} {...form.field('texto')} />
          <Note note={form.note} />
          <button type="submit" className="btn-primary h-11" disabled={form.sending}>
            {form.sending ? 'Enviando…' : 'Enviar avaliação'}
          </button>
        </form>
      ) : null}
    </>
  )
}
