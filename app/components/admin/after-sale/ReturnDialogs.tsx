import { useState } from 'react'
import { REFUSAL_DETAILS_MAX } from '../../../../contract/admin/after-sale'
import { RETURN_REFUSAL_REASONS, type ReturnRefusalReason } from '../../../../contract/after-sale'
import { PAYMENT_METHOD_NAMES } from '../../../../contract/checkout'
import { formatCents } from '../../../../contract/money'
import type { ReturnActions, StaffReturn } from '../../../../server/domain/after-sale/admin-detail'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import type { useStaffAction } from '~/lib/admin-action'

export type ReturnDialog = null | 'approve' | 'receive' | 'refund' | 'refuse'

/** The page's action (useStaffAction, held by the page: it outlives a dialog its answer removes). */
type Act = Pick<ReturnType<typeof useStaffAction>, 'busy' | 'submit'>
type DialogProps = { open: boolean; onClose: () => void; act: Act }

/** The questions before each step of a return, for the steps `actions` allows; each posts its intent. */
export function ReturnDialogs({
  open,
  onClose,
  act,
  found,
  actions,
}: {
  open: ReturnDialog
  onClose: () => void
  act: Act
  found: StaffReturn
  actions: ReturnActions
}) {
  const shown = (name: Exclude<ReturnDialog, null>) => ({ open: open === name, onClose, act })
  return (
    <>
      {actions.approve ? <ApproveDialog {...shown('approve')} /> : null}
      {actions.receive ? <ReceiveDialog {...shown('receive')} items={found.items} /> : null}
      {actions.refuse ? <RefuseDialog {...shown('refuse')} situacao={found.request.status} /> : null}
      {actions.refund ? <RefundDialog {...shown('refund')} amountCents={actions.refund.amountCents} found={found} /> : null}
    </>
  )
}

function ApproveDialog({ open, onClose, act: approve }: DialogProps) {
  return (
    <ConfirmDialog
      open={open}
      title="Aprovar esta devolução?"
      confirmLabel="Aprovar"
      busy={approve.busy}
      onConfirm={() => approve.submit('aprovar')}
      onClose={onClose}
    >
      <p>O cliente já recebeu as instruções de envio por e-mail. Depois de aprovar, marque como recebida quando os produtos chegarem.</p>
    </ConfirmDialog>
  )
}

function ReceiveDialog({ open, onClose, act: receive, items }: DialogProps & { items: StaffReturn['items'] }) {
  // Every item goes back to stock unless unticked.
  const [resellable, setResellable] = useState<Set<number>>(() => new Set(items.map((i) => i.orderItemId)))
  const toggle = (id: number) =>
    setResellable((prev) => {
      const next = new Set(prev)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  return (
    <ConfirmDialog
      open={open}
      title="Os produtos chegaram?"
      confirmLabel="Marcar como recebida"
      busy={receive.busy}
      onConfirm={() => receive.submit('receber', { revenda: [...resellable] })}
      onClose={onClose}
    >
      <fieldset className="flex flex-col gap-2">
        <legend className="mb-2">Marque o que pode ser vendido de novo: volta ao estoque agora (registrado como “Devolução”).</legend>
        {items.map((i) => (
          <label key={i.orderItemId} className="flex items-start gap-2">
            <input type="checkbox" className="mt-0.5 size-4" checked={resellable.has(i.orderItemId)} onChange={() => toggle(i.orderItemId)} />
            <span>
              {i.quantidade}× {i.titulo}
              {i.variacao ? ` (${i.variacao})` : ''}
            </span>
          </label>
        ))}
      </fieldset>
    </ConfirmDialog>
  )
}

function RefuseDialog({ open, onClose, act: refuse, situacao }: DialogProps & { situacao: StaffReturn['request']['status'] }) {
  const [motivo, setMotivo] = useState<ReturnRefusalReason | ''>('')
  const [detalhes, setDetalhes] = useState('')
  return (
    <ConfirmDialog
      open={open}
      title="Recusar esta devolução?"
      confirmLabel="Recusar devolução"
      danger
      busy={refuse.busy}
      // `situacao`: the status seen here; a request that moved meanwhile is refused as a conflict.
      onConfirm={() => refuse.submit('recusar', { motivo, detalhes, situacao })}
      onClose={onClose}
    >
      <p className="mb-3">
        O cliente recebe um e-mail com o motivo, que também aparece na página do pedido. Se os 7 dias ainda não acabaram, ele pode pedir de novo.
      </p>
      <label htmlFor="recusa-motivo" className="adm-label">
        Motivo da recusa
      </label>
      <select id="recusa-motivo" className="adm-input" required value={motivo} onChange={(e) => setMotivo(e.target.value as ReturnRefusalReason)}>
        <option value="">Escolha o motivo</option>
        {Object.entries(RETURN_REFUSAL_REASONS).map(([key, label]) => (
          <option key={key} value={key}>
            {label}
          </option>
        ))}
      </select>
      <label htmlFor="recusa-detalhes" className="adm-label mt-3">
        {motivo === 'outro' ? 'Explicação ao cliente' : 'Explicação ao cliente (opcional)'}
      </label>
      <textarea
        id="recusa-detalhes"
        className="adm-input"
        rows={3}
        maxLength={REFUSAL_DETAILS_MAX}
        required={motivo === 'outro'}
        value={detalhes}
        onChange={(e) => setDetalhes(e.target.value)}
      />
    </ConfirmDialog>
  )
}

function RefundDialog({ open, onClose, act: refund, amountCents, found }: DialogProps & { amountCents: number; found: StaffReturn }) {
  return (
    <ConfirmDialog
      open={open}
      title={`Reembolsar ${formatCents(amountCents)}?`}
      confirmLabel="Reembolsar"
      danger
      busy={refund.busy}
      // The amount shown here: the server refuses it if the return's amount changed meanwhile.
      onConfirm={() => refund.submit('reembolsar', { valorCents: amountCents })}
      onClose={onClose}
    >
      <p>
        O valor volta ao cliente pelo mesmo meio de pagamento ({PAYMENT_METHOD_NAMES[found.order.paymentMethod]}).{' '}
        {found.whole ? 'É tudo o que foi pago, frete incluído.' : 'Devolução parcial: inclui o frete.'} Não dá para desfazer.
      </p>
    </ConfirmDialog>
  )
}
