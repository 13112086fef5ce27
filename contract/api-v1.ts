// The integrations API (/api/v1): every request and answer as a zod schema, the one source of the
// validation and of the OpenAPI 3.1 document (server/http/api-v1/openapi.ts). Field names are pt-BR,
// money in reais with two decimals, times in ISO 8601 (UTC). docs/api/README.md tells the story.
import { z } from 'zod'
import { deliveryAddressSchema } from './address'
import { CARRIER_IDS } from './carriers'

export const API_V1_SCOPES = ['pedidos:ler', 'pedidos:escrever', 'produtos:ler', 'produtos:escrever', 'estoque:escrever', 'webhooks:gerenciar'] as const
export const API_V1_EVENTS = [
  'pedido.criado',
  'pedido.pago',
  'pedido.cancelado',
  'pedido.enviado',
  'pedido.entregue',
  'nota_fiscal.emitida',
  'devolucao.recebida',
  'produto.atualizado',
  'estoque.alterado',
] as const
export const API_V1_ORDER_STATUSES = ['aguardando_pagamento', 'pago', 'em_separacao', 'enviado', 'entregue', 'cancelado', 'expirado'] as const

/** Calls per key per minute (429 with Retry-After past it). */
export const API_V1_RATE_PER_MINUTE = 600
export const API_V1_PAGE_MAX = 100

const reais = z.number().meta({ description: 'Valor em reais, com duas casas decimais' })
const when = z.string().meta({ format: 'date-time' })

export const apiErrorSchema = z
  .object({ erro: z.object({ codigo: z.string().meta({ example: 'integrations.scope' }), mensagem: z.string() }) })
  .meta({ id: 'Erro', description: 'Toda recusa: um código estável e uma frase em português.' })

const cursor = z.string().max(200).optional().meta({ description: 'O campo "proximo" da página anterior' })
const limit = z.coerce
  .number({ error: 'limite deve ser um número.' })
  .int('limite deve ser inteiro.')
  .min(1, 'limite vai de 1 a 100.')
  .max(API_V1_PAGE_MAX, 'limite vai de 1 a 100.')
  .default(50)

export const orderListQuerySchema = z.object({
  status: z.enum(API_V1_ORDER_STATUSES, { error: 'status inválido.' }).optional(),
  atualizado_desde: z.iso.datetime({ offset: true, error: 'atualizado_desde deve ser uma data ISO 8601, ex.: 2026-01-31T12:00:00Z.' }).optional(),
  cursor,
  limite: limit,
})

export const orderSummarySchema = z
  .object({
    codigo: z.string(),
    status: z.enum(API_V1_ORDER_STATUSES),
    total: reais,
    metodo_pagamento: z.enum(['pix', 'cartao', 'boleto']),
    criado_em: when,
    atualizado_em: when,
  })
  .meta({ id: 'PedidoResumo' })

export const orderPageSchema = z
  .object({ dados: z.array(orderSummarySchema), proximo: z.string().nullable().meta({ description: 'Cursor da próxima página; null na última' }) })
  .meta({ id: 'PaginaDePedidos' })

export const invoiceViewSchema = z
  .object({
    chave: z.string().nullable(),
    numero: z.number().int().nullable(),
    serie: z.number().int().nullable(),
    situacao: z.enum(['pendente', 'processando', 'autorizada', 'rejeitada', 'cancelada']),
    origem: z.enum(['focusnfe', 'erp']),
    xml_url: z.string().nullable(),
    autorizada_em: when.nullable(),
  })
  .meta({ id: 'NotaFiscal' })

export const orderDetailSchema = orderSummarySchema
  .extend({
    pago_em: when.nullable(),
    comprador: z.object({ nome: z.string(), email: z.string(), cpf: z.string(), celular: z.string() }),
    endereco: deliveryAddressSchema,
    itens: z.array(
      z.object({
        sku: z.string().nullable(),
        titulo: z.string(),
        variacao: z.string().nullable(),
        quantidade: z.number().int(),
        preco_unitario: reais,
        total: reais,
        desconto: reais,
      }),
    ),
    pagamento: z.object({ metodo: z.enum(['pix', 'cartao', 'boleto']), parcelas: z.number().int(), situacao: z.string().nullable() }),
    descontos: z.array(z.object({ tipo: z.string(), nome: z.string(), valor: reais })),
    frete: z.object({
      metodo: z.string(),
      servico: z.string().nullable(),
      prazo_dias: z.number().int().nullable(),
      valor: reais,
      transportadora: z.string().nullable(),
      rastreio: z.string().nullable(),
    }),
    subtotal: reais,
    desconto: reais,
    nota_fiscal: invoiceViewSchema.nullable(),
  })
  .meta({ id: 'Pedido' })

export const invoiceRequestSchema = z
  .strictObject({
    chave: z
      .string({ error: 'Informe a chave de acesso (chave).' })
      .trim()
      .regex(/^\d{44}$/, 'A chave de acesso tem 44 dígitos.'),
    numero: z.number({ error: 'Informe o número da nota (numero).' }).int('numero deve ser inteiro.').min(1).max(999_999_999),
    serie: z.number({ error: 'Informe a série (serie).' }).int('serie deve ser inteira.').min(0).max(999),
    xml_url: z
      .url({ protocol: /^https?$/, error: 'xml_url deve ser uma URL http(s).' })
      .max(2000)
      .optional(),
  })
  .meta({ id: 'NotaFiscalDoErp' })

