import { eq, sql } from 'drizzle-orm'
import { PAYMENT_METHOD_NAMES } from '../../../contract/checkout'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import { PAYMENT } from '../../../contract/messages/payment'
import { formatCents } from '../../../contract/money'
import { toCents, toReais } from '../../../contract/pricing'
import type { Db } from '../../db/client'
import { checkouts, orderItems, orders, payments } from '../../db/schema'
import { rows } from '../../db/sql'
import type { CardInput } from '../../integrations/payments/card'
import { brazilDate } from '../../integrations/payments/dates'
import { PAYMENT_MESSAGES, type CardToken, type Payer, type Payment, type PaymentFailure, type PaymentProvider } from '../../integrations/payments/provider'
import { addBusinessDays } from '../../lib/business-days'
import { randomToken, sha256 } from '../../lib/tokens'
import { sessionCartId } from '../cart/owner'
import { pricingRules } from '../catalog/rules'
import { cartRefusal, checkoutState, type CheckoutDeps } from '../checkout/checkout'
import { refuse, type Reason, type Refusal } from '../refusal'
import { loadCheckoutLines, unbuyableReason, type CheckoutLine } from '../checkout/lines'
import { isValidFor, quote, type Quote } from '../checkout/quote'
import { saveCheckout, type CheckoutOwner } from '../checkout/record'
import { shippingAddress } from '../checkout/address'
import { PICKUP_INDEX } from '../shipping/options'
import { recordOrderEvent } from './events'
import { enqueueOrderMail } from './mail'
import { cancelOrder } from './cancel'
import { markPaid } from './status'
import type { Tx } from '../../db/tx'
import { OutOfStock, takeStock } from './stock'
import { loadCatalogProducts } from '../catalog/cards'
import { loadOffers } from '../promotions/offers'
import { couponRefusal } from '../promotions/price'
import { runningPromotions } from '../promotions/running'
import { takeCouponUse } from '../promotions/uses'
import { lineDiscounts, recordDiscounts } from './discounts'
import { orderEvent } from '../integrations/announce'
import { recordEvents } from '../integrations/events'

export type PlaceDeps = CheckoutDeps & {
  /** The store's address for the order e-mail's link. */
  origin?: string
  payments: PaymentProvider
  now?: () => Date
  /** Tests only: runs inside the transaction after the stock is taken, to force a failure there. */
  midTransaction?: (tx: Tx) => Promise<void>
  /** Tests only: runs last inside the transaction, after the order's e-mail is enqueued. */
  beforeCommit?: (tx: Tx) => Promise<void>
}

export type PlaceInput = { total?: number; cartao?: CardInput | { token: string; bandeira: CardToken['brand']; ultimos4: string; emissor?: string } }
export type Placed = { estado: 'sucesso'; pedido: string }

/** The order code of a sequence value and a Brasília date: VT-2026-000124 (10 digits: the boleto's nosso número). */
export const orderCode = (seq: number, today: string): string => `VT-${today.slice(0, 4)}-${String(seq).padStart(6, '0')}`

/** How long a chosen shipping price holds (the store profile's quote validity). */
const validityMs = (deps: PlaceDeps) => deps.store.frete.transportadoras.validadeMinutos * 60_000

/** When an unpaid order is cancelled: Pix at its code's expiry; a boleto at the end of the business day after its due date. */
export function paymentDeadline(payment: Payment): Date | null {
  if (payment.method === 'pix') return new Date(payment.pix.expiresAt)
  if (payment.method === 'boleto') return new Date(`${addBusinessDays(payment.boleto.dueDate, 1)}T23:59:59.999-03:00`)
  return null
}

/** Thrown inside the transaction when the total moved since the payment was authorized. */
class PriceChanged extends Error {}
/** Thrown inside the transaction when a line can no longer be bought: its refusal message. */
class Unbuyable extends Error {
  constructor(readonly reason: Reason) {
    super(reason.message)
  }
}
/** Thrown inside the transaction when the cart's coupon does not apply any more (its last use taken meanwhile…). */
class CouponRefused extends Error {
  constructor(readonly reason: Reason) {
    super(reason.message)
  }
}
/** Thrown inside the transaction when this checkout's order was placed meanwhile (a double submit). */
class AlreadyPlaced extends Error {
  constructor(readonly code: string) {
    super('já finalizado')
  }
}

