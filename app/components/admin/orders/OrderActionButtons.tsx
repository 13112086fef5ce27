import { useState } from 'react'
import { CARRIER_IDS, CARRIERS } from '../../../../contract/carriers'
import { ORDER_STATUS_NAMES } from '../../../../contract/checkout'
import type { AdminOrderDetail } from '../../../../server/domain/order/admin-detail'
import type { OrderActions } from '../../../../server/domain/order/actions'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { useStaffAction } from '~/lib/admin-action'

type Order = AdminOrderDetail['order']

/**
 * The order page's header actions: the packing slip, and what orderActions says this person may do
 * now — move the order on, cancel it — each confirmed in a dialog and posted to the page's action
 * with the status the person saw (someone else moving it meanwhile gets "Este pedido mudou").
 */
export function OrderActionButtons({ order, may }: { order: Order; may: OrderActions }) {
  const [open, setOpen] = useState<null | 'advance' | 'cancel'>(null)
  const close = () => setOpen(null)
  return (
    <>
      <a href={`/admin/pedidos/${order.code}/etiqueta`} target="_blank" rel="noreferrer" className="adm-btn-ghost">
        Etiqueta de separação
      </a>
      {may.advance ? (
        <button type="button" className="adm-btn" onClick={() => setOpen('advance')}>
          Marcar como {ORDER_STATUS_NAMES[may.advance].toLowerCase()}
        </button>
      ) : null}
      {may.cancel ? (
        <button type="button" className="adm-btn-danger" onClick={() => setOpen('cancel')}>
          Cancelar pedido
        </button>
      ) : null}
      {may.advance ? <AdvanceDialog open={open === 'advance'} order={order} next={may.advance} onClose={close} /> : null}
      <CancelDialog open={open === 'cancel'} order={order} onClose={close} />
    </>
  )
}

function AdvanceDialog({ open, order, next, onClose }: { open: boolean; order: Order; next: NonNullable<OrderActions['advance']>; onClose: () => void }) {
  const [tracking, setTracking] = useState('')
  const [carrier, setCarrier] = useState<(typeof CARRIER_IDS)[number]>('correios')
  const advance = useStaffAction({
    key: 'avancar',
    onDone: () => {
      onClose()
      setTracking('')
    },
  })
  const shipping = next === 'enviado'
  const nextName = ORDER_STATUS_NAMES[next].toLowerCase()
  return (
    <ConfirmDialog
      open={open}
      title={`Marcar como ${nextName}?`}
      confirmLabel="Confirmar"
      busy={advance.busy}
      onConfirm={() => advance.submit('avancar', { esperado: order.status, ...(shipping ? { rastreio: tracking.trim(), transportadora: carrier } : {}) })}
      onClose={onClose}
    >
      {shipping ? (
        <div className="flex flex-col gap-3">
          <p>O cliente recebe um e-mail com o código e o link de rastreio.</p>
          <div>
            <label htmlFor="transportadora" className="adm-label">
              Transportadora
            </label>
            <select id="transportadora" value={carrier} onChange={(e) => setCarrier(e.target.value as typeof carrier)} className="adm-input" required>
              {CARRIER_IDS.map((id) => (
                <option key={id} value={id}>
                  {CARRIERS[id].nome}
                </option>
              ))}
            </select>
          </div>
          <div>
            <label htmlFor="rastreio" className="adm-label">
              Código de rastreio
            </label>
            <input
              id="rastreio"
              value={tracking}
              onChange={(e) => setTracking(e.target.value)}
              className="adm-input"
              required
              minLength={6}
              maxLength={40}
              pattern="[A-Za-z0-9\-]{6,40}"
              placeholder="AA123456789BR"
            />
          </div>
        </div>
      ) : (
        <p>
          O pedido passa de {ORDER_STATUS_NAMES[order.status].toLowerCase()} para {nextName}.
        </p>
      )}
    </ConfirmDialog>
  )
}

function CancelDialog({ open, order, onClose }: { open: boolean; order: Order; onClose: () => void }) {
  const [reason, setReason] = useState('')
  const cancel = useStaffAction({
    key: 'cancelar',
    onDone: () => {
      onClose()
      setReason('')
    },
  })
  return (
    <ConfirmDialog
      open={open}
      title="Cancelar este pedido?"
      confirmLabel="Cancelar pedido"
      danger
      busy={cancel.busy}
      onConfirm={() => cancel.submit('cancelar', { esperado: order.status, motivo: reason.trim() })}
      onClose={onClose}
    >
      <div className="flex flex-col gap-3">
        <p>
          Os produtos voltam ao estoque na hora, {order.paidAt ? 'o valor pago é estornado pelo provedor' : 'a cobrança em aberto é anulada'} e o cliente recebe
          um e-mail.
        </p>
        <div>
          <label htmlFor="motivo" className="adm-label">
            Motivo
          </label>
          <textarea
            id="motivo"
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            rows={3}
            minLength={3}
            maxLength={500}
            required
            className="adm-input"
          />
        </div>
      </div>
    </ConfirmDialog>
  )
}
