import { and, eq } from 'drizzle-orm'
import {
  CHECKOUT_MESSAGES,
  PAYMENT_METHOD_NAMES,
  type CheckoutDeliveryAddress,
  type CheckoutIdentification,
  type ResumoCompra,
} from '../../../contract/checkout'
import { CHECKOUT } from '../../../contract/messages/checkout-reasons'
import type { Company } from '../../../contract/company'
import { instalmentCount, toReais } from '../../../contract/pricing'
import { isFullName, isValidCelular, isValidCpf, maskCpf, maskPhone, onlyDigits } from '../../../contract/validators'
import type { Logger } from 'pino'
import type { Db } from '../../db/client'
import type { Env } from '../../env'
import { customers } from '../../db/schema'
import { brazilDate } from '../../integrations/payments/dates'
import type { PaymentMethod } from '../../integrations/payments/provider'
import type { StoreProfile } from '../../store-profile'
import { lookUpCep, saveAddress, type LookupContext } from '../address'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { pricingRules } from '../catalog/rules'
import { loadCatalogProducts } from '../catalog/cards'
import { loadOffers } from '../promotions/offers'
import { couponOut, discountsOut } from '../promotions/wire'
import { shippingProvider } from '../shipping/gateway'
import { PICKUP_INDEX } from '../shipping/options'
import { cheapestDelivery, quoteShipping, type ShippingQuote } from '../shipping/quotes'
import { loadFrete, type Frete } from '../shipping/settings'
import { TABLE_SERVICES } from '../../integrations/shipping/tabela'
import { deliveryAddress, ownAddress, shippingAddress, type AddressRow } from './address'
import { loadCheckoutLines, unbuyableReason, type CheckoutLine } from './lines'
import { insuredLines, quote, type Quote } from './quote'
import { findCheckout, saveCheckout, type CheckoutOwner, type CheckoutRecord } from './record'

/** What checkout functions need (a RequestContext fits). */
export type CheckoutDeps = LookupContext & { db: Db; store: StoreProfile; env: Env; log: Logger }

const SUCCESS = { estado: 'sucesso' } as const

/** The buyer of an order: identification digits-only; null until complete. */
export type Buyer = { nome: string; email: string; cpf: string; celular: string; empresa?: Company | null }

/** The checkout's identification (step 1), else the account's when it is complete and valid. */
export async function buyerOf(db: Db, customerId: number, checkout: CheckoutRecord | null): Promise<Buyer | null> {
  if (checkout?.nome && checkout.email && checkout.cpf && checkout.celular) {
    return { nome: checkout.nome, email: checkout.email, cpf: checkout.cpf, celular: checkout.celular, empresa: checkout.empresa ?? null }
  }
  const [c] = await db.select().from(customers).where(eq(customers.id, customerId)).limit(1)
  if (!c) return null
  const nome = `${c.nome} ${c.sobrenome}`.trim()
  const cpf = onlyDigits(c.documento ?? '')
  const celular = onlyDigits(c.telefone ?? '')
  return isFullName(nome) && isValidCpf(cpf) && isValidCelular(celular) ? { nome, email: c.email, cpf, celular } : null
}

/** POST checkout/step/1: keeps the buyer (already checked by the contract). */
export async function identify(db: Db, owner: CheckoutOwner, input: CheckoutIdentification) {
  await saveCheckout(db, owner, {
    nome: input.nome.replace(/\s+/g, ' '),
    email: input.email,
    cpf: input.cpf,
    celular: input.celular,
    empresa: input.empresa ?? null,
  })
  // A customer registered with this CNPJ keeps the company's razão social and IE as bought with.
  if (input.empresa)
    await db
      .update(customers)
      .set({ razaoSocial: input.empresa.razaoSocial, inscricaoEstadual: input.empresa.ie, updatedAt: new Date() })
      .where(and(eq(customers.id, owner.customerId), eq(customers.documento, input.empresa.cnpj)))
  return SUCCESS
}

/** GET checkout/1: has this checkout been identified? (its failure value is 'error'). */
export async function identification(db: Db, owner: CheckoutOwner) {
  const checkout = await findCheckout(db, owner)
  return checkout?.nome && checkout.cpf ? SUCCESS : ({ estado: 'error', msg: CHECKOUT_MESSAGES.identificacao } as const)
}

/** 'Ana Maria de Souza' → nome 'Ana', sobrenome 'Maria de Souza' (the address book keeps both). */
function splitName(full: string): { nome: string; sobrenome: string } {
  const [nome, ...rest] = full.trim().split(/\s+/)
  return { nome: nome ?? '', sobrenome: rest.join(' ') }
}

