import { useState } from 'react'
import { formatCents } from '../../../../contract/money'
import type { LabelPanel } from '../../../../server/domain/shipping/labels'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { formatDateTime } from '~/components/admin/format'
import { useStaffAction } from '~/lib/admin-action'

type Label = LabelPanel['labels'][number]
const STATUS: Record<Label['status'], string> = {
  comprando: 'Comprando',
  comprada: 'Comprada — aguardando postagem',
  postada: 'Postada',
  entregue: 'Entregue',
  cancelada: 'Cancelada',
}
const STEP: Record<Label['step'], string> = {
  novo: 'no carrinho do Melhor Envio',
  carrinho: 'no pagamento',
  paga: 'na geração',
  gerada: 'na impressão',
  impressa: '',
}

/**
 * The order page's carrier label (decision 0128, "Labels"): "Comprar etiqueta" shows the service and
 * its price now before buying; the label's cost beside what the shopper paid; the printable label in
 * a new tab; a stopped purchase's reason and "Tentar de novo"; cancelling before posting. An order
 * in several volumes on a Correios service has one label per volume, each listed with its code. With
 * the store's table there is none to buy, and it says so.
 */
export function LabelCard({ panel }: { panel: LabelPanel }) {
  const [open, setOpen] = useState<null | 'buy' | 'cancel'>(null)
  const close = () => setOpen(null)
  const buy = useStaffAction({ key: 'etiqueta', onDone: close })
  const cancel = useStaffAction({ key: 'cancelar-etiqueta', onDone: close })
  const { labels, may } = panel
  return (
    <section className="adm-card p-5 text-sm" aria-labelledby="etiqueta-frete">
      <h2 id="etiqueta-frete" className="mb-2 font-bold text-ink-900">
        Etiqueta de frete
      </h2>
      {panel.manual ? (
        <p className="text-ink-600">
          Com a tabela de frete da loja não há etiqueta a comprar aqui: poste o pacote na transportadora e use “Marcar como enviado” com o código de rastreio.
        </p>
      ) : null}
      {labels.map((label) => (
        <LabelVolume key={label.volume} label={label} paidByCustomerCents={labels.length > 1 ? null : panel.pagoPeloClienteCents} />
      ))}
      {labels.length > 1 ? (
        <p className="mt-2">
          Custo dos {labels.length} volumes: {formatCents(labels.reduce((sum, l) => sum + (l.priceCents ?? 0), 0))} · o cliente pagou{' '}
          {formatCents(panel.pagoPeloClienteCents)}
        </p>
      ) : null}
      <div className="mt-3 flex flex-wrap gap-2">
        {labels.map((label) =>
          label.printUrl ? (
            <a key={label.volume} href={label.printUrl} target="_blank" rel="noreferrer" className="adm-btn">
              {labels.length > 1 ? `Imprimir etiqueta ${label.volume}/${label.volumes}` : 'Imprimir etiqueta'}
            </a>
          ) : null,
        )}
        {may.buy ? (
          <button type="button" className="adm-btn" onClick={() => setOpen('buy')}>
            Comprar etiqueta
          </button>
        ) : null}
        {may.resume ? (
          <button type="button" className="adm-btn" disabled={buy.busy} onClick={() => buy.submit('etiqueta')}>
            Tentar de novo
          </button>
        ) : null}
        {may.cancel ? (
          <button type="button" className="adm-btn-danger" onClick={() => setOpen('cancel')}>
            {labels.length > 1 ? 'Cancelar etiquetas' : 'Cancelar etiqueta'}
          </button>
        ) : null}
      </div>
      <ConfirmDialog
        open={open === 'buy'}
        title="Comprar a etiqueta?"
        confirmLabel="Comprar"
        busy={buy.busy}
        onConfirm={() => buy.submit('etiqueta')}
        onClose={close}
      >
        <p>
          Serviço <strong>{panel.servico}</strong>, preço atual{' '}
          <strong>{panel.precoAtualCents == null ? 'indisponível (o Melhor Envio não respondeu)' : formatCents(panel.precoAtualCents)}</strong>; o cliente pagou{' '}
          {formatCents(panel.pagoPeloClienteCents)}.
        </p>
        <p className="mt-2">O valor sai do saldo do Melhor Envio. Com o código de rastreio, o pedido é marcado como enviado e o cliente recebe o e-mail.</p>
      </ConfirmDialog>
      <ConfirmDialog
        open={open === 'cancel'}
        title="Cancelar a etiqueta?"
        confirmLabel="Cancelar etiqueta"
        danger
        busy={cancel.busy}
        onConfirm={() => cancel.submit('cancelar-etiqueta')}
        onClose={close}
      >
        <p>Só antes da postagem. O valor volta ao saldo do Melhor Envio; um pedido já marcado como enviado volta a “Em separação”.</p>
      </ConfirmDialog>
    </section>
  )
}

/** One label of the order: its volume (when there are several), status, cost, code and why it stopped. */
function LabelVolume({ label, paidByCustomerCents }: { label: Label; paidByCustomerCents: number | null }) {
  return (
    <div className="mt-2">
      {label.volumes > 1 ? (
        <h3 className="font-semibold text-ink-800">
          Volume {label.volume} de {label.volumes}
        </h3>
      ) : null}
      <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
        <dt className="text-ink-600">Situação</dt>
        <dd className="font-medium">
          {STATUS[label.status]}
          {label.status === 'comprando' ? ` (${label.error ? 'parou' : 'em andamento'} ${STEP[label.step]})` : ''}
        </dd>
        <dt className="text-ink-600">Custo</dt>
        <dd>
          {label.priceCents == null ? '—' : formatCents(label.priceCents)}
          {paidByCustomerCents == null ? '' : ` · o cliente pagou ${formatCents(paidByCustomerCents)}`}
        </dd>
        {label.trackingCode ? (
          <>
            <dt className="text-ink-600">Rastreio</dt>
            <dd className="font-semibold">{label.trackingCode}</dd>
          </>
        ) : null}
        <dt className="text-ink-600">Pedida em</dt>
        <dd>{formatDateTime(label.createdAt)}</dd>
      </dl>
      {label.error ? (
        <p role="alert" className="mt-2 text-danger-700">
          {label.error}
        </p>
      ) : null}
    </div>
  )
}
