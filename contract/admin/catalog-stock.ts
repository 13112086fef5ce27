// The product editor's Variations and Stock sections (issue 19): their calls under
// /admin/api/produtos/{id}/…, with pt-BR messages for every bad input.
import { z } from 'zod'

/** The most units one product or option may count (a typo of a few zeros is refused). */
export const MAX_STOCK = 1_000_000
/** A value's price at most: R$ 1.000.000,00. */
export const MAX_PRICE_CENTS = 100_000_000
export const GROUP_NAME_MAX = 60
export const VALUE_NAME_MAX = 80

const units = (n: number) => `${n.toLocaleString('pt-BR')} ${n === 1 ? 'unidade' : 'unidades'}`

export const STOCK_MESSAGES = {
  tipo: 'Informe o estoque em unidades (um número inteiro).',
  negativo: 'O estoque não pode ser negativo.',
  fracionado: 'O estoque é contado em unidades inteiras: use um número sem vírgula.',
  maximo: `O estoque vai até ${MAX_STOCK.toLocaleString('pt-BR')} unidades.`,
  esperado: 'Informe o estoque que a tela mostrava (recarregue a página).',
  receber: 'Informe quantas unidades chegaram: um número inteiro a partir de 1.',
  receberMaximo: `O estoque vai até ${MAX_STOCK.toLocaleString('pt-BR')} unidades: receba menos.`,
  produto: 'Produto não encontrado.',
  opcao: 'Variação não encontrada neste produto.',
  /** 409: someone (a shopper's order, another person) changed the count after the editor read it. */
  conflito: (atual: number) =>
    `O estoque mudou enquanto você editava (uma venda ou outra pessoa): agora há ${units(atual)}. Nada foi alterado — confira o número e salve de novo.`,
  ajustado: (n: number) => `Estoque ajustado para ${units(n)}.`,
  recebido: (n: number, total: number) => `${units(n)} ${n === 1 ? 'recebida' : 'recebidas'}: agora há ${units(total)}.`,
} as const

export const VARIATION_MESSAGES = {
  grupoNome: 'Dê um nome ao grupo (ex.: Cor, Memória).',
  grupoLongo: `Nome do grupo longo demais (até ${GROUP_NAME_MAX} caracteres).`,
  grupoRepetido: 'Este produto já tem um grupo com esse nome.',
  valorNome: 'Dê um nome ao valor (ex.: Azul, 128 GB).',
  valorLongo: `Nome do valor longo demais (até ${VALUE_NAME_MAX} caracteres).`,
  valorRepetido: 'Este grupo já tem um valor com esse nome.',
  preco: 'Preço inválido: informe um valor maior que zero (em centavos).',
  precoMaximo: 'Preço alto demais (até R$ 1.000.000,00).',
  ordem: 'A nova ordem deve listar cada item uma única vez (recarregue a página).',
  grupo: 'Grupo de variações não encontrado neste produto.',
  valor: 'Valor não encontrado neste produto.',
  nada: 'Nada a alterar: informe o nome, o preço ou se o valor está ativo.',
} as const

const id = (message: string) => z.coerce.number({ error: message }).int({ error: message }).positive({ error: message }).max(2_147_483_647, { error: message })

export const productIdParamsSchema = z.object({ id: id(STOCK_MESSAGES.produto) })
export const groupParamsSchema = z.object({ id: id(STOCK_MESSAGES.produto), grupo: id(VARIATION_MESSAGES.grupo) })
export const valueParamsSchema = z.object({ id: id(STOCK_MESSAGES.produto), valor: id(VARIATION_MESSAGES.valor) })

const count = (messages: { tipo: string; negativo: string; maximo: string }) =>
  z
    .number({ error: messages.tipo })
    .int({ error: STOCK_MESSAGES.fracionado })
    .min(0, { error: messages.negativo })
    .max(MAX_STOCK, { error: messages.maximo })

/** Whose stock: the product's own (no `opcao`, or null) or one option's. */
const opcao = id(STOCK_MESSAGES.opcao).nullable().optional()