/**
 * POST checkout/step/2: saves the delivery address in the customer's book (the Addresses domain's
 * rules: its look-up, its limit, one principal) and makes it this checkout's. The CEP's street and
 * bairro win when it knows them; the recipient's name becomes the address's name.
 */
export async function saveDelivery(deps: CheckoutDeps, owner: CheckoutOwner, input: CheckoutDeliveryAddress) {
  const lookup = await lookUpCep(deps, owner.customerId, input.cep)
  if (!lookup) return refuse(CHECKOUT.cepInexistente)
  const checkout = await findCheckout(deps.db, owner)
  const { nome, sobrenome } = splitName(input.destinatario)
  const saved = await saveAddress(deps.db, owner.customerId, {
    cod: lookup.cod,
    nome,
    sobrenome,
    telefone: checkout?.celular ?? '',
    bairro: input.bairro,
    rua: input.logradouro,
    numero: input.numero,
    complemento: input.complemento,
  })
  if (isRefusal(saved)) return saved
  await saveCheckout(deps.db, owner, { addressId: Number(saved.id) })
  return { ...SUCCESS, id: saved.id }
}

/** POST checkout/endereco: delivers to one of the customer's saved addresses. */
export async function chooseAddress(db: Db, owner: CheckoutOwner, id: string) {
  const address = await ownAddress(db, owner.customerId, id)
  if (!address) return refuse(CHECKOUT.endereco)
  await saveCheckout(db, owner, { addressId: address.id })
  return SUCCESS
}

/** How many options checkout lists (calcular-frete-qqer's `opcs`): the provider's services and the pickup. */
function optionCount(deps: Pick<CheckoutDeps, 'db'>, frete: Frete): number {
  const services = shippingProvider(deps.db).name === 'tabela' ? TABLE_SERVICES.length : frete.transportadoras.servicos.length
  return services + 1
}

/**
 * POST checkout/envio: an option of calcular-frete-qqer by index; pickup (2) names a station. The
 * option's price is the server's own quote for the delivery address and the cart, kept with the
 * choice (decision 0128): no price travels from the browser. An option that does not serve the CEP
 * cannot be chosen.
 */
export async function chooseShipping(deps: CheckoutDeps, owner: CheckoutOwner, input: { opcao: number; estacao?: string }, now = new Date()) {
  const frete = await loadFrete(deps.db, deps.store)
  if (!Number.isInteger(input.opcao) || input.opcao < 0 || input.opcao >= optionCount(deps, frete)) return refuse(CHECKOUT.opcaoEnvio)
  let stationId: string | null = null
  if (input.opcao === PICKUP_INDEX) {
    if (!input.estacao) return refuse(CHECKOUT.estacao)
    const station = frete.estacoes.find((s) => s.id === input.estacao)
    if (!station) return refuse(CHECKOUT.estacaoInvalida)
    stationId = station.id
  }
  const { quote: q } = await checkoutState(deps, owner, now)
  const option = q.shipping?.options[input.opcao]
  if (q.shipping && !option) return refuse(CHECKOUT.opcaoEnvio)
  if (option && !option.disponivel) return refuse(CHECKOUT.envioIndisponivel(option.nome))
  const shippingQuote =
    option && q.shipping
      ? { key: q.shipping.key, servico: option.servico, valorCents: option.valorCents, prazo: option.prazo, previsao: option.previsao, at: q.shipping.at }
      : null
  await saveCheckout(deps.db, owner, { shippingIndex: input.opcao, stationId, shippingQuote })
  return SUCCESS
}

/** POST checkout/pagamento: Pix, Cartão or Boleto; instalments only for the card, up to the store's maximum. */
export async function choosePayment(db: Db, store: StoreProfile, owner: CheckoutOwner, input: { metodo: PaymentMethod; parcelas?: number }) {
  const parcelas = input.metodo === 'cartao' ? (input.parcelas ?? 1) : 1
  if (input.metodo !== 'cartao' && input.parcelas !== undefined && input.parcelas !== 1) return refuse(CHECKOUT.parcelas)
  if (parcelas > store.parcelamento.maxParcelasSemJuros) return refuse(CHECKOUT.parcelas)
  await saveCheckout(db, owner, { paymentMethod: input.metodo, parcelas })
  return SUCCESS
}

