import { z } from 'zod'
import {
  alterarPedidoRequestSchema,
  alterarPedidoResponseSchema,
  atualizarVariacaoRequestSchema,
  atualizarVariacaoResponseSchema,
  carrinhoAddRequestSchema,
  carrinhoAddResponseSchema,
  carrinhoRmvRequestSchema,
  carrinhoRmvResponseSchema,
  listarCarrinhoResponseSchema,
} from './cart'
import { carrinhoCupomRemoverRequestSchema, carrinhoCupomRemoverResponseSchema, carrinhoCupomRequestSchema, carrinhoCupomResponseSchema } from './promotions'
import {
  loginStep1RequestSchema,
  loginStep1ResponseSchema,
  loginStep2RequestSchema,
  loginStep2ResponseSchema,
  permissionRequestSchema,
  permissionResponseSchema,
} from './auth'
import {
  cadastroRequestSchema,
  cadastroResponseSchema,
  captchaResponseSchema,
  contaDadosRequestSchema,
  contaDadosResponseSchema,
  contaExcluirRequestSchema,
  contaExcluirResponseSchema,
  contaExportarRequestSchema,
  contaExportarResponseSchema,
  contaSenhaRequestSchema,
  contaSenhaResponseSchema,
  novaSenhaRequestSchema,
  novaSenhaResponseSchema,
  recuperarRequestSchema,
  recuperarResponseSchema,
  sairRequestSchema,
  sairResponseSchema,
} from './account'
import {
  buscaEnderecoRequestSchema,
  buscaEnderecoResponseSchema,
  consultarCepRequestSchema,
  consultarCepResponseSchema,
  editarEnderecoRequestSchema,
  enderecoIdRequestSchema,
  listaEnderecosResponseSchema,
  salvarEnderecoRequestSchema,
  salvarEnderecoResponseSchema,
} from './address'
import {
  buscaEspResponseSchema,
  catalogoErroSchema,
  detalheProdutoQuerySchema,
  detalheProdutoResponseSchema,
  inicioQuerySchema,
  inicioResponseSchemas,
  itensCategoriaQuerySchema,
  itensCategoriaResponseSchema,
  itensMarcaResponseSchema,
  listingQuerySchema,
  pesquisaQuerySchema,
  pesquisaResponseSchema,
} from './catalog'
import {
  calcularFreteResponseSchema,
  checkCepRequestSchema,
  checkCepResponseSchema,
  checkout1ResponseSchema,
  checkoutStep1RequestSchema,
  checkoutStep1ResponseSchema,
  checkoutStep2RequestSchema,
  checkoutStep2ResponseSchema,
  checkoutChoiceResponseSchema,
  checkoutEnderecoRequestSchema,
  checkoutEnvioRequestSchema,
  checkoutPagamentoRequestSchema,
  dadosCompraResponseSchema,
  finalizarRequestSchema,
  finalizarResponseSchema,
  pedidoParamsSchema,
  pedidoResponseSchema,
  resumoCompraResponseSchema,
  simularPagamentoRequestSchema,
  simularPagamentoResponseSchema,
  webhookEventSchema,
  webhookResponseSchema,
} from './checkout'
import { calls, type CallName } from './calls'
import { erroSchema } from './common'
import {
  avaliarRequestSchema,
  avaliarResponseSchema,
  cancelarPedidoRequestSchema,
  cancelarPedidoResponseSchema,
  desistirRequestSchema,
  desistirResponseSchema,
  faleConoscoContatoResponseSchema,
  faleConoscoRequestSchema,
  faleConoscoResponseSchema,
  pedidoCodigoParamsSchema,
} from './after-sale'
import { dataMenuResponseSchema } from './menu'
import { newsletterRequestSchema, newsletterResponseSchema, newsletterTokenRequestSchema } from './newsletter'
import { freteEstimarRequestSchema, freteEstimarResponseSchema, freteProdutoRequestSchema, freteProdutoResponseSchema } from './shipping'

