import { readFileSync } from 'node:fs'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { OPENAPI_FILE, renderOpenApi } from '../scripts/openapi'
import { createTestApp } from '../tests/support/app'
import { createTestDatabase } from '../tests/support/db'
import type { Database } from '../server/db/client'
import { API_ROOTS } from './calls'
import { BLOCOS } from './catalog'
import { endpoints, isMediaEndpoint, type Endpoint, type EndpointName } from './endpoints'

const entries = Object.entries(endpoints) as Array<[EndpointName, Endpoint]>

/** The spec's calls, row by row (the four inicio rows share a path), plus the newsletter, panel shipping, address-book, account and checkout calls we added. */
const SPEC_CALLS = [
  'GET /_next/api/DataMenu/',
  'GET /_next/api/listar-carrinho/',
  'POST /_next/api/carrinho/cupom/',
  'POST /_next/api/carrinho/cupom/remover/',
  'GET /_next/api/inicio',
  'GET /_next/api/pesquisa',
  'GET /_next/api/detalhe-produto',
  'POST /_next/api/carrinho/add/',
  'POST /_next/api/carrinho/rmv/',
  'POST /_next/api/alterar-pedido/',
  'POST /_next/api/atualizar-variacao/',
  'GET /_next/api/dados-compra/',
  'GET /_next/api/calcular-frete-qqer/',
  'GET /_next/api/itens-categoria',
  'GET /_next/api/lista-enderecos/',
  'GET /_next/api/itens-marca/{id}',
  'GET /_next/api/busca-esp/{mc}/{name}/',
  'POST /_auth/step/1/',
  'POST /_auth/step/2/',
  'POST /_auth/permission/',
  'POST /_next/api/consultar-cep/',
  'POST /_next/api/busca-endereco/',
  'POST /_next/api/salvar-endereco/',
  'POST /_next/api/checkout/step/1/',
  'GET /_next/api/checkout/1/',
  'POST /_next/api/check-cep/',
  'POST /_next/api/checkout/step/2/',
  'GET /video/{link}',
  'GET /_next/img/{link}&qualidade={qualidade}',
  'POST /_next/api/newsletter/',
  'POST /_next/api/newsletter/confirmar/',
  'POST /_next/api/newsletter/sair/',
  'POST /_next/api/frete/estimar/',
  'POST /_next/api/frete/produto/',
  'POST /_next/api/editar-endereco/',
  'POST /_next/api/endereco-principal/',
  'POST /_next/api/excluir-endereco/',
  'GET /_auth/captcha/',
  'POST /_auth/cadastro/',
  'POST /_auth/recuperar/',
  'POST /_auth/nova-senha/',
  'POST /_auth/sair/',
  'POST /_auth/conta/dados/',
  'POST /_auth/conta/senha/',
  'POST /_auth/conta/exportar/',
  'POST /_auth/conta/excluir/',
  'POST /_next/api/checkout/endereco/',
  'POST /_next/api/checkout/envio/',
  'POST /_next/api/checkout/pagamento/',
  'GET /_next/api/checkout/resumo/',
  'POST /_next/api/checkout/finalizar/',
  'GET /_next/api/pedidos/{codigo}/',
  'POST /_next/api/pagamentos/simular/',
  'POST /_next/api/pagamentos/webhook/',
  'POST /_next/api/avaliacoes/',
  'POST /_next/api/fale-conosco/',
  'GET /_next/api/fale-conosco/',
  'POST /_next/api/pedidos/{codigo}/cancelar/',
  'POST /_next/api/pedidos/{codigo}/desistir/',
]

const Acess = 'Zk3v9QpL2mX8rT4yB6nW1cJ5hD7fG0aS'

