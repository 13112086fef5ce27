import { z } from 'zod'
import { adminCalls } from './calls'
import {
  aceitarConviteRequestSchema,
  ativoRequestSchema,
  codigoRequestSchema,
  convidarRequestSchema,
  entrarRequestSchema,
  entrarResponseSchema,
  papelRequestSchema,
  staffIdParamsSchema,
  sucessoSchema,
  totpInicioResponseSchema,
} from './staff'
import {
  approveRequestSchema,
  emptyRequestSchema,
  messageActionResponseSchema,
  messageIdParamsSchema,
  messageReplyRequestSchema,
  moderateRequestSchema,
  moderateResponseSchema,
  receiveRequestSchema,
  refundReturnRequestSchema,
  refundReturnResponseSchema,
  refuseReturnRequestSchema,
  returnActionResponseSchema,
  returnIdParamsSchema,
  reviewIdParamsSchema,
} from './after-sale'
import { importIdParamsSchema, importResponseSchema } from './catalog-import'
import {
  createGroupRequestSchema,
  createValueRequestSchema,
  groupParamsSchema,
  receiveStockRequestSchema,
  renameGroupRequestSchema,
  reorderRequestSchema as variationOrderRequestSchema,
  setStockRequestSchema,
  stockChangeResponseSchema,
  updateValueRequestSchema,
  valueParamsSchema,
  variationChangeResponseSchema,
} from './catalog-stock'
import {
  productBulkResponseSchema,
  productBulkSchema,
  productCreateSchema,
  productIdParamsSchema,
  productSavedResponseSchema,
  productUpdateSchema,
} from './products'
import {
  advanceRequestSchema,
  advanceResponseSchema,
  cancelRequestSchema,
  cancelResponseSchema,
  noteRequestSchema,
  noteResponseSchema,
  orderCodeParamsSchema,
} from './orders'
import {
  brandResponseSchema,
  categoryResponseSchema,
  createBrandRequestSchema,
  createCategoryRequestSchema,
  idParamsSchema,
  updateBrandRequestSchema,
  updateCategoryRequestSchema,
} from './taxonomy'
import { altRequestSchema, imageOrderRequestSchema, imageOrderResponseSchema, imageParamsSchema, imageResponseSchema, uploadQuerySchema } from './images'

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
  convidar: { ...adminCalls.convidar, request: convidarRequestSchema, response: sucessoSchema },
  mudarPapel: { ...adminCalls.mudarPapel, params: staffIdParamsSchema, request: papelRequestSchema, response: sucessoSchema },
  mudarAtivo: { ...adminCalls.mudarAtivo, params: staffIdParamsSchema, request: ativoRequestSchema, response: sucessoSchema },
  removerTotp: { ...adminCalls.removerTotp, params: staffIdParamsSchema, response: sucessoSchema },
  pedidoAvancar: { ...adminCalls.pedidoAvancar, params: orderCodeParamsSchema, request: advanceRequestSchema, response: advanceResponseSchema },
  pedidoCancelar: { ...adminCalls.pedidoCancelar, params: orderCodeParamsSchema, request: cancelRequestSchema, response: cancelResponseSchema },
  pedidoNota: { ...adminCalls.pedidoNota, params: orderCodeParamsSchema, request: noteRequestSchema, response: noteResponseSchema },
  avaliacaoModerar: { ...adminCalls.avaliacaoModerar, params: reviewIdParamsSchema, request: moderateRequestSchema, response: moderateResponseSchema },
  mensagemResponder: {
    ...adminCalls.mensagemResponder,
    params: messageIdParamsSchema,
    request: messageReplyRequestSchema,
    response: messageActionResponseSchema,
  },
  mensagemEncerrar: { ...adminCalls.mensagemEncerrar, params: messageIdParamsSchema, request: emptyRequestSchema, response: messageActionResponseSchema },
  devolucaoAprovar: { ...adminCalls.devolucaoAprovar, params: returnIdParamsSchema, request: approveRequestSchema, response: returnActionResponseSchema },
  devolucaoReceber: { ...adminCalls.devolucaoReceber, params: returnIdParamsSchema, request: receiveRequestSchema, response: returnActionResponseSchema },
  devolucaoReembolsar: {
    ...adminCalls.devolucaoReembolsar,
    params: returnIdParamsSchema,
    request: refundReturnRequestSchema,
    response: refundReturnResponseSchema,
  },
  devolucaoRecusar: { ...adminCalls.devolucaoRecusar, params: returnIdParamsSchema, request: refuseReturnRequestSchema, response: returnActionResponseSchema },
  imagemEnviar: { ...adminCalls.imagemEnviar, params: productIdParamsSchema, query: uploadQuerySchema, response: imageResponseSchema },
  imagensOrdem: { ...adminCalls.imagensOrdem, params: productIdParamsSchema, request: imageOrderRequestSchema, response: imageOrderResponseSchema },
  imagemPrincipal: { ...adminCalls.imagemPrincipal, params: imageParamsSchema, response: imageOrderResponseSchema },
  imagemAlt: { ...adminCalls.imagemAlt, params: imageParamsSchema, request: altRequestSchema, response: imageResponseSchema },
  imagemExcluir: { ...adminCalls.imagemExcluir, params: imageParamsSchema, response: imageOrderResponseSchema },
  categoriaCriar: { ...adminCalls.categoriaCriar, request: createCategoryRequestSchema, response: categoryResponseSchema },
  categoriaEditar: { ...adminCalls.categoriaEditar, params: idParamsSchema, request: updateCategoryRequestSchema, response: categoryResponseSchema },
  marcaCriar: { ...adminCalls.marcaCriar, request: createBrandRequestSchema, response: brandResponseSchema },
  marcaEditar: { ...adminCalls.marcaEditar, params: idParamsSchema, request: updateBrandRequestSchema, response: brandResponseSchema },
  estoqueAjustar: { ...adminCalls.estoqueAjustar, params: productIdParamsSchema, request: setStockRequestSchema, response: stockChangeResponseSchema },
  estoqueReceber: { ...adminCalls.estoqueReceber, params: productIdParamsSchema, request: receiveStockRequestSchema, response: stockChangeResponseSchema },
  variacaoGrupoCriar: {
    ...adminCalls.variacaoGrupoCriar,
    params: productIdParamsSchema,
    request: createGroupRequestSchema,
    response: variationChangeResponseSchema,
  },
  variacaoGruposOrdem: {
    ...adminCalls.variacaoGruposOrdem,
    params: productIdParamsSchema,
    request: variationOrderRequestSchema,
    response: variationChangeResponseSchema,
  },
  variacaoGrupoRenomear: {
    ...adminCalls.variacaoGrupoRenomear,
    params: groupParamsSchema,
    request: renameGroupRequestSchema,
    response: variationChangeResponseSchema,
  },
  variacaoGrupoRemover: { ...adminCalls.variacaoGrupoRemover, params: groupParamsSchema, response: variationChangeResponseSchema },
  variacaoValorCriar: {
    ...adminCalls.variacaoValorCriar,
    params: groupParamsSchema,
    request: createValueRequestSchema,
    response: variationChangeResponseSchema,
  },
  variacaoValoresOrdem: {
    ...adminCalls.variacaoValoresOrdem,
    params: groupParamsSchema,
    request: variationOrderRequestSchema,
    response: variationChangeResponseSchema,
  },
  variacaoValorAlterar: {
    ...adminCalls.variacaoValorAlterar,
    params: valueParamsSchema,
    request: updateValueRequestSchema,
    response: variationChangeResponseSchema,
  },
  variacaoValorRemover: { ...adminCalls.variacaoValorRemover, params: valueParamsSchema, response: variationChangeResponseSchema },
  importacaoAplicar: { ...adminCalls.importacaoAplicar, params: importIdParamsSchema, response: importResponseSchema },
  importacaoCancelar: { ...adminCalls.importacaoCancelar, params: importIdParamsSchema, response: importResponseSchema },
  produtoCriar: { ...adminCalls.produtoCriar, request: productCreateSchema, response: productSavedResponseSchema },
  produtoSalvar: { ...adminCalls.produtoSalvar, params: productIdParamsSchema, request: productUpdateSchema, response: productSavedResponseSchema },
  produtosLote: { ...adminCalls.produtosLote, request: productBulkSchema, response: productBulkResponseSchema },
} as const

export type AdminEndpointName = keyof typeof adminEndpoints
