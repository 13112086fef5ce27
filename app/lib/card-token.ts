// The card turned into a token in the browser, straight at the payment provider (Mercado Pago's
// card-token call with the public key, docs/decisions/0052-mercado-pago.md): the number and the CVV
// go to the provider only, never to the store's server. finalizar gets the token, the brand and the
// last four digits.
import { cardBrand, type CardBrand } from '../../server/integrations/payments/card'
import type { CardFields } from '~/components/checkout/PaymentChoice'

export type CardTokenTarget = { url: string; chavePublica: string }
export type TokenizedCard = { token: string; bandeira: CardBrand; ultimos4: string }

const FAILED = 'Não foi possível validar o cartão com o meio de pagamento. Confira os dados e tente de novo.'

/** Answers the token, or a pt-BR message for the shopper. */
export async function tokenizeCard(
  target: CardTokenTarget,
  card: CardFields,
  cpf?: string,
): Promise<{ ok: true; card: TokenizedCard } | { ok: false; msg: string }> {
  const number = card.numero.replace(/\D/g, '')
  const brand = cardBrand(number)
  const [month, year] = card.validade.split('/').map((part) => Number(part.trim()))
  if (!brand || number.length < 13 || !month || !year || !/^\d{3,4}$/.test(card.cvv.trim()) || card.nome.trim().length < 2) {
    return { ok: false, msg: 'Confira os dados do cartão.' }
  }
  try {
    const res = await fetch(`${target.url}?public_key=${encodeURIComponent(target.chavePublica)}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({
        card_number: number,
        security_code: card.cvv.trim(),
        expiration_month: month,
        expiration_year: year < 100 ? 2000 + year : year,
        cardholder: { name: card.nome.trim(), ...(cpf ? { identification: { type: 'CPF', number: cpf.replace(/\D/g, '') } } : {}) },
      }),
      signal: AbortSignal.timeout(10_000),
    })
    const json = (await res.json().catch(() => null)) as { id?: unknown } | null
    if (!res.ok || typeof json?.id !== 'string') return { ok: false, msg: FAILED }
    return { ok: true, card: { token: json.id, bandeira: brand, ultimos4: number.slice(-4) } }
  } catch {
    return { ok: false, msg: 'Não foi possível falar com o meio de pagamento. Tente de novo em instantes.' }
  }
}