export const shipmentRequestSchema = z
  .strictObject({
    transportadora: z.enum(CARRIER_IDS, { error: `transportadora: ${CARRIER_IDS.join(', ')}.` }),
    rastreio: z
      .string({ error: 'Informe o código de rastreio.' })
      .trim()
      .min(4, 'Código de rastreio curto demais.')
      .max(60, 'Código de rastreio longo demais.'),
  })
  .meta({ id: 'Envio' })

export const productListQuerySchema = z.object({ cursor, limite: limit })

export const productSchema = z
  .object({
    sku: z.string(),
    titulo: z.string(),
    ativo: z.boolean(),
    preco: reais,
    preco_de: reais.nullable(),
    estoque: z.number().int().meta({ description: 'O que o produto pode vender: a soma das opções ativas quando tem variações' }),
    atualizado_em: when,
    variacoes: z.array(
      z.object({
        nome: z.string(),
        opcoes: z.array(z.object({ codigo: z.string(), nome: z.string(), preco: reais, estoque: z.number().int(), ativa: z.boolean() })),
      }),
    ),
  })
  .meta({ id: 'Produto' })

export const productPageSchema = z.object({ dados: z.array(productSchema), proximo: z.string().nullable() }).meta({ id: 'PaginaDeProdutos' })

const money = (label: string) =>
  z
    .number({ error: `${label} deve ser um número em reais.` })
    .positive(`${label} deve ser maior que zero.`)
    .max(1_000_000, `${label} acima do limite.`)
    .refine((v) => Math.abs(Math.round(v * 100) - v * 100) < 1e-6, `${label}: no máximo duas casas decimais.`)

export const productPatchSchema = z
  .strictObject({ preco: money('preco').optional(), preco_de: money('preco_de').nullable().optional() })
  .refine((v) => v.preco !== undefined || v.preco_de !== undefined, 'Informe preco e/ou preco_de.')
  .meta({ id: 'AlteracaoDePreco' })

const option = z.string().trim().min(1).max(64).optional().meta({ description: 'O código da opção (variações); obrigatório quando o produto tem variações' })

export const stockSetSchema = z
  .strictObject({
    quantidade: z.number({ error: 'Informe a quantidade.' }).int('quantidade deve ser inteira.').min(0, 'quantidade não pode ser negativa.').max(1_000_000),
    opcao: option,
  })
  .meta({ id: 'Estoque' })

export const stockAdjustSchema = z
  .strictObject({
    delta: z.number({ error: 'Informe o delta.' }).int('delta deve ser inteiro.').min(-1_000_000).max(1_000_000),
    motivo: z.string({ error: 'Informe o motivo.' }).trim().min(1, 'Informe o motivo.').max(200, 'Motivo longo demais (até 200 caracteres).'),
    opcao: option,
  })
  .meta({ id: 'AjusteDeEstoque' })

export const stockAnswerSchema = z
  .object({ sku: z.string(), opcao: z.string().nullable(), antes: z.number().int(), depois: z.number().int() })
  .meta({ id: 'EstoqueAlterado' })

export const webhookCreateSchema = z
  .strictObject({
    url: z.string({ error: 'Informe a url.' }).trim().min(1).max(2000),
    eventos: z.array(z.enum(API_V1_EVENTS, { error: `eventos: ${API_V1_EVENTS.join(', ')}.` })).min(1, 'Escolha ao menos um evento.'),
  })
  .meta({ id: 'NovoWebhook' })

export const webhookSchema = z
  .object({
    id: z.number().int(),
    url: z.string(),
    eventos: z.array(z.enum(API_V1_EVENTS)),
    ativo: z.boolean(),
    criado_em: when,
    segredo_anterior_valido_ate: when
      .nullable()
      .meta({ description: 'Depois de uma rotação: até quando as mensagens também saem assinadas com o segredo anterior; null fora disso' }),
  })
  .meta({ id: 'Webhook' })

export const webhookCreatedSchema = webhookSchema
  .extend({ segredo: z.string().meta({ description: 'whsec_…: mostrado só nesta resposta; verifica as assinaturas (Standard Webhooks)' }) })
  .meta({ id: 'WebhookCriado' })

export const webhookRotatedSchema = webhookSchema
  .extend({
    segredo: z
      .string()
      .meta({ description: 'O novo whsec_…: mostrado só nesta resposta. As mensagens levam as duas assinaturas até segredo_anterior_valido_ate' }),
  })
  .meta({ id: 'WebhookSegredoNovo' })

export const webhookListSchema = z.object({ dados: z.array(webhookSchema) }).meta({ id: 'ListaDeWebhooks' })

export const webhookTestSchema = z
  .object({ entregue: z.boolean(), status: z.number().int().nullable(), duracao_ms: z.number().int(), erro: z.string().nullable() })
  .meta({ id: 'TesteDeWebhook' })

export const webhookMessageSchema = z
  .object({ type: z.enum(API_V1_EVENTS), timestamp: when, data: z.record(z.string(), z.unknown()) })
  .meta({ id: 'MensagemDeWebhook', description: 'O corpo de cada webhook; cabeçalhos webhook-id, webhook-timestamp e webhook-signature (v1,…).' })