/**
 * POST /admin/api/produtos/{id}/estoque — set a new count ('Ajuste') with optimistic concurrency:
 * `esperado` is the count the editor showed; if it changed meanwhile the call is refused (409).
 */
export const setStockRequestSchema = z.strictObject({
  opcao,
  esperado: count({ tipo: STOCK_MESSAGES.esperado, negativo: STOCK_MESSAGES.esperado, maximo: STOCK_MESSAGES.esperado }),
  novo: count({ tipo: STOCK_MESSAGES.tipo, negativo: STOCK_MESSAGES.negativo, maximo: STOCK_MESSAGES.maximo }),
})

/** POST /admin/api/produtos/{id}/estoque/receber — N units arrived ('Recebimento'): a relative change. */
export const receiveStockRequestSchema = z.strictObject({
  opcao,
  quantidade: z
    .number({ error: STOCK_MESSAGES.receber })
    .int({ error: STOCK_MESSAGES.receber })
    .min(1, { error: STOCK_MESSAGES.receber })
    .max(MAX_STOCK, { error: STOCK_MESSAGES.receberMaximo }),
})

export const stockChangeResponseSchema = z.object({
  estado: z.literal('sucesso'),
  opcao: z.number().int().nullable(),
  antes: z.number().int(),
  depois: z.number().int(),
  msg: z.string(),
})

/** Trimmed, inner runs of spaces made one. */
const name = (empty: string, long: string, max: number) =>
  z
    .string({ error: empty })
    .transform((s) => s.replace(/\s+/g, ' ').trim())
    .pipe(z.string().min(1, { error: empty }).max(max, { error: long }))

const groupName = name(VARIATION_MESSAGES.grupoNome, VARIATION_MESSAGES.grupoLongo, GROUP_NAME_MAX)
const valueName = name(VARIATION_MESSAGES.valorNome, VARIATION_MESSAGES.valorLongo, VALUE_NAME_MAX)
const priceCents = z
  .number({ error: VARIATION_MESSAGES.preco })
  .int({ error: VARIATION_MESSAGES.preco })
  .min(1, { error: VARIATION_MESSAGES.preco })
  .max(MAX_PRICE_CENTS, { error: VARIATION_MESSAGES.precoMaximo })

/** POST /admin/api/produtos/{id}/variacoes — a new option group. */
export const createGroupRequestSchema = z.strictObject({ nome: groupName })
/** POST /admin/api/produtos/{id}/variacoes/{grupo} — rename a group. */
export const renameGroupRequestSchema = z.strictObject({ nome: groupName })

/** Every id of the list, in the new order (…/variacoes/ordem, …/variacoes/{grupo}/valores/ordem). */
export const reorderRequestSchema = z.strictObject({
  ordem: z.array(id(VARIATION_MESSAGES.ordem), { error: VARIATION_MESSAGES.ordem }).min(1, { error: VARIATION_MESSAGES.ordem }).max(500, { error: VARIATION_MESSAGES.ordem }),
})

/**
 * POST /admin/api/produtos/{id}/variacoes/{grupo}/valores — a new value: its price in centavos
 * (absent or null: the product's current price) and its first stock.
 */
export const createValueRequestSchema = z.strictObject({
  nome: valueName,
  precoCents: priceCents.nullable().optional(),
  estoque: count({ tipo: STOCK_MESSAGES.tipo, negativo: STOCK_MESSAGES.negativo, maximo: STOCK_MESSAGES.maximo }).optional(),
})

/** POST /admin/api/produtos/{id}/valores/{valor} — rename, reprice, or (re)activate a value. */
export const updateValueRequestSchema = z
  .strictObject({ nome: valueName.optional(), precoCents: priceCents.optional(), ativo: z.boolean({ error: 'Campo ativo inválido.' }).optional() })
  .refine((v) => v.nome !== undefined || v.precoCents !== undefined || v.ativo !== undefined, { error: VARIATION_MESSAGES.nada })

export const variationChangeResponseSchema = z.looseObject({ estado: z.literal('sucesso'), msg: z.string() })
