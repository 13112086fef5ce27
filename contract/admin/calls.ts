/**
 * Method and path of every back-office call (/admin/api), by name: the one place an admin path is
 * written. Like contract/calls.ts it imports nothing, so the admin pages' client
 * (app/lib/admin-api.ts) ships no zod. Each area adds its calls here.
 */
export const adminCalls = {
  // ───────────── access ─────────────
  entrar: { method: 'POST', path: '/admin/api/entrar' },
  entrarCodigo: { method: 'POST', path: '/admin/api/entrar/codigo' },
  sair: { method: 'POST', path: '/admin/api/sair' },
  aceitarConvite: { method: 'POST', path: '/admin/api/convites/aceitar' },
  totpInicio: { method: 'POST', path: '/admin/api/seguranca/totp/inicio' },
  totpAtivar: { method: 'POST', path: '/admin/api/seguranca/totp/ativar' },
  // ───────────── Equipe (Dono) ─────────────
  convidar: { method: 'POST', path: '/admin/api/equipe/convites' },
  mudarPapel: { method: 'POST', path: '/admin/api/equipe/{id}/papel' },
  mudarAtivo: { method: 'POST', path: '/admin/api/equipe/{id}/ativo' },
  removerTotp: { method: 'POST', path: '/admin/api/equipe/{id}/totp/remover' },
  // ───────────── Pedidos and Clientes ─────────────
  pedidoAvancar: { method: 'POST', path: '/admin/api/pedidos/{code}/avancar' },
  pedidoCancelar: { method: 'POST', path: '/admin/api/pedidos/{code}/cancelar' },
  pedidoNota: { method: 'POST', path: '/admin/api/pedidos/{code}/notas' },
  // ───────────── after the sale ─────────────
  avaliacaoModerar: { method: 'POST', path: '/admin/api/avaliacoes/{id}' },
  mensagemResponder: { method: 'POST', path: '/admin/api/mensagens/{id}/responder' },
  mensagemEncerrar: { method: 'POST', path: '/admin/api/mensagens/{id}/encerrar' },
  devolucaoAprovar: { method: 'POST', path: '/admin/api/devolucoes/{id}/aprovar' },
  devolucaoReceber: { method: 'POST', path: '/admin/api/devolucoes/{id}/receber' },
  devolucaoReembolsar: { method: 'POST', path: '/admin/api/devolucoes/{id}/reembolsar' },
  devolucaoRecusar: { method: 'POST', path: '/admin/api/devolucoes/{id}/recusar' },
  // ───────────── product images, categories and brands ─────────────
  /** The body is the image file itself (XMLHttpRequest, for its upload progress). */
  imagemEnviar: { method: 'POST', path: '/admin/api/produtos/{id}/imagens' },
  imagensOrdem: { method: 'POST', path: '/admin/api/produtos/{id}/imagens/ordem' },
  imagemPrincipal: { method: 'POST', path: '/admin/api/produtos/{id}/imagens/{imagem}/principal' },
  imagemAlt: { method: 'POST', path: '/admin/api/produtos/{id}/imagens/{imagem}' },
  imagemExcluir: { method: 'POST', path: '/admin/api/produtos/{id}/imagens/{imagem}/excluir' },
  // ───────────── categories and brands ─────────────
  categoriaCriar: { method: 'POST', path: '/admin/api/categorias' },
  categoriaEditar: { method: 'POST', path: '/admin/api/categorias/{id}' },
  marcaCriar: { method: 'POST', path: '/admin/api/marcas' },
  marcaEditar: { method: 'POST', path: '/admin/api/marcas/{id}' },
  // ───────────── product editor: Variações and Estoque ─────────────
  estoqueAjustar: { method: 'POST', path: '/admin/api/produtos/{id}/estoque' },
  estoqueReceber: { method: 'POST', path: '/admin/api/produtos/{id}/estoque/receber' },
  variacaoGrupoCriar: { method: 'POST', path: '/admin/api/produtos/{id}/variacoes' },
  variacaoGruposOrdem: { method: 'POST', path: '/admin/api/produtos/{id}/variacoes/ordem' },
  variacaoGrupoRenomear: { method: 'POST', path: '/admin/api/produtos/{id}/variacoes/{grupo}' },
  variacaoGrupoRemover: { method: 'POST', path: '/admin/api/produtos/{id}/variacoes/{grupo}/remover' },
  variacaoValorCriar: { method: 'POST', path: '/admin/api/produtos/{id}/variacoes/{grupo}/valores' },
  variacaoValoresOrdem: { method: 'POST', path: '/admin/api/produtos/{id}/variacoes/{grupo}/valores/ordem' },
  variacaoValorAlterar: { method: 'POST', path: '/admin/api/produtos/{id}/valores/{valor}' },
  variacaoValorRemover: { method: 'POST', path: '/admin/api/produtos/{id}/valores/{valor}/remover' },
  // ───────────── catalog import ─────────────
  importacaoAplicar: { method: 'POST', path: '/admin/api/importacoes/{id}/aplicar' },
  importacaoCancelar: { method: 'POST', path: '/admin/api/importacoes/{id}/cancelar' },
  // ───────────── Produtos: the product's own fields and the bulk actions ─────────────
  produtoCriar: { method: 'POST', path: '/admin/api/produtos' },
  produtoSalvar: { method: 'POST', path: '/admin/api/produtos/{id}' },
  produtosLote: { method: 'POST', path: '/admin/api/produtos/lote' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>

export type AdminCallName = keyof typeof adminCalls