/**
 * Every call of docs/requirements.md (plus the newsletter, whose call the spec leaves open), with the schemas of
 * its request and answer. Method and path come from calls.ts (`...calls.name`), the zod-free table
 * the browser's client reads; its types come from here. The server parses inputs with
 * `request`/`query`, docs/api/openapi.json is generated from it (scripts/openapi.ts), and the calls
 * marked `implemented: false` are documented but not served (none today; the API answers 404).
 *
 * `path` uses OpenAPI templating (`{id}`); `response` is the JSON body whatever the HTTP status
 * (failures are the same `{estado:'erro', msg}` a handler's WireError produces); media calls have
 * no JSON body (`response: null`) and list the content types they serve instead.
 */

export type EndpointTag = 'menu' | 'catalogo' | 'carrinho' | 'autenticacao' | 'conta' | 'endereco' | 'checkout' | 'pos-venda' | 'midia'

type Common = {
  method: 'GET' | 'POST'
  path: string
  summary: string
  tag: EndpointTag
  /** False while the server answers 501 for it (server/http/api/pending.ts mounts those). */
  implemented: boolean
  /** Path parameters, by the names `path` uses. */
  params?: z.ZodObject
  /** Query parameters; unknown ones are ignored (readQuery). */
  query?: z.ZodObject
}

export type JsonEndpoint = Common & {
  /** JSON body; always a strict object (unknown fields are refused). */
  request?: z.ZodObject
  response: z.ZodType
}

export type MediaEndpoint = Common & {
  method: 'GET'
  response: null
  /** Content types the call may answer with. */
  media: readonly string[]
}

export type Endpoint = JsonEndpoint | MediaEndpoint

const BRAND_LISTING = 'Lista de marca: id é o link da marca (/marca/{id}/).'

/** Path parameters are opaque segments the server issued (docs/architecture.md). */
const segment = (description: string) => z.string().min(1).describe(description)

