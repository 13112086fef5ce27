// The one shipping-provider interface (docs/decisions/0128-shipping-providers.md), shaped like the
// payment one (server/integrations/payments/provider.ts): the store's own table (tabela.ts) is the
// offline default; a carrier platform (melhorenvio.ts) is another object of this shape. Money in
// integer centavos, measures in millimetres and grams as the catalog keeps them.
import type { TableRates } from '../../domain/shipping/options'
import type { LabelVolume } from '../../db/schema'

/** One catalog line of a parcel: its measures (the store's default box when the product has none), insured value and quantity. */
export type ShippingItem = {
  /** The product (and option) it is, for the provider's packing: 'p12' or 'p12-o3'. */
  id: string
  alturaMm: number
  larguraMm: number
  comprimentoMm: number
  pesoG: number
  /** What the shopper pays for one unit (the insured value). */
  unitCents: number
  quantity: number
}

export type QuoteRequest = {
  /** Sender and destination CEPs, 8 digits. */
  fromCep: string
  toCep: string
  items: ShippingItem[]
  /** What the items cost together. */
  subtotalCents: number
  /** The services the store offers now (its shipping settings), by the provider's id, in checkout's order; the table has its own two. */
  services: ReadonlyArray<{ id: number; nome: string }>
  /** The store's own table, which the `tabela` provider prices with (and the estimate when a carrier fails). */
  table: TableRates
}

/** One package the carrier packed the parcel in: its measures (cm, kg) and which items it holds, when the answer says. */
export type QuotedPackage = LabelVolume & { products: Array<{ id: string; quantity: number }> | null }

/** A service's answer: its price and delivery time in business days (and the packages it priced), or why it does not carry this parcel. */
export type ServiceQuote =
  | { id: string; nome: string; transportadora: string | null; ok: true; priceCents: number; days: number; packages?: QuotedPackage[] }
  | { id: string; nome: string; transportadora: string | null; ok: false; error: string }

/**
 * Why a quote could not be had at all: the CEP exists nowhere ('cep_inexistente'), or the provider
 * did not answer as documented in time — down, slow, 5xx, 429, a malformed body, a credential it
 * refuses ('indisponivel'). The store answers the second with its table, marked as an estimate.
 */
export type QuoteFailure = { ok: false; code: 'cep_inexistente' | 'indisponivel'; detail: string }
export type QuoteOutcome = { ok: true; services: ServiceQuote[] } | QuoteFailure

/** One side of a label: the sender (the store) or the recipient (the order's buyer and address). */
export type LabelParty = {
  name: string
  /** Digits only. */
  phone: string
  email: string | null
  /** A person's CPF (11 digits) or a company's CNPJ (14 digits), digits only. */
  document: string
  address: string
  number: string
  complement: string
  district: string
  city: string
  /** UF, two letters. */
  state: string
  /** 8 digits. */
  postalCode: string
}

/** Everything a label is bought with: the service, both sides, the items and the invoice key (or none: a declaração de conteúdo). */
export type LabelRequest = {
  service: string
  from: LabelParty
  to: LabelParty
  items: Array<ShippingItem & { name: string }>
  /** The items' value together, the insured value. */
  insuredCents: number
  /** The packages this label carries (the carrier's quote); empty: the items stacked in one volume. */
  volumes: LabelVolume[]
  /** The NF-e's access key (44 digits), or null: the parcel travels with a declaração de conteúdo (non-commercial). */
  invoiceKey: string | null
  /** The store's order code, as the label's tag. */
  reference: string
  /** The order's page in the back office (the tag's link). */
  referenceUrl: string
}

/** A label's state at the provider, as its tracking answers it. */
export type LabelState = {
  id: string
  /** The provider's word: pending, released (paid), generated, posted, delivered, canceled, undelivered… */
  status: string
  trackingCode: string | null
  paidAt: Date | null
  generatedAt: Date | null
  postedAt: Date | null
  deliveredAt: Date | null
  canceledAt: Date | null
}

/**
 * A provider's answer that is not the documented success: `retry` when another attempt may succeed
 * (no answer, 5xx, 429), not when the provider refused what was asked (a 4xx: fix and ask again).
 */
export class LabelError extends Error {
  constructor(
    message: string,
    readonly retry: boolean,
  ) {
    super(message)
    this.name = 'LabelError'
  }
}

/**
 * Labels at a carrier platform (decision 0128, "Labels"): buying one is the provider's documented
 * sequence, each step its own call so the store can run each as a job and resume after the last one
 * done: put it in the cart (the provider's id and price), pay it from the account's balance,
 * generate it, then the printable URL. Every method throws LabelError when the provider does not
 * answer as documented.
 */
export interface LabelApi {
  cartLabel(request: LabelRequest): Promise<{ id: string; priceCents: number }>
  payLabel(id: string): Promise<void>
  generateLabel(id: string): Promise<void>
  printLabel(id: string): Promise<string>
  /** Cancels a label not yet posted; its price goes back to the account's balance. */
  cancelLabel(id: string, description: string): Promise<void>
  /** The state of each label asked for (absent: the provider does not know it). */
  track(ids: readonly string[]): Promise<Map<string, LabelState>>
  /** Whether a webhook's raw body carries the provider's signature. */
  verifyWebhook(rawBody: string, signature: string | null | undefined): boolean
}

export interface ShippingProvider {
  /** 'tabela', 'melhorenvio'. */
  readonly name: string
  /** Prices the parcel for each service the store offers, in the store's order. */
  quote(request: QuoteRequest): Promise<QuoteOutcome>
  /** Its labels, or null: the store's table buys none (the parcel is posted by hand and its code typed in). */
  readonly labels: LabelApi | null
}