/** Everything the checkout knows now, priced live. */
export type CheckoutState = {
  checkout: CheckoutRecord | null
  address: { ok: true; address: AddressRow } | { ok: false; code: 'sedrc' | 'EsEdrc' }
  buyer: Buyer | null
  quote: Quote
  /** The store's shipping settings the quote was priced with. */
  frete: Frete
}

export async function checkoutState(deps: CheckoutDeps, owner: CheckoutOwner, now = new Date()): Promise<CheckoutState> {
  const checkout = await findCheckout(deps.db, owner)
  const rules = pricingRules(deps.store)
  const [address, buyer, { lines, couponCode }, frete] = await Promise.all([
    deliveryAddress(deps.db, owner.customerId, checkout),
    buyerOf(deps.db, owner.customerId, checkout),
    loadCheckoutLines(deps.db, owner.sessionId, rules),
    loadFrete(deps.db, deps.store),
  ])
  const offers = await loadOffers(deps.db, {
    products: await loadCatalogProducts(
      deps.db,
      lines.map((l) => l.productId),
      rules,
    ),
    couponCode,
    buyer: { customerId: owner.customerId, cpf: buyer?.cpf ?? null },
    now,
  })
  const priced = quote(
    frete,
    deps.store.pix.descontoPercentual,
    lines,
    {
      shipping: await shippingFor({ ...deps, frete }, address.ok ? address.address.cep : null, insuredLines(lines, offers, now), now),
      shippingIndex: checkout?.shippingIndex ?? null,
      chosenQuote: checkout?.shippingQuote ?? null,
      stationId: checkout?.stationId ?? null,
      method: checkout?.paymentMethod ?? null,
      now,
    },
    offers,
  )
  return { checkout, address, buyer, quote: priced, frete }
}

/** The options for the delivery CEP and the cart's buyable lines; null without an address or for a CEP that does not exist. */
async function shippingFor(deps: CheckoutDeps & { frete: Frete }, cep: string | null, lines: CheckoutLine[], now: Date): Promise<ShippingQuote | null> {
  if (!cep) return null
  const buyable = lines.filter((l) => l.disponivel)
  const subtotalCents = buyable.reduce((sum, l) => sum + l.totalCents, 0)
  const quoted = await quoteShipping(deps, { cep, lines: buyable, subtotalCents, today: brazilDate(now), now: now.getTime() })
  return isRefusal(quoted) ? null : quoted
}

/**
 * What checkout says of the cart's lines before anything else: an empty cart, or the first line
 * that cannot be bought as it stands (the cart's rule, decision 0031). The summary and placement
 * answer the same, so a shopper never sees a total for a purchase the store would refuse.
 */
export function cartRefusal(lines: CheckoutLine[]): Refusal | null {
  if (lines.length === 0) return refuse(CHECKOUT.carrinhoVazio)
  const unbuyable = unbuyableReason(lines)
  return unbuyable ? refuse(unbuyable) : null
}

/** GET dados-compra: the buyer, the delivery address and the chosen station, or 'sedrc' / 'EsEdrc'. */
export async function purchaseData(deps: CheckoutDeps, owner: CheckoutOwner) {
  const checkout = await findCheckout(deps.db, owner)
  const address = await deliveryAddress(deps.db, owner.customerId, checkout)
  if (!address.ok) return refuse(CHECKOUT.semEndereco(address.code))
  const buyer = await buyerOf(deps.db, owner.customerId, checkout)
  const [account] = await deps.db.select().from(customers).where(eq(customers.id, owner.customerId)).limit(1)
  const person = buyer ? splitName(buyer.nome) : { nome: account?.nome ?? '', sobrenome: account?.sobrenome ?? '' }
  const a = address.address
  const station = checkout?.shippingIndex === PICKUP_INDEX ? deps.store.frete.estacoes.find((s) => s.id === checkout.stationId) : undefined
  return {
    user: { ...person, telefone: maskPhone(buyer?.celular ?? account?.telefone ?? '') },
    endereco: { cep: a.cep, rua: a.rua, numero: a.numero, bairro: a.bairro, comp: a.complemento, cidade: a.cidade },
    estacao: station ? { nome: station.nome } : null,
  }
}

const stationOut = (s: { id: string; nome: string; endereco: string }) => ({ id: s.id, nome: s.nome, endereco: s.endereco })

