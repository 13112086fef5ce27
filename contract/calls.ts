/**
 * Method and path of every call of docs/requirements.md, by the name the registry (endpoints.ts) gives it. It is
 * the one place a wire path is written, and it imports nothing: the browser's API client
 * (app/lib/api.ts) reads it without shipping zod and the schemas, which endpoints.ts adds to each
 * entry (`...calls.name`) with its summary and `implemented` flag. A new call starts here.
 *
 * `path` uses OpenAPI templating (`{id}`): the client fills those segments from the call's input.
 */
export const calls = {
  // ───────────── menu and footer ─────────────
  dataMenu: { method: 'GET', path: '/_next/api/DataMenu/' },
  newsletter: { method: 'POST', path: '/_next/api/newsletter/' },
  newsletterConfirmar: { method: 'POST', path: '/_next/api/newsletter/confirmar/' },
  newsletterSair: { method: 'POST', path: '/_next/api/newsletter/sair/' },

  // ───────────── catalog ─────────────
  inicioSlider: { method: 'GET', path: '/_next/api/inicio' },
  inicioCed: { method: 'GET', path: '/_next/api/inicio' },
  inicioTopPdts: { method: 'GET', path: '/_next/api/inicio' },
  inicioRecentes: { method: 'GET', path: '/_next/api/inicio' },
  pesquisa: { method: 'GET', path: '/_next/api/pesquisa' },
  detalheProduto: { method: 'GET', path: '/_next/api/detalhe-produto' },
  itensCategoria: { method: 'GET', path: '/_next/api/itens-categoria' },
  itensMarca: { method: 'GET', path: '/_next/api/itens-marca/{id}' },
  buscaEsp: { method: 'GET', path: '/_next/api/busca-esp/{mc}/{name}/' },

  // ───────────── cart ─────────────
  listarCarrinho: { method: 'GET', path: '/_next/api/listar-carrinho/' },
  carrinhoAdd: { method: 'POST', path: '/_next/api/carrinho/add/' },
  carrinhoRmv: { method: 'POST', path: '/_next/api/carrinho/rmv/' },
  alterarPedido: { method: 'POST', path: '/_next/api/alterar-pedido/' },
  atualizarVariacao: { method: 'POST', path: '/_next/api/atualizar-variacao/' },
  freteEstimar: { method: 'POST', path: '/_next/api/frete/estimar/' },
  freteProduto: { method: 'POST', path: '/_next/api/frete/produto/' },
  carrinhoCupom: { method: 'POST', path: '/_next/api/carrinho/cupom/' },
  carrinhoCupomRemover: { method: 'POST', path: '/_next/api/carrinho/cupom/remover/' },

  // ───────────── checkout ─────────────
  dadosCompra: { method: 'GET', path: '/_next/api/dados-compra/' },
  calcularFrete: { method: 'GET', path: '/_next/api/calcular-frete-qqer/' },
  checkoutStep1: { method: 'POST', path: '/_next/api/checkout/step/1/' },
  checkout1: { method: 'GET', path: '/_next/api/checkout/1/' },
  checkCep: { method: 'POST', path: '/_next/api/check-cep/' },
  checkoutStep2: { method: 'POST', path: '/_next/api/checkout/step/2/' },
  checkoutEndereco: { method: 'POST', path: '/_next/api/checkout/endereco/' },
  checkoutEnvio: { method: 'POST', path: '/_next/api/checkout/envio/' },
  checkoutPagamento: { method: 'POST', path: '/_next/api/checkout/pagamento/' },
  resumoCompra: { method: 'GET', path: '/_next/api/checkout/resumo/' },
  finalizarCompra: { method: 'POST', path: '/_next/api/checkout/finalizar/' },
  pedido: { method: 'GET', path: '/_next/api/pedidos/{codigo}/' },
  simularPagamento: { method: 'POST', path: '/_next/api/pagamentos/simular/' },
  pagamentoWebhook: { method: 'POST', path: '/_next/api/pagamentos/webhook/' },

  // ───────────── after the sale ─────────────
  avaliar: { method: 'POST', path: '/_next/api/avaliacoes/' },
  faleConosco: { method: 'POST', path: '/_next/api/fale-conosco/' },
  faleConoscoContato: { method: 'GET', path: '/_next/api/fale-conosco/' },
  cancelarPedido: { method: 'POST', path: '/_next/api/pedidos/{codigo}/cancelar/' },
  desistirPedido: { method: 'POST', path: '/_next/api/pedidos/{codigo}/desistir/' },

  // ───────────── addresses ─────────────
  listaEnderecos: { method: 'GET', path: '/_next/api/lista-enderecos/' },
  consultarCep: { method: 'POST', path: '/_next/api/consultar-cep/' },
  buscaEndereco: { method: 'POST', path: '/_next/api/busca-endereco/' },
  salvarEndereco: { method: 'POST', path: '/_next/api/salvar-endereco/' },
  editarEndereco: { method: 'POST', path: '/_next/api/editar-endereco/' },
  enderecoPrincipal: { method: 'POST', path: '/_next/api/endereco-principal/' },
  excluirEndereco: { method: 'POST', path: '/_next/api/excluir-endereco/' },

  // ───────────── login ─────────────
  permission: { method: 'POST', path: '/_auth/permission/' },
  loginStep1: { method: 'POST', path: '/_auth/step/1/' },
  loginStep2: { method: 'POST', path: '/_auth/step/2/' },

  // ───────────── account (registration, recovery, Minha Conta; not in the spec) ─────────────
  captcha: { method: 'GET', path: '/_auth/captcha/' },
  cadastro: { method: 'POST', path: '/_auth/cadastro/' },
  recuperar: { method: 'POST', path: '/_auth/recuperar/' },
  novaSenha: { method: 'POST', path: '/_auth/nova-senha/' },
  sair: { method: 'POST', path: '/_auth/sair/' },
  contaDados: { method: 'POST', path: '/_auth/conta/dados/' },
  contaSenha: { method: 'POST', path: '/_auth/conta/senha/' },
  contaExportar: { method: 'POST', path: '/_auth/conta/exportar/' },
  contaExcluir: { method: 'POST', path: '/_auth/conta/excluir/' },

  // ───────────── media ─────────────
  video: { method: 'GET', path: '/video/{link}' },
  imagem: { method: 'GET', path: '/_next/img/{link}&qualidade={qualidade}' },
} as const satisfies Record<string, { method: 'GET' | 'POST'; path: string }>

export type CallName = keyof typeof calls

/** Where the JSON calls live (robots.txt keeps crawlers out of them); a contract test holds every JSON call to these. */
export const API_ROOTS = ['/_next/api/', '/_auth/'] as const
