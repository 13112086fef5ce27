import { z } from 'zod'

/**
 * /admin/frete — the shipping settings a Dono edits (docs/decisions/0133-shipping-settings-and-free-shipping.md):
 * the sender's address, the carrier services offered, handling days and margin, the default box, the
 * store's own table (Padrão and Expressa by region) and the free-shipping rules. Stored as one row
 * (shipping_settings); config/store.json's `frete` is the seed and the defaults.
 */
export const REGIONS = ['N', 'NE', 'CO', 'SE', 'S'] as const
export const REGION_LABELS: Record<(typeof REGIONS)[number], string> = { N: 'Norte', NE: 'Nordeste', CO: 'Centro-Oeste', SE: 'Sudeste', S: 'Sul' }
export const UFS = [
  'AC',
  'AL',
  'AM',
  'AP',
  'BA',
  'CE',
  'DF',
  'ES',
  'GO',
  'MA',
  'MG',
  'MS',
  'MT',
  'PA',
  'PB',
  'PE',
  'PI',
  'PR',
  'RJ',
  'RN',
  'RO',
  'RR',
  'RS',
  'SC',
  'SE',
  'SP',
  'TO',
] as const

/** Melhor Envio's services the page offers to switch on (its ids, the names the store shows). */
export const KNOWN_SERVICES = [
  { id: 1, nome: 'PAC' },
  { id: 2, nome: 'SEDEX' },
  { id: 17, nome: 'Mini Envios' },
  { id: 3, nome: 'Jadlog .Package' },
  { id: 4, nome: 'Jadlog .Com' },
  { id: 31, nome: 'Loggi Express' },
  { id: 32, nome: 'Loggi Coleta' },
] as const

const int = (campo: string, min: number, max: number) =>
  z
    .number({ error: `${campo}: informe um número.` })
    .int(`${campo}: use um número inteiro.`)
    .min(min, `${campo}: o mínimo é ${min}.`)
    .max(max, `${campo}: o máximo é ${max}.`)
const reais = (campo: string) => int(campo, 0, 10_000_000)
const dias = (campo: string) => int(campo, 1, 60)
const porRegiao = (make: (regiao: string) => z.ZodNumber) =>
  z.strictObject({ N: make('Norte'), NE: make('Nordeste'), CO: make('Centro-Oeste'), SE: make('Sudeste'), S: make('Sul') })
const text = (campo: string, max: number) =>
  z
    .string({ error: `Informe ${campo}.` })
    .trim()
    .min(1, `Informe ${campo}.`)
    .max(max, `${campo}: até ${max} caracteres.`)
/** A CEP as 00000-000 (typed with or without the dash). */
const cep = (campo: string) =>
  z
    .string({ error: `${campo}: informe o CEP.` })
    .trim()
    .regex(/^\d{5}-?\d{3}$/, `${campo}: CEP no formato 00000-000.`)
    .transform((v) => `${v.replace('-', '').slice(0, 5)}-${v.replace('-', '').slice(5)}`)

export const FREE_SHIPPING_SCOPES = ['mais_barato', 'todos'] as const

/**
 * A free-shipping rule: where (UFs and/or CEP ranges; neither: all of Brazil), from which value of the
 * items (after automatic promotions and the coupon, before the Pix discount), and which deliveries
 * (the cheapest home delivery, or every one).
 */
export const freeShippingRuleSchema = z.strictObject({
  nome: text('o nome da regra', 60),
  ufs: z.array(z.enum(UFS, { error: 'UF desconhecida.' })).max(27),
  faixasCep: z
    .array(
      z
        .strictObject({ de: cep('Faixa de CEP, início'), ate: cep('Faixa de CEP, fim') })
        .refine((f) => f.de <= f.ate, 'Faixa de CEP: o início vem antes do fim.'),
    )
    .max(20, 'Até 20 faixas de CEP por regra.'),
  minimoCentavos: reais('Pedido mínimo'),
  servicos: z.enum(FREE_SHIPPING_SCOPES, { error: 'Diga a que entrega o frete grátis se aplica.' }),
})
export type FreeShippingRule = z.output<typeof freeShippingRuleSchema>

export const shippingSettingsSchema = z.strictObject({
  origem: z.strictObject({
    cep: cep('Origem'),
    logradouro: text('o logradouro de origem', 120),
    numero: text('o número de origem', 20),
    complemento: z.string().trim().max(60, 'Complemento: até 60 caracteres.'),
    bairro: text('o bairro de origem', 60),
    cidade: text('a cidade de origem', 60),
    uf: z.enum(UFS, { error: 'Origem: UF desconhecida.' }),
  }),
  servicos: z
    .array(z.strictObject({ id: int('Serviço', 1, 999), nome: text('o nome do serviço', 40) }))
    .min(2, 'Ofereça ao menos dois serviços (os índices 0 e 1 do checkout; a retirada fica no 2).')
    .max(8, 'No máximo 8 serviços.')
    .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'Serviço repetido.'),
  diasManuseio: int('Dias de manuseio', 0, 30),
  margemPercentual: int('Margem (%)', 0, 100),
  margemCentavos: reais('Margem (R$)'),
  caixaPadrao: z.strictObject({
    alturaMm: int('Caixa padrão, altura', 10, 2000),
    larguraMm: int('Caixa padrão, largura', 10, 2000),
    comprimentoMm: int('Caixa padrão, comprimento', 10, 2000),
    pesoG: int('Caixa padrão, peso', 1, 100_000),
  }),
  tabela: z.strictObject({
    padraoCentavos: reais('Padrão'),
    prazosDiasUteis: porRegiao((r) => dias(`Prazo do Padrão (${r})`)),
    expressa: z.strictObject({
      baseCentavos: porRegiao((r) => reais(`Expressa (${r})`)),
      kgIncluidos: int('Quilos incluídos na Expressa', 1, 100),
      kgAdicionalCentavos: porRegiao((r) => reais(`Quilo adicional (${r})`)),
      prazosDiasUteis: porRegiao((r) => dias(`Prazo da Expressa (${r})`)),
    }),
  }),
  freteGratis: z.array(freeShippingRuleSchema).max(20, 'Até 20 regras de frete grátis.'),
})
export type ShippingSettings = z.output<typeof shippingSettingsSchema>

export const shippingIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({
    intent: z.literal('salvar'),
    /** Read with shippingSettingsSchema by the action, so its refusal is the page's answer beside the form (not a thrown error). */
    settings: z.unknown(),
    /** The saved version the page was loaded with (null: never saved): someone else's save meanwhile is a conflict. */
    versao: z.string().max(40).nullable(),
  }),
])

export const SHIPPING_DONE = { saved: 'Configurações de frete salvas: valem a partir de agora, em todas as instâncias.' } as const