/** GET calcular-frete-qqer: the options for the delivery address and the cart's package. */
export async function freightOptions(deps: CheckoutDeps, owner: CheckoutOwner, now = new Date()) {
  const state = await checkoutState(deps, owner, now)
  if (!state.address.ok) return refuse(CHECKOUT.semEndereco(state.address.code))
  const { shipping, chosen, offered } = state.quote
  if (!shipping) return refuse(CHECKOUT.cepInexistente)
  return {
    // The chosen option as the shopper chose it, while that quote holds; free where a rule of the store's says so.
    opcs: offered.map((o) => ({
      nome: o.nome,
      valor: toReais(o.valorCents),
      prazo: o.prazo,
      previsao: o.previsao,
      transportadora: o.transportadora,
      disponivel: o.disponivel,
      ...(o.motivo ? { motivo: o.motivo } : {}),
      ...(o.gratis ? { gratis: o.gratis } : {}),
    })),
    frete: toReais((chosen ? offered[chosen.index] : cheapestDelivery({ ...shipping, options: offered }))?.valorCents ?? 0),
    estimativa: shipping.estimativa,
    estacao: state.frete.estacoes.map(stationOut),
    escolha: { opcao: state.checkout?.shippingIndex ?? null, estacao: state.checkout?.stationId ?? null },
  }
}

/** The Decreto 7.962/2013 and CDC art. 49 notice 'Finalizar compra' shows. */
export const RIGHT_OF_REGRET =
  'Você pode desistir da compra em até 7 dias corridos a contar do recebimento do produto, com devolução integral do valor pago (Código de Defesa do Consumidor, art. 49).'

/** The summary's delivery address: the order's shape, with the state as `uf`. */
function addressOut(a: AddressRow) {
  const { estado, ...rest } = shippingAddress(a)
  return { ...rest, uf: estado }
}

/** GET checkout/resumo: the whole purchase before it is placed, priced now. */
export async function summary(deps: CheckoutDeps, owner: CheckoutOwner, now = new Date()): Promise<ResumoCompra | ReturnType<typeof refuse>> {
  const state = await checkoutState(deps, owner, now)
  const { checkout, quote: q, buyer } = state
  const refused = cartRefusal(q.lines)
  if (refused) return refused
  const pendente: ResumoCompra['pendente'] = []
  if (!buyer) pendente.push('identificacao')
  if (!state.address.ok) pendente.push('endereco')
  if (!q.chosen || (q.chosen.index === PICKUP_INDEX && !q.station)) pendente.push('envio')
  if (!checkout?.paymentMethod) pendente.push('pagamento')
  const a = state.address.ok ? state.address.address : null
  const rules = pricingRules(deps.store)
  const maxParcelas = instalmentCount(q.totalCents, rules)
  const s = deps.store
  return {
    estado: 'sucesso',
    itens: q.lines.map((l, i) => ({
      titulo: l.titulo,
      variacao: l.variacao,
      imagem: l.imagem,
      quantidade: l.quantity,
      valor: toReais(l.unitCents),
      valor_total: toReais(l.totalCents),
      atacado: l.unitCents < l.listCents,
      desconto: toReais((q.priced.lines[i].promotion?.cents ?? 0) + q.priced.lines[i].couponCents),
    })),
    subtotal: toReais(q.subtotalCents),
    desconto: toReais(q.discountCents),
    descontos: discountsOut(q.priced),
    cupom: couponOut(q.priced),
    frete: q.chosen ? toReais(q.shippingCents) : null,
    envio: q.chosen ? { opcao: q.chosen.index, nome: q.chosen.nome, prazo: q.chosen.prazo, previsao: q.chosen.previsao } : null,
    estacao: q.station ? stationOut(q.station) : null,
    endereco: a ? addressOut(a) : null,
    comprador: buyer ? { nome: buyer.nome, email: buyer.email, cpf: maskCpf(buyer.cpf), celular: maskPhone(buyer.celular) } : null,
    pagamento: checkout?.paymentMethod
      ? { metodo: checkout.paymentMethod, nome: PAYMENT_METHOD_NAMES[checkout.paymentMethod], parcelas: Math.min(checkout.parcelas, maxParcelas) }
      : null,
    parcelas: Array.from({ length: maxParcelas }, (_, i) => ({ qtd: i + 1, valor: toReais(Math.ceil(q.totalCents / (i + 1))) })),
    total: toReais(q.totalCents),
    pendente,
    loja: {
      razaoSocial: s.razaoSocial,
      cnpj: s.cnpj,
      endereco: `${s.endereco.logradouro}, ${s.endereco.numero}${s.endereco.complemento ? `, ${s.endereco.complemento}` : ''}, ${s.endereco.bairro}, ${s.endereco.cidade} - ${s.endereco.uf}, ${s.endereco.cep}`,
      email: s.email,
    },
    arrependimento: RIGHT_OF_REGRET,
  }
}
