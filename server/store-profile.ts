import { isValidPixKey } from '@brazilian-utils/brazilian-utils/is-valid-pix-key'
import { z } from 'zod'
import raw from '../config/store.json' with { type: 'json' }

const prazoDiasUteis = z.number().int().min(1).max(60)
/** One value for each region of Brazil (server/domain/shipping/regions.ts). */
const porRegiao = <T extends z.ZodType>(value: T) => z.object({ N: value, NE: value, CO: value, SE: value, S: value })

/** The store's public profile: one file (config/store.json) feeding the footer, prices and payments. */
export const storeProfileSchema = z.object({
  nome: z.string().min(1),
  razaoSocial: z.string().min(1),
  cnpj: z.string().regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'CNPJ no formato 00.000.000/0000-00'),
  endereco: z.object({
    logradouro: z.string(),
    numero: z.string(),
    complemento: z.string().optional(),
    bairro: z.string(),
    cidade: z.string(),
    uf: z.string().length(2),
    cep: z.string().regex(/^\d{5}-\d{3}$/),
  }),
  whatsapp: z.string().min(8),
  email: z.email(),
  horarios: z.array(z.object({ dias: z.string(), abre: z.string(), fecha: z.string() })).min(1),
  redesSociais: z.array(z.object({ rede: z.string(), url: z.url() })),
  pix: z.object({
    chave: z.string().refine((v) => isValidPixKey(v), 'chave Pix inválida (CPF, CNPJ, e-mail, celular ou aleatória)'),
    cidade: z.string().max(15),
    beneficiario: z.string().max(25),
    descontoPercentual: z.number().min(0).max(50),
    /** How long a Pix code is offered before the unpaid order is cancelled. */
    validadeMinutos: z
      .number()
      .int()
      .min(5)
      .max(7 * 24 * 60),
  }),
  /**
   * The collection account boletos are issued for (server/integrations/payments/boleto.ts, decision
   * 0017): Banco do Brasil, convênio of 7 digits; agência and conta as printed on the slip.
   */
  boleto: z.object({
    banco: z.literal('001'),
    agencia: z.string().regex(/^\d{4}-[\dX]$/, 'agência no formato 0000-0'),
    conta: z.string().regex(/^\d{1,8}-[\dX]$/, 'conta no formato 00000000-0'),
    carteira: z.string().regex(/^\d{2}$/, 'carteira de 2 dígitos'),
    convenio: z.string().regex(/^\d{7}$/, 'convênio de 7 dígitos'),
    prazoDiasUteis: z.number().int().min(1).max(30),
  }),
  parcelamento: z.object({
    maxParcelasSemJuros: z.number().int().min(1).max(24),
    parcelaMinimaCentavos: z.number().int().min(100),
  }),
  /**
   * The standard shipping rate (centavos) and delivery time in business days per region of the
   * destination CEP (server/domain/shipping, decision 0015).
   */
  frete: z.object({
    padraoCentavos: z.number().int().min(0),
    prazosDiasUteis: porRegiao(prazoDiasUteis),
    /** 'Padrão' is free from this subtotal (centavos, list prices); absent: never free. */
    gratisAcimaCentavos: z.number().int().min(1).optional(),
    /**
     * 'Expressa' (checkout option 1, decision 0025): the region's price up to `kgIncluidos`, plus
     * `kgAdicionalCentavos` per started kg of the chargeable weight (the larger of real and cubic).
     */
    expressa: z.object({
      baseCentavos: porRegiao(z.number().int().min(0)),
      kgIncluidos: z.number().int().min(1),
      kgAdicionalCentavos: porRegiao(z.number().int().min(0)),
      prazosDiasUteis: porRegiao(prazoDiasUteis),
    }),
    /** Pickup stations of option 2 ('Retirar em uma estação'), free, ready in `prazoDiasUteis`. */
    estacoes: z.array(z.object({ id: z.string().regex(/^[a-z0-9-]{2,40}$/), nome: z.string().min(1), endereco: z.string().min(1) })).min(1),
    estacaoPrazoDiasUteis: prazoDiasUteis,
    /**
     * Quotes by a carrier platform (SHIPPING_PROVIDER=melhorenvio, decision 0128): the services offered,
     * in the order checkout lists them (the first two at indexes 0 and 1, the pickup stays at 2, the
     * rest after it), the days the store takes to hand a parcel over, the store's margin on the
     * carrier's price, how long a quote holds, the box of a product without measures, and the sender.
     */
    transportadoras: z
      .object({
        servicos: z
          .array(z.object({ id: z.number().int().min(1), nome: z.string().trim().min(1).max(40) }))
          .min(2, 'ao menos dois serviços (os índices 0 e 1 do checkout; a retirada fica no 2)')
          .max(8)
          .refine((list) => new Set(list.map((s) => s.id)).size === list.length, 'serviços repetidos'),
        diasManuseio: z.number().int().min(0).max(30),
        margemPercentual: z.number().min(0).max(100).default(0),
        margemCentavos: z.number().int().min(0).default(0),
        validadeMinutos: z.number().int().min(1).max(60),
        /** A product whose height, width, length or weight is 0 ships in this box (mm and g). */
        caixaPadrao: z.object({
          alturaMm: z.number().int().min(10),
          larguraMm: z.number().int().min(10),
          comprimentoMm: z.number().int().min(10),
          pesoG: z.number().int().min(1),
        }),
        /** The sender; absent fields are the store's own (`cnpj`, `endereco`). */
        remetente: z
          .object({
            cep: z
              .string()
              .regex(/^\d{5}-\d{3}$/, 'CEP no formato 00000-000')
              .optional(),
            cnpj: z
              .string()
              .regex(/^\d{2}\.\d{3}\.\d{3}\/\d{4}-\d{2}$/, 'CNPJ no formato 00.000.000/0000-00')
              .optional(),
          })
          .default({}),
      })
      .default({
        servicos: [
          { id: 1, nome: 'PAC' },
          { id: 2, nome: 'SEDEX' },
        ],
        diasManuseio: 1,
        margemPercentual: 0,
        margemCentavos: 0,
        validadeMinutos: 5,
        caixaPadrao: { alturaMm: 100, larguraMm: 150, comprimentoMm: 200, pesoG: 500 },
        remetente: {},
      }),
  }),
  appUrl: z.string(),
  /**
   * What the store's NF-e says of the issuer and which tax codes apply (docs/decisions/0129-nfe.md;
   * the accountant decides them): the inscrição estadual, the regime (1 Simples Nacional, 2 Simples
   * excesso de sublimite, 3 Regime Normal), the series, the ICMS code of a sale and of a return (CSOSN
   * under the Simples, CST otherwise), PIS and COFINS CST, and whether a paid order is invoiced by
   * itself ('automatica') or by staff from the order page ('manual').
   */
  fiscal: z
    .object({
      inscricaoEstadual: z.string().regex(/^(\d{2,14}|ISENTO)$/, 'inscrição estadual: só os dígitos, ou ISENTO'),
      regimeTributario: z.union([z.literal(1), z.literal(2), z.literal(3)]),
      serie: z.number().int().min(1).max(889),
      emissao: z.enum(['automatica', 'manual']).default('automatica'),
      naturezaVenda: z.string().min(1).max(60),
      naturezaDevolucao: z.string().min(1).max(60),
      icmsVenda: z.string().regex(/^\d{2,3}$/),
      icmsDevolucao: z.string().regex(/^\d{2,3}$/),
      pisCst: z.string().regex(/^\d{2}$/),
      cofinsCst: z.string().regex(/^\d{2}$/),
    })
    .refine((f) => (f.regimeTributario === 3 ? f.icmsVenda.length === 2 : f.icmsVenda.length === 3), {
      message: 'no Simples Nacional o ICMS é um CSOSN de 3 dígitos; no Regime Normal, um CST de 2',
      path: ['icmsVenda'],
    }),
})

export type StoreProfile = z.infer<typeof storeProfileSchema>

export const storeProfile: StoreProfile = storeProfileSchema.parse(raw)