/** Payloads and answers written from the spec's tables, one per JSON call this module owns. */
const EXAMPLES: Partial<Record<EndpointName, { request?: unknown; responses: unknown[] }>> = {
  dataMenu: { responses: [{ ItensCar: 2, histBusca: ['tv'], Categorias: [{ titulo: 'TVs', ndi: 'tvs', subcategorias: [] }], Sgt: [] }] },
  newsletter: { request: { email: 'maria@example.com' }, responses: [{ estado: 'sucesso', msg: 'Quase lá! Enviamos um link para confirmar.' }] },
  newsletterConfirmar: {
    request: { token: 'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6' },
    responses: [
      { estado: 'sucesso', msg: 'Inscrição confirmada!' },
      { estado: 'erro', msg: 'Este link de confirmação não vale mais.' },
    ],
  },
  newsletterSair: { request: { token: 'q1W2e3R4t5Y6u7I8o9P0a1S2d3F4g5H6' }, responses: [{ estado: 'sucesso', msg: 'Inscrição cancelada.' }] },
  avaliar: {
    request: { pedido: 'VT-2026-000124', produto: 'p9XyZ', nota: 5, titulo: 'Excelente', texto: 'Chegou rápido.' },
    responses: [
      { estado: 'sucesso', msg: 'Avaliação enviada!' },
      { estado: 'erro', msg: 'Você já avaliou este produto. Obrigado!' },
    ],
  },
  faleConosco: {
    request: { nome: 'Rita Souza', email: 'rita@example.com', pedido: '', assunto: 'Entrega', mensagem: 'Quando chega?', altcha: 'eyJ...' },
    responses: [{ estado: 'sucesso', msg: 'Mensagem enviada!' }],
  },
  faleConoscoContato: {
    responses: [
      { estado: 'sucesso', cliente: { nome: 'Rita Souza', email: 'rita@example.com' } },
      { estado: 'sucesso', cliente: null },
    ],
  },
  cancelarPedido: { request: { motivo: 'Comprei errado' }, responses: [{ estado: 'sucesso', msg: 'Pedido cancelado.' }] },
  desistirPedido: {
    request: { motivo: 'arrependimento', detalhes: '', itens: [{ item: 12, quantidade: 1 }] },
    responses: [
      { estado: 'sucesso', msg: 'Pedido de devolução registrado.' },
      { estado: 'erro', msg: 'O prazo de 7 dias para desistir da compra terminou.' },
    ],
  },
  listarCarrinho: {
    responses: [
      { itens: [], total: 0, compra: [] },
      {
        itens: [],
        total: 0,
        compra: [],
        descontos: [{ tipo: 'promocao', nome: 'Semana do Smartphone', valor: 100 }],
        cupom: { codigo: 'VITRINE50', aplicado: false, valor: 0, msg: 'Faltam R$ 37,10 para usar este cupom.', motivo: 'coupon.belowMinimum' },
        totalCartao: 900,
        totalPix: 855,
      },
      { estado: 'erro', msg: 'Erro ao carregar carrinho' },
    ],
  },
  carrinhoAdd: {
    request: { id: 'p9XyZ', qtd: 1, variacao: 'op_preto' },
    responses: [
      { estado: 'sucesso', itens: 1 },
      { estado: 'erro', msg: 'Selecione uma variação do produto!' },
    ],
  },
  carrinhoRmv: { request: { id: 'ln_1' }, responses: [{ estado: 'sucesso', itens: 0, msg: 'Produto removido do carrinho' }] },
  carrinhoCupom: {
    request: { codigo: ' bemvindo10 ' },
    responses: [
      { estado: 'sucesso', cupom: { codigo: 'BEMVINDO10', aplicado: true, valor: 49.9 }, msg: 'Cupom aplicado.' },
      { estado: 'erro', msg: 'Faltam R$ 37,10 para usar este cupom.' },
    ],
  },
  carrinhoCupomRemover: { request: {}, responses: [{ estado: 'sucesso', msg: 'Cupom removido.' }] },
  alterarPedido: {
    request: { pdt: 'ln_1', qtd: 2 },
    responses: [
      { estado: 'sucesso', valor: 3000 },
      { estado: 'MaxLimite', msg: 'Estoque máximo: 1', max: 1 },
      { estado: 'erro', msg: 'x' },
    ],
  },
  freteEstimar: {
    request: { cep: '01.001-000' },
    responses: [
      {
        estado: 'sucesso',
        valor: 25,
        prazo: 4,
        cidade: 'São Paulo',
        uf: 'SP',
        estimativa: false,
        opcoes: [{ nome: 'Padrão', transportadora: null, valor: 25, prazo: 4, previsao: '2026-11-30' }],
      },
      { estado: 'erro', msg: 'CEP inexistente.' },
    ],
  },
  freteProduto: {
    request: { cep: '01001-000', id: 'pdt_1', qtd: 2, variacao: 'op_azul' },
    responses: [
      {
        estado: 'sucesso',
        valor: 18.9,
        prazo: 4,
        cidade: 'São Paulo',
        uf: 'SP',
        estimativa: false,
        opcoes: [{ nome: 'PAC', transportadora: 'Correios', valor: 18.9, prazo: 4, previsao: '2026-11-30' }],
      },
      { estado: 'erro', msg: 'Nenhuma transportadora entrega neste CEP.' },
    ],
  },
  atualizarVariacao: {
    request: { id: 'ln_1', vrc: 'op_azul' },
    responses: [{ estado: 'sucesso', v_u: 1550, v_t: 3100, msg: 'Variação atualizada!' }],
  },
  dadosCompra: {
    responses: [
      {
        user: { nome: 'Maria', sobrenome: 'Silva', telefone: '11987654321' },
        endereco: { cep: '01001000', rua: 'Praça da Sé', numero: '1', bairro: 'Sé', comp: 'Casa', cidade: 'São Paulo' },
        estacao: null,
      },
      { estado: 'erro', msg: 'EsEdrc' },
    ],
  },
  calcularFrete: {
    responses: [
      {
        opcs: [{ nome: 'Expressa', valor: 30, prazo: 1, previsao: '2026-11-25' }],
        frete: 30,
        estacao: [{ id: 'se', nome: 'Estação Sé', endereco: 'Praça da Sé, 111' }],
        escolha: { opcao: null, estacao: null },
      },
      { estado: 'erro', msg: 'sedrc' },
    ],
  },
  checkoutEndereco: { request: { id: '12' }, responses: [{ estado: 'sucesso' }, { estado: 'erro', msg: 'Endereço não encontrado.' }] },
  checkoutEnvio: { request: { opcao: 2, estacao: 'se' }, responses: [{ estado: 'sucesso' }, { estado: 'erro', msg: 'Opção de envio inválida.' }] },
  checkoutPagamento: { request: { metodo: 'cartao', parcelas: 3 }, responses: [{ estado: 'sucesso' }, { estado: 'erro', msg: 'auth' }] },
  resumoCompra: {
    responses: [
      {
        estado: 'sucesso',
        itens: [{ titulo: 'Fone', variacao: 'Cor: Preto', imagem: 'produtos/fone.jpg', quantidade: 1, valor: 100, valor_total: 100, atacado: false }],
        subtotal: 100,
        desconto: 5,
        frete: 25,
        envio: { opcao: 0, nome: 'Padrão', prazo: 4, previsao: '2026-11-30' },
        estacao: null,
        endereco: {
          destinatario: 'Maria Silva',
          cep: '01001000',
          rua: 'Praça da Sé',
          numero: '1',
          complemento: '',
          bairro: 'Sé',
          cidade: 'São Paulo',
          uf: 'SP',
        },
        comprador: { nome: 'Maria Silva', email: 'maria@example.com', cpf: '529.982.247-25', celular: '(11) 9 8765-4321' },
        pagamento: { metodo: 'pix', nome: 'Pix', parcelas: 1 },
        parcelas: [{ qtd: 1, valor: 120 }],
        total: 120,
        pendente: [],
        loja: { razaoSocial: 'Vitrine Ltda.', cnpj: '11.222.333/0001-81', endereco: 'Av. Paulista, 1578', email: 'a@b.com' },
        arrependimento: '7 dias',
      },
      { estado: 'erro', msg: 'O seu carrinho está vazio.' },
    ],
  },
  finalizarCompra: {
    request: { total: 120, cartao: { numero: '4111 1111 1111 1111', nome: 'MARIA SILVA', validade: '12/30', cvv: '123' } },
    responses: [
      { estado: 'sucesso', pedido: 'VT-2026-000124' },
      { estado: 'erro', msg: 'Os valores da sua compra mudaram. Confira o resumo antes de finalizar.', total: 130 },
      { estado: 'erro', msg: 'Confira os dados do cartão.', campos: { cvv: 'CVV inválido.' } },
      { estado: 'erro', msg: 'sedrc' },
    ],
  },
  pedido: {
    responses: [
      {
        estado: 'sucesso',
        pedido: {
          codigo: 'VT-2026-000124',
          status: 'aguardando_pagamento',
          situacao: 'Aguardando pagamento',
          criadoEm: '2026-11-24T12:00:00.000Z',
          itens: [{ titulo: 'Fone', variacao: '', imagem: '', quantidade: 1, valor: 100, valor_total: 100 }],
          subtotal: 100,
          desconto: 5,
          frete: 25,
          total: 120,
          envio: { nome: 'Padrão', prazo: 4, rastreio: null },
          estacao: null,
          endereco: {
            destinatario: 'Maria Silva',
            cep: '01001000',
            rua: 'Praça da Sé',
            numero: '1',
            complemento: '',
            bairro: 'Sé',
            cidade: 'São Paulo',
            estado: 'SP',
          },
          pagamento: { metodo: 'pix', status: 'pending', pix: { copiaECola: '000201…', qrSvg: '<svg/>', expiraEm: '2026-11-24T12:30:00.000Z' } },
          simulavel: true,
        },
      },
      { estado: 'erro', msg: 'Pedido não encontrado.' },
    ],
  },
  simularPagamento: {
    request: { pedido: 'VT-2026-000124' },
    responses: [
      { estado: 'sucesso', status: 'pago' },
      { estado: 'erro', msg: 'Pedido não encontrado.' },
    ],
  },
  pagamentoWebhook: {
    request: {
      id: 'evt_1',
      orderCode: 'VT-2026-000124',
      paymentId: 'sbx_1',
      method: 'pix',
      status: 'paid',
      amountCents: 12000,
      createdAt: '2026-11-24T12:00:00.000Z',
    },
    responses: [
      { estado: 'sucesso', aplicado: true },
      { estado: 'erro', msg: 'Assinatura do webhook inválida.' },
    ],
  },
  listaEnderecos: {
    responses: [
      { estado: 'sucesso', enderecos: [] },
      { estado: 'erro', msg: 'auth' },
    ],
  },
  editarEndereco: {
    request: { id: '12', nome: 'Maria', sobrenome: 'Silva', telefone: '(11) 9 8765-4321', numero: '100', complemento: 'Apto 1' },
    responses: [
      { estado: 'sucesso', enderecos: [] },
      { estado: 'erro', msg: 'Endereço não encontrado.' },
    ],
  },
  enderecoPrincipal: {
    request: { id: '12' },
    responses: [
      { estado: 'sucesso', enderecos: [] },
      { estado: 'erro', msg: 'Endereço não encontrado.' },
    ],
  },
  excluirEndereco: {
    request: { id: '12' },
    responses: [
      { estado: 'sucesso', enderecos: [] },
      { estado: 'erro', msg: 'auth' },
    ],
  },
  permission: { request: {}, responses: [{ status: 'success', TokenAcess: Acess }, { status: 'denied' }] },
  loginStep1: {
    request: { u: 'maria@example.com', Acess },
    responses: [
      { status: 'sucsess', TokenPass: 'tp_1' },
      { status: 'erro', error: 'rate-limit' },
    ],
  },
  loginStep2: { request: { s: 'segredo123', Acess: 'tp_1' }, responses: [{ status: 'success' }, { status: 'erro', error: 'senha' }] },
  captcha: { responses: [{ parameters: { algorithm: 'PBKDF2/SHA-256', nonce: 'ab', salt: 'cd', keyPrefix: '00' }, signature: 'ef' }] },
  cadastro: {
    request: {
      nome: 'Maria',
      sobrenome: 'da Silva',
      documento: '390.533.447-05',
      email: 'maria@example.com',
      telefone: '(11) 9 8765-4321',
      senha: 'segredo123',
      confirmacao: 'segredo123',
      termos: true,
      marketing: false,
      altcha: 'eyJ9',
    },
    responses: [{ estado: 'sucesso' }, { estado: 'erro', msg: 'Este e-mail já está cadastrado.' }],
  },
  recuperar: { request: { email: 'maria@example.com' }, responses: [{ estado: 'sucesso', msg: 'Se houver uma conta…' }] },
  novaSenha: { request: { token: 'tk_1', senha: 'segredo123', confirmacao: 'segredo123' }, responses: [{ estado: 'sucesso' }] },
  sair: { request: {}, responses: [{ estado: 'sucesso' }] },
  contaDados: {
    request: { nome: 'Maria', sobrenome: 'Silva', telefone: '(11) 9 8765-4321', marketing: true },
    responses: [{ estado: 'erro', msg: 'auth' }],
  },
  contaSenha: { request: { atual: 'segredo123', senha: 'outra1234', confirmacao: 'outra1234' }, responses: [{ estado: 'sucesso' }] },
  contaExportar: {
    request: { senha: 'segredo123' },
    responses: [
      {
        geradoEm: '2026-11-24T12:00:00Z',
        conta: { nome: 'M', sobrenome: 'S', email: 'm@e.com', documento: '39053344705', telefone: '11987654321', marketing: false, desde: '2026-01-01' },
        enderecos: [],
        pedidos: [],
        solicitacoes: [],
      },
      { estado: 'erro', msg: 'A senha atual não confere.' },
    ],
  },
  contaExcluir: { request: { senha: 'segredo123' }, responses: [{ estado: 'sucesso', msg: 'ok' }] },
  consultarCep: {
    request: { cep: '01.001-000' },
    responses: [
      { estado: 'sucesso', cod: 'c_1' },
      { estado: 'erro', msg: 'Cep inexistente!' },
    ],
  },
  buscaEndereco: {
    request: { cod: 'c_1' },
    responses: [{ estado: 'sucesso', data: { cep: '01001000', estado: 'SP', cidade: 'São Paulo', bairro: 'Sé', rua: 'Praça da Sé' } }],
  },
  salvarEndereco: {
    request: { cod: 'c_1', nome: 'Maria', sobrenome: 'Silva', telefone: '(11) 9 8765-4321', numero: '100', complemento: 'Apto 1' },
    responses: [{ estado: 'sucesso' }],
  },
  checkoutStep1: {
    request: { nome: 'Maria Silva', email: 'maria@example.com', cpf: '529.982.247-25', celular: '(11) 9 8765-4321' },
    responses: [{ estado: 'sucesso' }, { estado: 'erro', msg: 'auth' }],
  },
  checkout1: { responses: [{ estado: 'sucesso' }, { estado: 'error', msg: 'Identifique-se primeiro.' }] },
  checkCep: {
    request: { cep: '010.01-000' },
    responses: [
      { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo' },
      { estado: 'erro', msg: 'Verifique o CEP digitado!' },
    ],
  },
  checkoutStep2: {
    request: { cep: '010.01-000', logradouro: 'Praça da Sé', numero: '100', bairro: 'Sé', destinatario: 'Maria Silva' },
    responses: [{ estado: 'sucesso' }],
  },
}

describe('endpoint registry', () => {
  it('registers every call of docs/requirements.md, once per method and path (inicio once per bloco)', () => {
    const registered = [...new Set(entries.map(([, e]) => `${e.method} ${e.path}`))]
    expect(registered.sort()).toEqual([...SPEC_CALLS].sort())
    const inicio = entries.filter(([, e]) => e.path === '/_next/api/inicio')
    const blocos = inicio.map(([, e]) => BLOCOS.filter((bloco) => e.query?.safeParse({ bloco }).success))
    expect(blocos).toEqual([['slider'], ['ced'], ['TopPdts'], ['recentes']])
  })

  it.each(entries)('%s has a method, a path and an answer', (_name, endpoint) => {
    expect(['GET', 'POST']).toContain(endpoint.method)
    expect(endpoint.path).toMatch(/^\/[^\s?#]*$/)
    expect(endpoint.summary.length).toBeGreaterThan(0)
    if (isMediaEndpoint(endpoint)) expect(endpoint.media.length).toBeGreaterThan(0)
    else expect(endpoint.response).toBeDefined()
    if (endpoint.method === 'GET') expect('request' in endpoint).toBe(false)
  })

  it.each(entries)('%s names exactly the path parameters its path has', (_name, endpoint) => {
    const inPath = [...endpoint.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1])
    expect(Object.keys(endpoint.params?.shape ?? {})).toEqual(inPath)
  })

  it('serves every JSON call under the API roots robots.txt keeps crawlers out of', () => {
    for (const [name, endpoint] of entries) {
      if (isMediaEndpoint(endpoint)) continue
      expect(
        API_ROOTS.some((root) => endpoint.path.startsWith(root)),
        name,
      ).toBe(true)
    }
  })
})

describe('registry against the running routes', () => {
  let database: Database
  beforeAll(async () => {
    database = await createTestDatabase()
  })
  afterAll(() => database?.close())

  // Every JSON call, with made-up path segments and an empty body: a real handler answers (usually a
  // 4xx about the input); a call whose handler is not mounted would fall to the API's 404.
  it.each(entries.filter(([, e]) => !isMediaEndpoint(e)))('%s has its handler mounted', async (_name, endpoint) => {
    const { request } = createTestApp(database.db)
    const path = endpoint.path.replace(/\{\w+\}/g, 'x')
    const res = await request(path, { method: endpoint.method, ...(endpoint.method === 'POST' ? { json: {} } : {}) })
    const body = (await res.json()) as { msg?: string }
    expect(endpoint.implemented).toBe(true)
    expect(res.status, `${res.status} ${body.msg}`).not.toBe(501)
    expect(body.msg).not.toBe('Recurso não encontrado.')
  })
})

describe('request schemas', () => {
  const withRequest = entries.flatMap(([name, e]) => ('request' in e && e.request ? [[name, e.request] as const] : []))

  it('every POST call has a request schema and an example', () => {
    const posts = entries.filter(([, e]) => e.method === 'POST').map(([name]) => name)
    expect(withRequest.map(([name]) => name).sort()).toEqual(posts.sort())
    for (const [name] of withRequest) expect(EXAMPLES[name]?.request, name).toBeDefined()
  })

  it.each(withRequest)('%s parses the spec example and rejects unknown fields', (name, schema) => {
    const example = EXAMPLES[name]?.request as Record<string, unknown>
    expect(schema.safeParse(example).success).toBe(true)
    const extra = schema.safeParse({ ...example, campoDesconhecido: 'x' })
    expect(extra.success).toBe(false)
    expect(extra.error?.issues.some((i) => i.code === 'unrecognized_keys')).toBe(true)
  })

  it.each(withRequest)('%s refuses a body that is not an object', (_name, schema) => {
    for (const body of [null, [], 'x', 1]) expect(schema.safeParse(body).success).toBe(false)
  })
})

describe('response schemas', () => {
  const examples = Object.entries(EXAMPLES) as Array<[EndpointName, { responses: unknown[] }]>

  it('every JSON call outside the catalog (whose module tests its own answers) has examples', () => {
    const owned = entries.filter(([, e]) => !isMediaEndpoint(e) && e.tag !== 'catalogo').map(([name]) => name)
    expect(examples.map(([name]) => name).sort()).toEqual(owned.sort())
  })

  it.each(examples)('%s reads the answers the spec describes', (name, { responses }) => {
    const endpoint: Endpoint = endpoints[name]
    if (isMediaEndpoint(endpoint)) throw new Error(`${name} has no JSON answer`)
    for (const answer of responses) expect(endpoint.response.safeParse(answer).success, JSON.stringify(answer)).toBe(true)
  })

  it.each(examples)('%s refuses an answer of another shape', (name) => {
    const endpoint: Endpoint = endpoints[name]
    if (isMediaEndpoint(endpoint)) throw new Error(`${name} has no JSON answer`)
    expect(endpoint.response.safeParse({ estado: 'talvez' }).success).toBe(false)
  })
})

describe('OpenAPI document', () => {
  it('docs/api/openapi.json is up to date (regenerate: node --import tsx scripts/openapi.ts)', () => {
    expect(readFileSync(OPENAPI_FILE, 'utf8')).toBe(renderOpenApi())
  })

  it('has one operation per method and path, each with a 200 answer', () => {
    const doc = JSON.parse(renderOpenApi()) as { openapi: string; paths: Record<string, Record<string, { responses: Record<string, unknown> }>> }
    expect(doc.openapi).toBe('3.1.0')
    const operations = Object.entries(doc.paths).flatMap(([path, ops]) => Object.keys(ops).map((m) => `${m.toUpperCase()} ${path}`))
    expect(operations.sort()).toEqual([...SPEC_CALLS].sort())
    for (const ops of Object.values(doc.paths)) for (const op of Object.values(ops)) expect(op.responses['200']).toBeDefined()
  })
})