/** What kind of no each provider failure is: the provider declined, the data do not fit, or it is down. */
const PAYMENT_REFUSAL: Record<PaymentFailure['code'], (message: string) => Reason> = {
  recusado: PAYMENT.recusado,
  saldo_insuficiente: PAYMENT.saldoInsuficiente,
  cartao_vencido: PAYMENT.cartaoVencido,
  cartao_invalido: PAYMENT.cartaoInvalido,
  cartao_nao_teste: PAYMENT.cartaoNaoTeste,
  parcelas_invalidas: PAYMENT.parcelasInvalidas,
  valor_invalido: PAYMENT.valorInvalido,
  pagador_invalido: PAYMENT.pagadorInvalido,
  nao_encontrado: PAYMENT.naoEncontrado,
  estado_invalido: PAYMENT.estadoInvalido,
  indisponivel: PAYMENT.indisponivel,
}

/**
 * Places the checkout's order (docs/decisions/0026-placing-an-order.md): the
 * cart read live and re-priced, the payment authorized with the provider (outside any
 * transaction), then one transaction — stock taken line by line, the order with its item
 * snapshots, buyer and address copies, shipping and payment row, the cart emptied, the checkout
 * marked — and after the commit a card captured (the stock taken reaches every instance's caches
 * through the catalog triggers, decision 0033). The checkout's placement
 * key makes a double submit or a retry answer the same order. A refusal changes nothing: a
 * declined card leaves no order and no stock taken; a failure after authorizing voids the payment.
 */
