import { getPixPayloadInfo } from '@brazilian-utils/brazilian-utils/get-pix-payload-info'
import { isValidBoleto } from '@brazilian-utils/brazilian-utils/is-valid-boleto'
import { describe, expect, it } from 'vitest'
import { CARD_BRANDS, cardBrand, checkCard } from './card'
import { PAYMENT_MESSAGES, type AuthorizeRequest, type Payment, type PaymentOutcome } from './provider'
import { createSandboxProvider, memoryLedger, SANDBOX_TEST_CARDS, type SandboxLedger } from './sandbox'

const SECRET = 'segredo-de-teste-do-sandbox-com-mais-de-32'
const NOW = new Date('2026-11-24T15:00:00Z') // a Tuesday
const store = {
  pix: { chave: '11222333000181', cidade: 'SAO PAULO', beneficiario: 'VITRINE ELETRONICOS', descontoPercentual: 5, validadeMinutos: 30 },
  boleto: { banco: '001' as const, agencia: '1234-3', conta: '99999-7', carteira: '17', convenio: '1234567', prazoDiasUteis: 3 },
  parcelamento: { maxParcelasSemJuros: 10, parcelaMinimaCentavos: 5000 },
}

function setup(ledger: SandboxLedger = memoryLedger()) {
  let now = NOW
  const provider = createSandboxProvider({ secret: SECRET, store, ledger, clock: () => now })
  return { provider, ledger, advance: (ms: number) => (now = new Date(now.getTime() + ms)) }
}

const card = (numero: string, cvv = numero.length === 15 ? '1234' : '123') => ({ numero, nome: 'Maria da Silva', validade: '12/28', cvv })
const cardRequest = (numero: string, extra: Partial<Extract<AuthorizeRequest, { method: 'cartao' }>> = {}): AuthorizeRequest => ({
  method: 'cartao',
  orderCode: 'VT-2026-000124',
  amountCents: 129990,
  card: card(numero),
  parcelas: 3,
  capture: true,
  ...extra,
})

function paid(outcome: PaymentOutcome): Payment {
  if (!outcome.ok) throw new Error(`${outcome.code}: ${outcome.message}`)
  return outcome.payment
}

describe('sandbox: Pix', () => {
  it('issues a real BR Code for the order, pending until paid, expiring in the store time', async () => {
    const { provider } = setup()
    const payment = paid(await provider.authorize({ method: 'pix', orderCode: 'VT-2026-000124', amountCents: 123456 }))
    expect(payment).toMatchObject({ provider: 'sandbox', method: 'pix', status: 'pending', amountCents: 123456, capturedCents: 0 })
    if (payment.method !== 'pix') throw new Error('pix')
    expect(payment.pix.expiresAt).toBe('2026-11-24T15:30:00.000Z')
    expect(getPixPayloadInfo(payment.pix.copiaECola)).toMatchObject({ key: '11222333000181', amount: 1234.56, txid: 'VT2026000124' })
    expect(paid(await provider.status(payment.id)).status).toBe('pending')
  })

  it("'Simular pagamento' marks it paid and hands over a signed event the provider verifies", async () => {
    const { provider } = setup()
    const payment = paid(await provider.authorize({ method: 'pix', orderCode: 'VT-2026-000125', amountCents: 9990 }))
    const simulated = await provider.simulatePayment(payment.id)
    if (!simulated.ok) throw new Error(simulated.code)
    expect(simulated.payment).toMatchObject({ status: 'paid', capturedCents: 9990 })
    const verified = await provider.verifyWebhook({ rawBody: simulated.delivery.rawBody, headers: new Headers(simulated.delivery.headers) })
    expect(verified).toEqual({
      ok: true,
      key: `VT-2026-000125:evt_${payment.id}_paid`,
      paymentId: payment.id,
      event: {
        id: `evt_${payment.id}_paid`,
        orderCode: 'VT-2026-000125',
        paymentId: payment.id,
        method: 'pix',
        status: 'paid',
        amountCents: 9990,
        createdAt: NOW.toISOString(),
      },
    })
    expect(paid(await provider.status(payment.id)).status).toBe('paid')
    // Asking again re-sends the same event: same idempotency key.
    const again = await provider.simulatePayment(payment.id)
    if (!again.ok) throw new Error(again.code)
    const verifiedAgain = await provider.verifyWebhook({ rawBody: again.delivery.rawBody, headers: new Headers(again.delivery.headers) })
    expect(verifiedAgain.ok && verifiedAgain.key).toBe(verified.ok && verified.key)
  })

  it('refuses a delivery replayed after five minutes, or changed on the way', async () => {
    const { provider, advance } = setup()
    const payment = paid(await provider.authorize({ method: 'pix', orderCode: 'VT-2026-000126', amountCents: 9990 }))
    const simulated = await provider.simulatePayment(payment.id)
    if (!simulated.ok) throw new Error(simulated.code)
    const { rawBody, headers } = simulated.delivery
    expect(await provider.verifyWebhook({ rawBody: rawBody.replace('9990', '1'), headers: new Headers(headers) })).toMatchObject({
      ok: false,
      reason: 'assinatura',
    })
    advance(5 * 60_000 + 1)
    expect(await provider.verifyWebhook({ rawBody, headers: new Headers(headers) })).toMatchObject({ ok: false, reason: 'expirado' })
  })

  it('cannot be paid once voided (the order expired)', async () => {
    const { provider } = setup()
    const payment = paid(await provider.authorize({ method: 'pix', orderCode: 'VT-2026-000127', amountCents: 9990 }))
    expect(paid(await provider.void(payment.id)).status).toBe('voided')
    expect(paid(await provider.void(payment.id)).status).toBe('voided')
    expect(await provider.simulatePayment(payment.id)).toMatchObject({ ok: false, code: 'estado_invalido' })
  })
})

