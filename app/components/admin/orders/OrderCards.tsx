import { DetailCard } from '~/components/admin/PageBits'
import { Link } from 'react-router'
import { PAYMENT_METHOD_NAMES } from '../../../../contract/checkout'
import { formatCents } from '../../../../contract/money'
import { formatCep, maskCnpj, maskPhone } from '../../../../contract/validators'
import type { AdminOrderDetail } from '../../../../server/domain/order/admin-detail'
import { formatDateTime } from '~/components/admin/format'
import { PAYMENT_STATUS_NAMES } from './OrderStatus'

type Order = AdminOrderDetail['order']

/** Who bought: as typed at the checkout, and (for who may) a link to their customer page. */
export function BuyerCard({ order, mayOpenCustomer }: { order: Order; mayOpenCustomer: boolean }) {
  return (
    <DetailCard id="comprador" title="Comprador">
      <p className="font-medium">{order.buyerNome}</p>
      <p>{order.buyerEmail}</p>
      <p>CPF {order.buyerCpf}</p>
      <p>{maskPhone(order.buyerCelular)}</p>
      {order.buyerCnpj ? (
        // "Comprar como empresa" (decision 0129): the NF-e's recipient.
        <div className="mt-2 border-t border-ink-100 pt-2" aria-label="Empresa">
          <p className="font-medium">{order.buyerRazaoSocial}</p>
          <p>CNPJ {maskCnpj(order.buyerCnpj)}</p>
          <p>{order.buyerIe === 'ISENTO' ? 'Isenta de inscrição estadual' : `IE ${order.buyerIe ?? '—'}`}</p>
        </div>
      ) : null}
      {mayOpenCustomer ? (
        <Link to={`/admin/clientes/${order.customerId}`} className="mt-2 inline-block font-semibold text-brand-700 hover:underline">
          Ver cliente
        </Link>
      ) : null}
    </DetailCard>
  )
}

/** Where it goes and how: the method, the pickup station, the address and the tracking. */
export function DeliveryCard({ order }: { order: Order }) {
  const address = order.shippingAddress
  return (
    <DetailCard id="entrega" title="Entrega">
      <p className="font-medium">
        {order.shippingMethod}
        {order.shippingDays ? ` · até ${order.shippingDays} dias úteis` : ''}
      </p>
      {order.station ? (
        <p>
          Retirar em {order.station.nome} — {order.station.endereco}
        </p>
      ) : null}
      <address className="mt-1 not-italic">
        {address.destinatario}
        <br />
        {address.rua}, {address.numero}
        {address.complemento ? ` — ${address.complemento}` : ''}
        <br />
        {address.bairro} · {address.cidade}/{address.estado}
        <br />
        CEP {formatCep(address.cep)}
      </address>
      {order.trackingCode ? (
        <p className="mt-2">
          {order.carrierName ?? 'Rastreio'}:{' '}
          {order.trackingUrl ? (
            <a href={order.trackingUrl} target="_blank" rel="noreferrer" className="font-semibold text-brand-700 hover:underline">
              {order.trackingCode}
            </a>
          ) : (
            <span className="font-semibold">{order.trackingCode}</span>
          )}
        </p>
      ) : null}
    </DetailCard>
  )
}

/** How it is paid, and every payment row as the provider reported it (never a card number). */
export function PaymentCard({ order, payments }: { order: Order; payments: AdminOrderDetail['payments'] }) {
  return (
    <DetailCard id="pagamento" title="Pagamento">
      <p>
        {PAYMENT_METHOD_NAMES[order.paymentMethod]}
        {order.installments > 1 ? ` em ${order.installments}x` : ''}
        {order.paidAt ? ` · pago em ${formatDateTime(order.paidAt)}` : ''}
      </p>
      {payments.map((p) => (
        <dl key={p.id} className="mt-3 grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 border-t border-ink-100 pt-3">
          <dt className="text-ink-500">Situação</dt>
          <dd className="font-semibold">{PAYMENT_STATUS_NAMES[p.status]}</dd>
          <dt className="text-ink-500">Valor</dt>
          <dd className="tabular-nums">{formatCents(p.amountCents)}</dd>
          <dt className="text-ink-500">Provedor</dt>
          <dd>{p.provider}</dd>
          <dt className="text-ink-500">ID</dt>
          <dd className="break-all">{p.providerPaymentId}</dd>
          {p.cartao ? (
            <>
              <dt className="text-ink-500">Cartão</dt>
              <dd>
                {p.cartao.descricao} · {p.cartao.parcelas}x
              </dd>
            </>
          ) : null}
          {p.pix ? (
            <>
              <dt className="text-ink-500">Pix até</dt>
              <dd>{formatDateTime(p.pix.expiraEm)}</dd>
              <dt className="text-ink-500">Copia e cola</dt>
              <dd className="font-mono text-xs break-all">{p.pix.copiaECola}</dd>
            </>
          ) : null}
          {p.boleto ? (
            <>
              <dt className="text-ink-500">Vencimento</dt>
              <dd>{p.boleto.vencimento.split('-').reverse().join('/')}</dd>
              <dt className="text-ink-500">Linha digitável</dt>
              <dd className="font-mono text-xs break-all">{p.boleto.linhaDigitavel}</dd>
            </>
          ) : null}
        </dl>
      ))}
    </DetailCard>
  )
}
