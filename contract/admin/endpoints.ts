import { z } from 'zod'
import { adminCalls } from './calls'
import {
  aceitarConviteRequestSchema,
  ativoRequestSchema,
  auditoriaQuerySchema,
  auditoriaResponseSchema,
  codigoRequestSchema,
  convidarRequestSchema,
  entrarRequestSchema,
  entrarResponseSchema,
  equipeResponseSchema,
  papelRequestSchema,
  staffIdParamsSchema,
  sucessoSchema,
  totpInicioResponseSchema,
} from './staff'
import { customerIdParamsSchema, customerSearchQuerySchema } from './customers'
import {
  productBulkResponseSchema,
  productBulkSchema,
  productCreateSchema,
  productIdParamsSchema,
  productListQuerySchema,
  productSavedResponseSchema,
  productUpdateSchema,
} from './products'
import {
  adminReadResponseSchema,
  advanceRequestSchema,
  advanceResponseSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  noteRequestSchema,
  noteResponseSchema,
  orderCodeParamsSchema,
  orderListQuerySchema,
} from './orders'

/**
 * The back office's registry: each call's method and path (calls.ts) with its schemas. The server
 * validates with these; the admin client takes its types from them. Other areas add their entries.
 */
const none = z.strictObject({})
export const adminEndpoints = {
  entrar: { ...adminCalls.entrar, request: entrarRequestSchema, response: entrarResponseSchema },
  entrarCodigo: { ...adminCalls.entrarCodigo, request: codigoRequestSchema, response: sucessoSchema },
  sair: { ...adminCalls.sair, request: none, response: sucessoSchema },
  aceitarConvite: { ...adminCalls.aceitarConvite, request: aceitarConviteRequestSchema, response: sucessoSchema },
  totpInicio: { ...adminCalls.totpInicio, request: none, response: totpInicioResponseSchema },
  totpAtivar: { ...adminCalls.totpAtivar, request: codigoRequestSchema, response: sucessoSchema },
  equipe: { ...adminCalls.equipe, response: equipeResponseSchema },
  convidar: { ...adminCalls.convidar, request: convidarRequestSchema, response: sucessoSchema },
  mudarPapel: { ...adminCalls.mudarPapel, params: staffIdParamsSchema, request: papelRequestSchema, response: sucessoSchema },
  mudarAtivo: { ...adminCalls.mudarAtivo, params: staffIdParamsSchema, request: ativoRequestSchema, response: sucessoSchema },
  removerTotp: { ...adminCalls.removerTotp, params: staffIdParamsSchema, response: sucessoSchema },
  auditoria: { ...adminCalls.auditoria, query: auditoriaQuerySchema, response: auditoriaResponseSchema },
  painel: { ...adminCalls.painel, response: adminReadResponseSchema },
  pedidos: { ...adminCalls.pedidos, query: orderListQuerySchema, response: adminReadResponseSchema },
  pedido: { ...adminCalls.pedido, params: orderCodeParamsSchema, response: adminReadResponseSchema },
  pedidoAvancar: { ...adminCalls.pedidoAvancar, params: orderCodeParamsSchema, request: advanceRequestSchema, response: advanceResponseSchema },
  pedidoCancelar: { ...adminCalls.pedidoCancelar, params: orderCodeParamsSchema, request: cancelRequestSchema, response: cancelResponseSchema },
  pedidoNota: { ...adminCalls.pedidoNota, params: orderCodeParamsSchema, request: noteRequestSchema, response: noteResponseSchema },
  clientes: { ...adminCalls.clientes, query: customerSearchQuerySchema, response: adminReadResponseSchema },
  cliente: { ...adminCalls.cliente, params: customerIdParamsSchema, response: adminReadResponseSchema },
  produtos: { ...adminCalls.produtos, query: productListQuerySchema, response: adminReadResponseSchema },
  produto: { ...adminCalls.produto, params: productIdParamsSchema, response: adminReadResponseSchema },
  produtoCriar: { ...adminCalls.produtoCriar, request: productCreateSchema, response: productSavedResponseSchema },
  produtoSalvar: { ...adminCalls.produtoSalvar, params: productIdParamsSchema, request: productUpdateSchema, response: productSavedResponseSchema },
  produtosLote: { ...adminCalls.produtosLote, request: productBulkSchema, response: productBulkResponseSchema },
} as const

export type AdminEndpointName = keyof typeof adminEndpoints