describe('sandbox: boleto', () => {
  it('issues a valid slip due in the store business days', async () => {
    const { provider } = setup()
    const payment = paid(
      await provider.authorize({
        method: 'boleto',
        orderCode: 'VT-2026-000124',
        amountCents: 129990,
        payer: { nome: 'Maria da Silva', documento: '529.982.247-25' },
      }),
    )
    if (payment.method !== 'boleto') throw new Error('boleto')
    expect(payment.status).toBe('pending')
    expect(payment.boleto.dueDate).toBe('2026-11-27')
    expect(payment.boleto.nossoNumero).toBe('12345672026000124')
    expect(isValidBoleto(payment.boleto.linhaDigitavel)).toBe(true)
    expect(payment.boleto.barcode.slice(9, 19)).toBe('0000129990')
    const simulated = await provider.simulatePayment(payment.id)
    expect(simulated.ok && simulated.payment.status).toBe('paid')
  })

  it('wants the payer name and a valid CPF or CNPJ', async () => {
    const { provider } = setup()
    const request = { method: 'boleto' as const, orderCode: 'VT-2026-000124', amountCents: 1000 }
    for (const payer of [
      { nome: '', documento: '52998224725' },
      { nome: 'Maria', documento: '11111111111' },
      { nome: 'Maria', documento: '123' },
    ]) {
      expect(await provider.authorize({ ...request, payer })).toEqual({ ok: false, code: 'pagador_invalido', message: PAYMENT_MESSAGES.pagador_invalido })
    }
    expect((await provider.authorize({ ...request, payer: { nome: 'Loja X', documento: '11.222.333/0001-81' } })).ok).toBe(true)
  })
})