export const endpoints = {
  // ───────────── menu and footer ─────────────
  dataMenu: {
    ...calls.dataMenu,
    summary: 'Dados do menu: contagem do carrinho, histórico de busca, categorias e sugestões.',
    tag: 'menu',
    response: dataMenuResponseSchema,
    implemented: true,
  },
  avaliar: {
    ...calls.avaliar,
    summary: 'Avaliação de um produto comprado num pedido entregue (uma por produto); aparece depois de aprovada.',
    tag: 'pos-venda',
    request: avaliarRequestSchema,
    response: avaliarResponseSchema,
    implemented: true,
  },
  faleConosco: {
    ...calls.faleConosco,
    summary: 'Fale conosco: mensagem para a loja (captcha para visitantes; limitada por IP e e-mail).',
    tag: 'pos-venda',
    request: faleConoscoRequestSchema,
    response: faleConoscoResponseSchema,
    implemented: true,
  },
  faleConoscoContato: {
    ...calls.faleConoscoContato,
    summary: 'Fale conosco: quem escreve — o cliente logado (nome e e-mail; sem captcha) ou null para um visitante (captcha obrigatório).',
    tag: 'pos-venda',
    response: faleConoscoContatoResponseSchema,
    implemented: true,
  },
  cancelarPedido: {
    ...calls.cancelarPedido,
    summary: 'Cancela um pedido do cliente ainda não enviado (pago: com reembolso integral).',
    tag: 'pos-venda',
    params: pedidoCodigoParamsSchema,
    request: cancelarPedidoRequestSchema,
    response: cancelarPedidoResponseSchema,
    implemented: true,
  },
  desistirPedido: {
    ...calls.desistirPedido,
    summary: 'Desistir da compra (7 dias após a entrega): pede a devolução de itens do pedido.',
    tag: 'pos-venda',
    params: pedidoCodigoParamsSchema,
    request: desistirRequestSchema,
    response: desistirResponseSchema,
    implemented: true,
  },
  newsletter: {
    ...calls.newsletter,
    summary:
      'Inscrição na newsletter do rodapé (a chamada não aparece na especificação; é nossa): envia o e-mail de confirmação (dupla confirmação); a mesma resposta esteja o endereço inscrito ou não.',
    tag: 'menu',
    request: newsletterRequestSchema,
    response: z.union([newsletterResponseSchema, erroSchema]),
    implemented: true,
  },
  newsletterConfirmar: {
    ...calls.newsletterConfirmar,
    summary: 'Confirma a inscrição com o token do link do e-mail; só endereços confirmados recebem a newsletter.',
    tag: 'menu',
    request: newsletterTokenRequestSchema,
    response: z.union([newsletterResponseSchema, erroSchema]),
    implemented: true,
  },
  newsletterSair: {
    ...calls.newsletterSair,
    summary: 'Cancela a inscrição com o token do link que todo e-mail de marketing traz (e o cabeçalho List-Unsubscribe).',
    tag: 'menu',
    request: newsletterTokenRequestSchema,
    response: z.union([newsletterResponseSchema, erroSchema]),
    implemented: true,
  },

  // ───────────── catalog (schemas owned by contract/catalog.ts) ─────────────
  inicioSlider: {
    ...calls.inicioSlider,
    summary: 'Início, bloco=slider: slides do carrossel.',
    tag: 'catalogo',
    query: inicioQuerySchema.extend({ bloco: z.literal('slider') }),
    response: inicioResponseSchemas.slider,
    implemented: true,
  },
  inicioCed: {
    ...calls.inicioCed,
    summary: 'Início, bloco=ced: categorias em destaque (até 6).',
    tag: 'catalogo',
    query: inicioQuerySchema.extend({ bloco: z.literal('ced') }),
    response: inicioResponseSchemas.ced,
    implemented: true,
  },
  inicioTopPdts: {
    ...calls.inicioTopPdts,
    summary: 'Início, bloco=TopPdts: mais acessados.',
    tag: 'catalogo',
    query: inicioQuerySchema.extend({ bloco: z.literal('TopPdts') }),
    response: inicioResponseSchemas.TopPdts,
    implemented: true,
  },
  inicioRecentes: {
    ...calls.inicioRecentes,
    summary: 'Início, bloco=recentes: produtos recentes.',
    tag: 'catalogo',
    query: inicioQuerySchema.extend({ bloco: z.literal('recentes') }),
    response: inicioResponseSchemas.recentes,
    implemented: true,
  },
  pesquisa: {
    ...calls.pesquisa,
    summary: 'Busca de produtos por termo (p), paginada.',
    tag: 'catalogo',
    query: pesquisaQuerySchema,
    response: z.union([pesquisaResponseSchema, catalogoErroSchema]),
    implemented: true,
  },
  detalheProduto: {
    ...calls.detalheProduto,
    summary: 'Detalhe do produto e similares.',
    tag: 'catalogo',
    query: detalheProdutoQuerySchema,
    response: z.union([detalheProdutoResponseSchema, catalogoErroSchema]),
    implemented: true,
  },
  itensCategoria: {
    ...calls.itensCategoria,
    summary: 'Produtos de uma categoria (id = ndi ou token), paginados.',
    tag: 'catalogo',
    query: itensCategoriaQuerySchema,
    response: z.union([itensCategoriaResponseSchema, catalogoErroSchema]),
    implemented: true,
  },
  itensMarca: {
    ...calls.itensMarca,
    summary: 'Produtos de uma marca, paginados.',
    tag: 'catalogo',
    params: z.object({ id: segment(BRAND_LISTING) }),
    query: listingQuerySchema,
    response: z.union([itensMarcaResponseSchema, catalogoErroSchema]),
    implemented: true,
  },
  buscaEsp: {
    ...calls.buscaEsp,
    summary: 'Produtos de uma marca dentro de uma categoria, paginados.',
    tag: 'catalogo',
    params: z.object({
      mc: segment('Link da marca.'),
      name: segment('Título da categoria, como o link da barra lateral o escreve.'),
    }),
    query: listingQuerySchema,
    response: z.union([buscaEspResponseSchema, catalogoErroSchema]),
    implemented: true,
  },

  // ───────────── cart ─────────────
  listarCarrinho: {
    ...calls.listarCarrinho,
    summary:
      'Itens do carrinho (painel e página), cada um com disponivel e max, o total do que pode ser comprado, o último registro de comprador, os descontos (promoções e cupom) e o cupom do carrinho, aplicado ou com o motivo.',
    tag: 'carrinho',
    response: listarCarrinhoResponseSchema,
    implemented: true,
  },
  carrinhoAdd: {
    ...calls.carrinhoAdd,
    summary: 'Adiciona um produto (e a variação escolhida) ao carrinho.',
    tag: 'carrinho',
    request: carrinhoAddRequestSchema,
    response: carrinhoAddResponseSchema,
    implemented: true,
  },
  carrinhoRmv: {
    ...calls.carrinhoRmv,
    summary: 'Remove uma linha do carrinho.',
    tag: 'carrinho',
    request: carrinhoRmvRequestSchema,
    response: carrinhoRmvResponseSchema,
    implemented: true,
  },
  carrinhoCupom: {
    ...calls.carrinhoCupom,
    summary:
      'Aplica um cupom ao carrinho (código sem espaços nas pontas, maiúsculas e minúsculas iguais): fica no carrinho quando vale agora; senão, erro com o motivo. Códigos desconhecidos demais por minuto da mesma sessão ou endereço: 429.',
    tag: 'carrinho',
    request: carrinhoCupomRequestSchema,
    response: carrinhoCupomResponseSchema,
    implemented: true,
  },
  carrinhoCupomRemover: {
    ...calls.carrinhoCupomRemover,
    summary: 'Tira o cupom do carrinho.',
    tag: 'carrinho',
    request: carrinhoCupomRemoverRequestSchema,
    response: carrinhoCupomRemoverResponseSchema,
    implemented: true,
  },
  alterarPedido: {
    ...calls.alterarPedido,
    summary: 'Altera a quantidade de uma linha; MaxLimite quando o estoque não permite.',
    tag: 'carrinho',
    request: alterarPedidoRequestSchema,
    response: alterarPedidoResponseSchema,
    implemented: true,
  },
  atualizarVariacao: {
    ...calls.atualizarVariacao,
    summary: 'Troca a variação de uma linha do carrinho.',
    tag: 'carrinho',
    request: atualizarVariacaoRequestSchema,
    response: atualizarVariacaoResponseSchema,
    implemented: true,
  },
  freteEstimar: {
    ...calls.freteEstimar,
    summary:
      'Frete do painel do carrinho: as entregas que o checkout ofereceria para o CEP e o carrinho (na tabela da loja, Padrão — grátis a partir do limite — e Expressa; com o Melhor Envio, seus serviços), a mais barata em valor/prazo; estimativa quando a transportadora não responde.',
    tag: 'carrinho',
    request: freteEstimarRequestSchema,
    response: freteEstimarResponseSchema,
    implemented: true,
  },
  freteProduto: {
    ...calls.freteProduto,
    summary:
      'Calcular frete da página do produto: as entregas para o CEP, a variação e a quantidade escolhidas, com preço e prazo de cada serviço (a mais barata em valor/prazo); estimativa quando a transportadora não responde.',
    tag: 'carrinho',
    request: freteProdutoRequestSchema,
    response: freteProdutoResponseSchema,
    implemented: true,
  },

  // ───────────── checkout ─────────────
  dadosCompra: {
    ...calls.dadosCompra,
    summary: 'Dados do comprador, endereço de entrega e estação escolhida.',
    tag: 'checkout',
    response: dadosCompraResponseSchema,
    implemented: true,
  },
  calcularFrete: {
    ...calls.calcularFrete,
    summary: 'Opções de envio para o endereço de entrega e estações de retirada.',
    tag: 'checkout',
    response: calcularFreteResponseSchema,
    implemented: true,
  },
  checkoutStep1: {
    ...calls.checkoutStep1,
    summary: 'Identificação: nome completo, e-mail, CPF e celular.',
    tag: 'checkout',
    request: checkoutStep1RequestSchema,
    response: checkoutStep1ResponseSchema,
    implemented: true,
  },
  checkout1: {
    ...calls.checkout1,
    summary: "A identificação foi feita? Falha com estado 'error' (grafia da especificação).",
    tag: 'checkout',
    response: checkout1ResponseSchema,
    implemented: true,
  },
  checkCep: {
    ...calls.checkCep,
    summary: 'Consulta de CEP na entrega do checkout (logradouro, bairro, localidade).',
    tag: 'checkout',
    request: checkCepRequestSchema,
    response: checkCepResponseSchema,
    implemented: true,
  },
  checkoutStep2: {
    ...calls.checkoutStep2,
    summary: 'Entrega: salva o endereço de entrega do pedido.',
    tag: 'checkout',
    request: checkoutStep2RequestSchema,
    response: checkoutStep2ResponseSchema,
    implemented: true,
  },
  checkoutEndereco: {
    ...calls.checkoutEndereco,
    summary: 'Entrega: escolhe um dos endereços salvos do cliente (id de lista-enderecos) para o pedido.',
    tag: 'checkout',
    request: checkoutEnderecoRequestSchema,
    response: checkoutChoiceResponseSchema,
    implemented: true,
  },
  checkoutEnvio: {
    ...calls.checkoutEnvio,
    summary: 'Método de envio: o índice da opção de calcular-frete-qqer; a 2 (retirada) pede a estação.',
    tag: 'checkout',
    request: checkoutEnvioRequestSchema,
    response: checkoutChoiceResponseSchema,
    implemented: true,
  },
  checkoutPagamento: {
    ...calls.checkoutPagamento,
    summary: 'Forma de pagamento: Pix, Cartão (com parcelas) ou Boleto.',
    tag: 'checkout',
    request: checkoutPagamentoRequestSchema,
    response: checkoutChoiceResponseSchema,
    implemented: true,
  },
  resumoCompra: {
    ...calls.resumoCompra,
    summary: 'Resumo antes da compra, com os preços de agora: itens, frete e prazo, descontos, total, endereço, pagamento, CNPJ e direito de arrependimento.',
    tag: 'checkout',
    response: resumoCompraResponseSchema,
    implemented: true,
  },
  finalizarCompra: {
    ...calls.finalizarCompra,
    summary: 'Finaliza a compra: cria o pedido numa transação (estoque, itens, pagamento); repetir devolve o mesmo pedido.',
    tag: 'checkout',
    request: finalizarRequestSchema,
    response: finalizarResponseSchema,
    implemented: true,
  },
  pedido: {
    ...calls.pedido,
    summary: 'Um pedido do cliente: situação, instruções de pagamento (Pix com QR, boleto com código de barras), itens.',
    tag: 'checkout',
    params: pedidoParamsSchema,
    response: pedidoResponseSchema,
    implemented: true,
  },
  simularPagamento: {
    ...calls.simularPagamento,
    summary: 'Sandbox: simula o pagamento de um Pix ou boleto pendente, pelo mesmo caminho do webhook.',
    tag: 'checkout',
    request: simularPagamentoRequestSchema,
    response: simularPagamentoResponseSchema,
    implemented: true,
  },
  pagamentoWebhook: {
    ...calls.pagamentoWebhook,
    summary: 'Notificação assinada do provedor de pagamentos (HMAC-SHA256 no cabeçalho x-vitrine-signature); idempotente.',
    tag: 'checkout',
    request: webhookEventSchema,
    response: webhookResponseSchema,
    implemented: true,
  },

  // ───────────── addresses ─────────────
  listaEnderecos: {
    ...calls.listaEnderecos,
    summary: 'Endereços salvos do cliente, o padrão primeiro.',
    tag: 'endereco',
    response: listaEnderecosResponseSchema,
    implemented: true,
  },
  consultarCep: {
    ...calls.consultarCep,
    summary: 'Resolve um CEP e devolve o código da consulta (cod).',
    tag: 'endereco',
    request: consultarCepRequestSchema,
    response: consultarCepResponseSchema,
    implemented: true,
  },
  buscaEndereco: {
    ...calls.buscaEndereco,
    summary: 'Lê o endereço que uma consulta de CEP (cod) encontrou.',
    tag: 'endereco',
    request: buscaEnderecoRequestSchema,
    response: buscaEnderecoResponseSchema,
    implemented: true,
  },
  salvarEndereco: {
    ...calls.salvarEndereco,
    summary: 'Salva um endereço a partir de uma consulta de CEP.',
    tag: 'endereco',
    request: salvarEnderecoRequestSchema,
    response: salvarEnderecoResponseSchema,
    implemented: true,
  },
  editarEndereco: {
    ...calls.editarEndereco,
    summary: 'Altera nome, sobrenome, telefone, número e complemento de um endereço do cliente (nossa chamada); devolve a lista.',
    tag: 'endereco',
    request: editarEnderecoRequestSchema,
    response: listaEnderecosResponseSchema,
    implemented: true,
  },
  enderecoPrincipal: {
    ...calls.enderecoPrincipal,
    summary: 'Torna um endereço do cliente o principal (nossa chamada); devolve a lista atualizada.',
    tag: 'endereco',
    request: enderecoIdRequestSchema,
    response: listaEnderecosResponseSchema,
    implemented: true,
  },
  excluirEndereco: {
    ...calls.excluirEndereco,
    summary: 'Exclui um endereço do cliente (nossa chamada); excluir o principal promove outro. Devolve a lista.',
    tag: 'endereco',
    request: enderecoIdRequestSchema,
    response: listaEnderecosResponseSchema,
    implemented: true,
  },

  // ───────────── login ─────────────
  permission: {
    ...calls.permission,
    summary: 'Autorização: devolve TokenAcess, ou denied quando o acesso está suspenso.',
    tag: 'autenticacao',
    request: permissionRequestSchema,
    response: permissionResponseSchema,
    implemented: true,
  },
  loginStep1: {
    ...calls.loginStep1,
    summary: "Login, passo 1 (e-mail): status 'sucsess' com TokenPass.",
    tag: 'autenticacao',
    request: loginStep1RequestSchema,
    response: loginStep1ResponseSchema,
    implemented: true,
  },
  loginStep2: {
    ...calls.loginStep2,
    summary: 'Login, passo 2 (senha).',
    tag: 'autenticacao',
    request: loginStep2RequestSchema,
    response: loginStep2ResponseSchema,
    implemented: true,
  },

  // ───────────── account (ours: the spec shows these screens, not their calls) ─────────────
  captcha: {
    ...calls.captcha,
    summary: 'Desafio ALTCHA (prova de trabalho, sem terceiros) para o cadastro; cada solução é aceita uma vez.',
    tag: 'conta',
    response: captchaResponseSchema,
    implemented: true,
  },
  cadastro: {
    ...calls.cadastro,
    summary: 'Cadastro de cliente com captcha; o sucesso já entra na conta e envia o e-mail de boas-vindas.',
    tag: 'conta',
    request: cadastroRequestSchema,
    response: cadastroResponseSchema,
    implemented: true,
  },
  recuperar: {
    ...calls.recuperar,
    summary: 'Pede o link de nova senha por e-mail; a resposta é a mesma exista a conta ou não.',
    tag: 'conta',
    request: recuperarRequestSchema,
    response: recuperarResponseSchema,
    implemented: true,
  },
  novaSenha: {
    ...calls.novaSenha,
    summary: 'Define a nova senha com o token do link (uso único, 1 hora), encerra as outras sessões e entra na conta.',
    tag: 'conta',
    request: novaSenhaRequestSchema,
    response: novaSenhaResponseSchema,
    implemented: true,
  },
  sair: {
    ...calls.sair,
    summary: 'Sai da conta: encerra a sessão (o carrinho fica com a conta).',
    tag: 'conta',
    request: sairRequestSchema,
    response: sairResponseSchema,
    implemented: true,
  },
  contaDados: {
    ...calls.contaDados,
    summary: "Minha Conta: altera nome, sobrenome, telefone e o aceite de e-mails de marketing. Sem login: 401 'auth'.",
    tag: 'conta',
    request: contaDadosRequestSchema,
    response: contaDadosResponseSchema,
    implemented: true,
  },
  contaSenha: {
    ...calls.contaSenha,
    summary: "Minha Conta: troca a senha (exige a atual); encerra as outras sessões. Sem login: 401 'auth'.",
    tag: 'conta',
    request: contaSenhaRequestSchema,
    response: contaSenhaResponseSchema,
    implemented: true,
  },
  contaExportar: {
    ...calls.contaExportar,
    summary:
      "LGPD: todos os dados do cliente em JSON (conta, endereços, pedidos, solicitações); exige a senha de novo (com o limite de tentativas). Sem login: 401 'auth'.",
    tag: 'conta',
    request: contaExportarRequestSchema,
    response: z.union([contaExportarResponseSchema, erroSchema]),
    implemented: true,
  },
  contaExcluir: {
    ...calls.contaExcluir,
    summary: "LGPD: pede a exclusão (exige a senha): dados pessoais anonimizados, pedidos mantidos por obrigação legal, registrado. Sem login: 401 'auth'.",
    tag: 'conta',
    request: contaExcluirRequestSchema,
    response: contaExcluirResponseSchema,
    implemented: true,
  },

  // ───────────── media ─────────────
  video: {
    ...calls.video,
    summary: 'Vídeo de produto, com suporte a Range (206).',
    tag: 'midia',
    params: z.object({ link: segment('Caminho do vídeo (pode conter /).') }),
    response: null,
    media: ['video/mp4', 'video/webm', 'video/ogg'],
    implemented: true,
  },
  imagem: {
    ...calls.imagem,
    summary:
      'Imagem em AVIF, WebP ou JPEG conforme Accept; a qualidade vem colada ao caminho com & (grafia da especificação), ' +
      'e &w={largura} opcional pede uma das larguras 160 a 1600.',
    tag: 'midia',
    params: z.object({
      link: segment('Caminho da imagem (pode conter /).'),
      qualidade: z
        .enum(['50', '70', '80', '100'])
        .describe('Qualidade: 70, 80 ou 100 (50 nas categorias em destaque); outro número vai para a mais próxima, ausente é 80.'),
    }),
    response: null,
    media: ['image/avif', 'image/webp', 'image/jpeg', 'image/svg+xml'],
    implemented: true,
  },
} as const satisfies Record<CallName, Endpoint>

export type EndpointName = keyof typeof endpoints
export type JsonEndpointName = {
  [K in EndpointName]: (typeof endpoints)[K] extends JsonEndpoint ? K : never
}[EndpointName]

/** The JSON body a call takes, as the client writes it (before the server's trimming and normalising). */
export type EndpointRequest<K extends JsonEndpointName> = (typeof endpoints)[K] extends { request: z.ZodType }
  ? z.input<(typeof endpoints)[K]['request']>
  : never

export function isMediaEndpoint(endpoint: Endpoint): endpoint is MediaEndpoint {
  return endpoint.response === null
}
