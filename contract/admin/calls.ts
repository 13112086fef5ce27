/**
 * Method and path of every back-office call (/admin/api), by name: the one place an admin path is
 * written. Like contract/calls.ts it imports nothing, so the admin pages' client
 * (app/lib/admin-api.ts) ships no zod. Each area adds its calls here.
 */
export const adminCalls = {
  // ───────────── access (issue 18a) ─────────────
  entrar: { method: 'POST', path: '/admin/api/entrar' },
  entrarCodigo: { method: 'POST', path: '/admin/api/entrar/codigo' },
  sair: { method: 'POST', path: '/admin/api/sair' },
  aceitarConvite: { method: 'POST', path: '/admin/api/convites/aceitar' },
  totpInicio: { method: 'POST', path: '/admin/api/seguranca/totp/inicio' },
  totpAtivar: { method: 'POST', path: '/admin/api/seguranca/totp/ativar' },
  // ───────────── Equipe and Auditoria (Dono) ─────────────
  equipe: { method: 'GET', path: '/admin/api/equipe' },
  convidar: { method: 'POST', path: '/admin/api/equipe/convites' },
  mudarPapel: { method: 'POST', path: '/admin/api/equipe/{id}/papel' },
  mudarAtivo: { method: 'POST', path: '/admin/api/equipe/{id}/ativo' },
  removerTotp: { method: 'POST', path: '/admin/api/equipe/{id}/totp/remover' },
  auditoria: { method: 'GET', path: '/admin/api/auditoria' },
  // ───────────── Painel, Pedidos and Clientes (issue 18b) ─────────────
  painel: { method: 'GET', path: '/admin/api/painel' },
  pedidos: { method: 'GET', path: '/admin/api/pedidos' },
  pedido: { method: 'GET', path: '/admin/api/pedidos/{code}' },
  pedidoAvancar: { method: 'POST', path: '/admin/api/pedidos/{code}/avancar' },
  pedidoCancelar: { method: 'POST', path: '/admin/api/pedidos/{code}/cancelar' },
  pedidoNota: { method: 'POST', path: '/admin/api/pedidos/{code}/notas' },
  clientes: { method: 'GET', path: '/admin/api/clientes' },
  cliente: { method: 'GET', path: '/admin/api/clientes/{id}' },
  // ───────────── Produtos: the list and the product's own fields (issue 19a) ─────────────
  produtos: { method: 'GET', path: '/admin/api/produtos' },
  produto: { method: 'GET', path: '/admin/api/produtos/{id}' },
  produtoCriar: { method: 'POST', path: '/admin/api/produtos' },
  produtoSalvar: { method: 'POST', path: '/admin/api/produtos/{id}' },
  produtosLote: { method: 'POST', path: '/admin/api/produtos/lote' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>

export type AdminCallName = keyof typeof adminCalls