describe('sandbox: cards', () => {
  it('lists test cards that pass the card checks, approving ones of every accepted brand', () => {
    for (const numero of Object.values(SANDBOX_TEST_CARDS).flat()) {
      expect(checkCard(card(numero), NOW).ok, numero).toBe(true)
    }
    expect(new Set(SANDBOX_TEST_CARDS.aprovado.map((numero) => cardBrand(numero)))).toEqual(new Set(CARD_BRANDS))
  })

  it('approves the approving numbers, with brand, last four and instalments only', async () => {
    const { provider, ledger } = setup()
    for (const numero of SANDBOX_TEST_CARDS.aprovado) {
      const outcome = await provider.authorize(cardRequest(numero))
      const payment = paid(outcome)
      expect(payment).toMatchObject({ method: 'cartao', status: 'paid', capturedCents: 129990 })
      if (payment.method !== 'cartao') throw new Error('cartao')
      expect(payment.card).toEqual({ brand: cardBrand(numero), last4: numero.slice(-4), parcelas: 3, valoresCents: [43330, 43330, 43330] })
      const stored = JSON.stringify([outcome, await ledger.get(payment.id)])
      expect(stored).not.toContain(numero)
      expect(stored).not.toContain(numero.slice(0, 6))
      expect(stored).not.toMatch(/"cvv"|Maria/)
    }
  })

  it('declines the declining numbers with their reason, and refuses numbers not in the table', async () => {
    const { provider } = setup()
    const expected = {
      '4000000000000002': 'recusado',
      '4000000000009995': 'saldo_insuficiente',
      '4000000000000069': 'cartao_vencido',
      '5105105105105100': 'recusado',
      '371449635398431': 'saldo_insuficiente',
    } as const
    for (const [numero, code] of Object.entries(expected)) {
      expect(await provider.authorize(cardRequest(numero))).toEqual({ ok: false, code, message: PAYMENT_MESSAGES[code] })
    }
    const { aprovado: _, ...declining } = SANDBOX_TEST_CARDS
    expect(Object.values(declining).flat().sort()).toEqual(Object.keys(expected).sort())
    expect(await provider.authorize(cardRequest('4012888888881881'))).toMatchObject({ ok: false, code: 'cartao_nao_teste' })
  })

  it('refuses a bad card with the fields at fault, and instalments the total does not allow', async () => {
    const { provider } = setup()
    expect(await provider.authorize(cardRequest('4111111111111112'))).toEqual({
      ok: false,
      code: 'cartao_invalido',
      message: PAYMENT_MESSAGES.cartao_invalido,
      fields: { numero: 'Número do cartão inválido.' },
    })
    expect(await provider.authorize(cardRequest('4111111111111111', { parcelas: 11 }))).toMatchObject({ ok: false, code: 'parcelas_invalidas' })
    expect(await provider.authorize(cardRequest('4111111111111111', { parcelas: 0 }))).toMatchObject({ ok: false, code: 'parcelas_invalidas' })
    expect(await provider.authorize(cardRequest('4111111111111111', { amountCents: 6000, parcelas: 2 }))).toMatchObject({
      ok: false,
      code: 'parcelas_invalidas',
    })
    expect(await provider.authorize(cardRequest('4111111111111111', { amountCents: 0 }))).toMatchObject({ ok: false, code: 'valor_invalido' })
  })

  it('holds, captures, refunds in parts and voids as a gateway does', async () => {
    const { provider } = setup()
    const held = paid(await provider.authorize(cardRequest('5555555555554444', { capture: false })))
    expect(held).toMatchObject({ status: 'authorized', capturedCents: 0 })
    expect(await provider.refund(held.id, { idempotencyKey: 'k0' })).toMatchObject({ ok: false, code: 'estado_invalido' })
    expect(await provider.capture(held.id, 129991)).toMatchObject({ ok: false, code: 'valor_invalido' })
    expect(paid(await provider.capture(held.id, 100000))).toMatchObject({ status: 'paid', capturedCents: 100000 })
    expect(paid(await provider.capture(held.id))).toMatchObject({ status: 'paid', capturedCents: 100000 })
    expect(await provider.void(held.id)).toMatchObject({ ok: false, code: 'estado_invalido' })
    expect(paid(await provider.refund(held.id, { amountCents: 30000, idempotencyKey: 'k1' }))).toMatchObject({ status: 'paid', refundedCents: 30000 })
    expect(await provider.refund(held.id, { amountCents: 70001, idempotencyKey: 'k2' })).toMatchObject({ ok: false, code: 'valor_invalido' })
    // The same key again (a retry) answers the first refund, and refunds nothing more.
    const again = await provider.refund(held.id, { amountCents: 30000, idempotencyKey: 'k1' })
    expect(again).toMatchObject({ ok: true, payment: { refundedCents: 30000 }, refund: { amountCents: 30000 } })
    expect(paid(await provider.refund(held.id, { idempotencyKey: 'k3' }))).toMatchObject({ status: 'refunded', refundedCents: 100000 })
    expect(await provider.refund(held.id, { idempotencyKey: 'k4' })).toMatchObject({ ok: false, code: 'estado_invalido' })

    const released = paid(await provider.authorize(cardRequest('4111111111111111', { capture: false })))
    expect(paid(await provider.void(released.id)).status).toBe('voided')
    expect(await provider.capture(released.id)).toMatchObject({ ok: false, code: 'estado_invalido' })
    expect(await provider.simulatePayment(released.id)).toMatchObject({ ok: false, code: 'estado_invalido' })
    expect(await provider.status('sbx_nenhum')).toEqual({ ok: false, code: 'nao_encontrado', message: PAYMENT_MESSAGES.nao_encontrado })
  })
})