export async function placeOrder(deps: PlaceDeps, owner: CheckoutOwner, input: PlaceInput): Promise<Placed | Refusal> {
  const { db } = deps
  const now = deps.now?.() ?? new Date()
  const state = await checkoutState(deps, owner, now)
  const { checkout, buyer, quote: q, frete } = state
  if (!checkout) return refuse(CHECKOUT.identificacao)
  // A retry of this very cart finds its order; once placed the cart is empty, and a late double
  // click finds the checkout's order. A cart filled again after an order has new lines: a new key.
  const key = placementKey(checkout.placementKey, q.lines, q.totalCents)
  // Only a checkout that placed an order can hold this key's (the key changes once it is used: saveCheckout).
  const existing = (checkout.orderId != null ? await placedOrder(db, key) : null) ?? (q.lines.length === 0 ? await checkoutOrder(db, checkout.id) : null)
  if (existing) return { estado: 'sucesso', pedido: existing }
  if (!buyer) return refuse(CHECKOUT.identificacao)
  if (!state.address.ok) return refuse(CHECKOUT.semEndereco(state.address.code))
  // Empty, or a line the cart's rule says cannot be bought (decision 0031): refused before anything is written.
  const refused = cartRefusal(q.lines)
  if (refused) return refused
  // A coupon kept on the cart that does not apply is said, never dropped: the shopper removes it or fixes the cart
  // (a shipping coupon on a free delivery only goes unused).
  const couponRefused = couponRefusal(q.priced.coupon)
  if (couponRefused) return refuse(couponRefused)
  if (!q.chosen) return refuse(CHECKOUT.metodoEnvio)
  if (q.chosen.index === PICKUP_INDEX && !q.station) return refuse(CHECKOUT.estacaoFaltando)
  const method = checkout.paymentMethod
  if (!method) return refuse(CHECKOUT.metodoPagamento)
  if (method === 'cartao' && !input.cartao) return refuse(CHECKOUT.cartao)
  const confirmed = input.total !== undefined && toCents(input.total) === q.totalCents
  // The chosen price's quote expired and the carrier quotes another now (decision 0128): the new price
  // is kept as the choice and the shopper confirms it, unless the total they confirmed already has it.
  const kept = checkout.shippingQuote
  // A delivery a free-shipping rule makes free costs the shopper nothing whatever the carrier quotes now.
  const free = q.offered[q.chosen.index]?.gratis !== undefined
  if (kept && q.shipping && !free && kept.valorCents !== q.chosen.valorCents && !isValidFor(kept, q.chosen, q.shipping, validityMs(deps), now) && !confirmed) {
    await saveCheckout(db, owner, {
      shippingQuote: { ...kept, key: q.shipping.key, valorCents: q.chosen.valorCents, prazo: q.chosen.prazo, previsao: q.chosen.previsao, at: q.shipping.at },
    })
    return refuse(CHECKOUT.freteMudou(q.chosen.nome, formatCents(q.chosen.valorCents)), { total: toReais(q.totalCents) })
  }
  if (input.total !== undefined && !confirmed) return refuse(CHECKOUT.precoMudou, { total: toReais(q.totalCents) })

  const today = brazilDate(now)
  const [{ seq }] = await rows<{ seq: string }>(db, sql`SELECT nextval('order_code_seq') AS seq`)
  const code = orderCode(Number(seq), today)
  // Who pays, as a provider that registers the charge needs it (payer e-mail, CPF; the boleto's address).
  const a = state.address.address
  const payer: Payer = {
    nome: buyer.nome,
    documento: buyer.cpf,
    email: buyer.email,
    endereco: { cep: a.cep, rua: a.rua, numero: a.numero, bairro: a.bairro, cidade: a.cidade, estado: a.estado },
  }
  const card =
    input.cartao && 'token' in input.cartao
      ? { token: input.cartao.token, brand: input.cartao.bandeira, last4: input.cartao.ultimos4, issuerId: input.cartao.emissor }
      : (input.cartao as CardInput)
  const authorized = await deps.payments.authorize(
    method === 'pix'
      ? { method, orderCode: code, amountCents: q.totalCents, payer }
      : method === 'boleto'
        ? { method, orderCode: code, amountCents: q.totalCents, payer }
        : { method, orderCode: code, amountCents: q.totalCents, card, parcelas: checkout.parcelas, capture: false, payer },
  )
  if (!authorized.ok) return refuse(PAYMENT_REFUSAL[authorized.code](authorized.message), authorized.fields ? { campos: authorized.fields } : undefined)
  const payment = authorized.payment
  const address = shippingAddress(a)

  // Where the cart's products sit, for promotions (the catalog's kept products; a line added since
  // finds none, so its price differs from the one authorized and the placement is refused).
  const [places, running] = await Promise.all([
    loadCatalogProducts(
      db,
      q.lines.map((l) => l.productId),
      pricingRules(deps.store),
    ),
    runningPromotions(db, now),
  ])
  let orderId: number
  try {
    orderId = await db.transaction(async (tx) => {
      // The checkout row, locked: a second submit of the same checkout waits here, then sees the order.
      const [held] = await tx
        .select({ orderId: checkouts.orderId, placementKey: checkouts.placementKey })
        .from(checkouts)
        .where(eq(checkouts.id, checkout.id))
        .for('update')
      // Read after the lock, so a placement that committed meanwhile is seen; a checkout that placed nothing has no order by this key.
      const already = held?.orderId != null ? await placedOrder(tx as unknown as Db, key) : null
      if (!held || already || held.placementKey !== checkout.placementKey) throw new AlreadyPlaced(already ?? '')
      // Priced again inside: what is charged is what the order says.
      const { lines, couponCode } = await loadCheckoutLines(tx as unknown as Db, owner.sessionId, pricingRules(deps.store))
      // A line that stopped being buyable meanwhile is named as before the payment; the stock's own
      // conditional updates (takeStock) still guard the race after this read.
      const unbuyable = unbuyableReason(lines)
      if (unbuyable) throw new Unbuyable(unbuyable)
      // The products' places were read before the transaction; the code (with the lines) and the coupon's rules are read inside.
      const offers = await loadOffers(tx as unknown as Db, {
        products: places,
        promotions: running,
        couponCode,
        buyer: { customerId: owner.customerId, cpf: buyer.cpf },
        now,
      })
      // The shipping quoted before the transaction (no provider is asked while rows are locked); lines
      // that differ from the ones it was quoted for make another placement key, refused below.
      const live: Quote = quote(
        frete,
        deps.store.pix.descontoPercentual,
        lines,
        { shipping: q.shipping, shippingIndex: q.chosen!.index, chosenQuote: checkout.shippingQuote, stationId: checkout.stationId, method, now },
        offers,
      )
      if (!live.chosen) throw new PriceChanged()
      const liveRefused = couponRefusal(live.priced.coupon)
      if (liveRefused) throw new CouponRefused(liveRefused)
      // A coupon that takes nothing off takes no use and is not the order's.
      const usedCoupon = live.priced.coupon?.applied && live.priced.coupon.cents > 0 ? live.priced.coupon : null
      if (live.totalCents !== payment.amountCents || lines.length === 0 || placementKey(checkout.placementKey, lines, live.totalCents) !== key)
        throw new PriceChanged()
      const stockMoved = await takeStock(tx, lines, { reason: 'Pedido', actor: { kind: 'customer', customerId: owner.customerId, ip: null }, orderCode: code })
      await deps.midTransaction?.(tx)
      const [order] = await tx
        .insert(orders)
        .values({
          code,
          customerId: owner.customerId,
          paymentMethod: method,
          buyerNome: buyer.nome,
          buyerEmail: buyer.email,
          buyerCpf: buyer.cpf,
          buyerCelular: buyer.celular,
          // "Comprar como empresa": the NF-e goes to the company (decision 0129).
          buyerCnpj: buyer.empresa?.cnpj ?? null,
          buyerRazaoSocial: buyer.empresa?.razaoSocial ?? null,
          buyerIe: buyer.empresa?.ie ?? null,
          shippingMethod: live.chosen!.nome,
          shippingIndex: live.chosen!.index,
          shippingService: live.chosen!.servico,
          shippingDays: live.chosen!.prazo,
          station: live.station,
          shippingAddress: address,
          subtotalCents: live.subtotalCents,
          discountCents: live.discountCents,
          couponCode: usedCoupon?.code ?? null,
          shippingCents: live.shippingCents,
          totalCents: live.totalCents,
          installments: payment.method === 'cartao' ? payment.card.parcelas : 1,
          payment: { provider: payment.provider, id: payment.id },
          placementKey: key,
          expiresAt: paymentDeadline(payment),
          createdAt: now,
        })
        .returning({ id: orders.id, status: orders.status })
      if (usedCoupon) {
        const taken = await takeCouponUse(tx, usedCoupon.couponId, order.id, { customerId: owner.customerId, cpf: buyer.cpf })
        if (taken) throw new CouponRefused(taken)
      }
      const items = await tx
        .insert(orderItems)
        .values(
          lines.map((l, i) => ({
            orderId: order.id,
            productId: l.productId,
            optionId: l.optionId,
            titulo: l.titulo,
            variacao: l.variacao || null,
            imagem: l.imagem || null,
            quantity: l.quantity,
            unitPriceCents: l.unitCents,
            listUnitPriceCents: l.listCents,
            wholesale: l.unitCents < l.listCents ? l.wholesale : null,
            totalCents: l.totalCents,
            discountCents: lineDiscounts(live, i).reduce((sum, d) => sum + d.amountCents, 0),
          })),
        )
        .returning({ id: orderItems.id })
      await recordDiscounts(tx, order.id, live, items)
      await tx.insert(payments).values({
        orderId: order.id,
        provider: payment.provider,
        providerPaymentId: payment.id,
        method,
        status: payment.status,
        amountCents: payment.amountCents,
        details: payment as unknown as Record<string, unknown>,
      })
      await recordOrderEvent(tx, order.id, {
        kind: 'placed',
        actor: { kind: 'customer', customerId: owner.customerId, ip: null },
        summary: `Pedido feito — ${PAYMENT_METHOD_NAMES[method]}`,
      })
      // The stock's moves and the order's creation, announced in one statement.
      await recordEvents(tx, [
        ...stockMoved,
        orderEvent('pedido.criado', { code, status: order.status, totalCents: live.totalCents }, { metodo_pagamento: method }),
      ])
      // The cart is emptied, its coupon with it: the use is this order's, a next cart starts without it
      // (a coupon this order did not use stays for the next purchase). The checkout holds its order. One statement.
      const cartId = sessionCartId(owner.sessionId)
      await tx.execute(sql`WITH emptied AS (DELETE FROM cart_items WHERE cart_id = ${cartId}),
          placed AS (UPDATE checkouts SET order_id = ${order.id}, updated_at = ${now.toISOString()}::timestamptz WHERE id = ${checkout.id})
        UPDATE carts SET coupon_code = ${usedCoupon ? null : sql`coupon_code`}, updated_at = now() WHERE id = ${cartId}`)
      await enqueueOrderMail(tx, deps, code, 'recebido')
      await deps.beforeCommit?.(tx)
      return order.id
    })
  } catch (err) {
    // Nothing was placed: release what the provider holds for this attempt.
    await deps.payments.void(payment.id).catch((voidErr: unknown) => deps.log.warn({ err: voidErr, code }, 'void after a failed placement failed'))
    if (err instanceof AlreadyPlaced) {
      const placed = err.code || (await placedOrder(db, key))
      return placed ? { estado: 'sucesso', pedido: placed } : refuse(CHECKOUT.precoMudou)
    }
    if (err instanceof Unbuyable) return refuse(err.reason)
    if (err instanceof CouponRefused) return refuse(err.reason)
    if (err instanceof OutOfStock) return refuse(CHECKOUT.semEstoque(err.titulo))
    if (err instanceof PriceChanged) return refuse(CHECKOUT.precoMudou)
    throw err
  }

  if (payment.method === 'cartao') {
    const captured = await deps.payments.capture(payment.id).catch(() => null)
    if (captured?.ok) await markPaid(db, orderId, captured.payment, now)
    else {
      // The hold could not be turned into a charge: the order does not stand, its stock goes back,
      // and the shopper finds the cart and the checkout as they were, ready to try again.
      await cancelOrder(
        db,
        { code, actor: { kind: 'system', job: 'checkout' }, reason: 'pagamento', expectedStatus: 'aguardando_pagamento' },
        { provider: deps.payments, notify: false },
      )
      await reopenCheckout(db, owner, checkout.id, orderId)
      return refuse(PAYMENT.indisponivel(captured ? captured.message : PAYMENT_MESSAGES.indisponivel))
    }
  }
  return { estado: 'sucesso', pedido: code }
}

