// The one shipping-provider interface (docs/decisions/0128-shipping-providers.md), shaped like the
// payment one (server/integrations/payments/provider.ts): the store's own table (tabela.ts) is the
// offline default; a carrier platform (melhorenvio.ts) is another object of this shape. Money in
// integer centavos, measures in millimetres and grams as the catalog keeps them.

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
  /** What the items cost together (the table's free-shipping threshold counts it). */
  subtotalCents: number
}

/** A service's answer: its price and delivery time in business days, or why it does not carry this parcel. */
export type ServiceQuote =
  | { id: string; nome: string; transportadora: string | null; ok: true; priceCents: number; days: number }
  | { id: string; nome: string; transportadora: string | null; ok: false; error: string }

/**
 * Why a quote could not be had at all: the CEP exists nowhere ('cep_inexistente'), or the provider
 * did not answer as documented in time — down, slow, 5xx, 429, a malformed body, a credential it
 * refuses ('indisponivel'). The store answers the second with its table, marked as an estimate.
 */
export type QuoteFailure = { ok: false; code: 'cep_inexistente' | 'indisponivel'; detail: string }
export type QuoteOutcome = { ok: true; services: ServiceQuote[] } | QuoteFailure

export interface ShippingProvider {
  /** 'tabela', 'melhorenvio'. */
  readonly name: string
  /** Prices the parcel for each service the store offers, in the store's order. */
  quote(request: QuoteRequest): Promise<QuoteOutcome>
  // What comes next (decision 0128, "Left"), with the order's label: buyLabel (cart → checkout →
  // generate), printLabel, cancelLabel, track, and verifyWebhook (X-ME-Signature). Not declared until
  // they are built: a method that pretends to buy a label is worse than none.
}