/** After an order that did not stand: its items and its coupon back in the session's cart, and a new placement key. */
async function reopenCheckout(db: Db, owner: CheckoutOwner, checkoutId: number, orderId: number): Promise<void> {
  await db.transaction(async (tx) => {
    await tx.execute(sql`UPDATE carts SET coupon_code = coalesce(carts.coupon_code, o.coupon_code) FROM orders o
       WHERE o.id = ${orderId} AND carts.id = ${sessionCartId(owner.sessionId)}`)
    await tx.execute(sql`
      INSERT INTO cart_items (cart_id, product_id, option_id, quantity, token)
      SELECT ct.id, oi.product_id, oi.option_id, oi.quantity, md5(random()::text || oi.id::text)
        FROM order_items oi, carts ct
       WHERE oi.order_id = ${orderId} AND oi.product_id IS NOT NULL AND ct.id = ${sessionCartId(owner.sessionId)}
      ON CONFLICT ON CONSTRAINT cart_items_line_uq DO UPDATE SET quantity = cart_items.quantity + excluded.quantity`)
    await tx
      .update(checkouts)
      .set({ orderId: null, placementKey: randomToken(18), updatedAt: new Date() })
      .where(eq(checkouts.id, checkoutId))
  })
}

/**
 * The idempotency key of placing one cart: the checkout's key (a change after an order
 * starts a new one), each line's own token and quantity, and the total. A double submit of the
 * same cart has the same key; any other cart, even in the same session, has another.
 */
function placementKey(checkoutKey: string, lines: readonly Pick<CheckoutLine, 'token' | 'quantity'>[], totalCents: number): string {
  return sha256(`${checkoutKey}|${lines.map((l) => `${l.token}:${l.quantity}`).join(',')}|${totalCents}`)
}

/** The code of the order this checkout last placed, if any. */
/**
 * The order the checkout holds, read now: the cart was found empty, and the transaction that emptied
 * it also set the checkout's order, so a read after the cart's sees that order. The checkout row
 * read earlier may predate it (a concurrent double click) and name the previous order.
 */
async function checkoutOrder(db: Db, checkoutId: number): Promise<string | null> {
  const [row] = await db
    .select({ code: orders.code })
    .from(checkouts)
    .innerJoin(orders, eq(orders.id, checkouts.orderId))
    .where(eq(checkouts.id, checkoutId))
    .limit(1)
  return row?.code ?? null
}

/** The code of the order a placement key made, if any. */
async function placedOrder(db: Db, placementKey: string): Promise<string | null> {
  const [row] = await db.select({ code: orders.code }).from(orders).where(eq(orders.placementKey, placementKey)).limit(1)
  return row?.code ?? null
}
