import { describe, expect, it } from 'vitest'
import {
  CART_MESSAGES,
  alterarPedidoRequestSchema,
  alterarPedidoResponseSchema,
  atualizarVariacaoRequestSchema,
  atualizarVariacaoResponseSchema,
  carrinhoAddRequestSchema,
  carrinhoAddResponseSchema,
  carrinhoRmvRequestSchema,
  carrinhoRmvResponseSchema,
  cartItemSchema,
  lineWarning,
  listarCarrinhoResponseSchema,
  restamMessage,
  type CartItem,
} from './cart'

const item: CartItem = {
  id: 'ln_8fK2',
  token: 'ln_8fK2',
  hash: 'p9XyZ',
  titulo: 'Smartphone X 128 GB',
  imgs: { link: 'produtos/smartphone-x-1.webp' },
  categoria: 'Smartphones',
  quantidade: 2,
  valor: 1500,
  valor_total: 3000,
  discountedPricePix: 1425,
  installmentPrice: 1500,
  variacao: [{ v1: 'Cor', v2: 'Preto', v3: 'op_preto' }],
  itens_vari: [
    {
      nome: 'Cor',
      data: [
        { name: 'Preto', hash: 'op_preto', valor: 1500, qtd: 4 },
        { name: 'Azul', hash: 'op_azul', valor: 1550, qtd: 0 },
      ],
    },
  ],
  disponivel: true,
  max: 4,
}

describe('listar-carrinho', () => {
  it('reads one item shape that serves the panel and the page', () => {
    const answer = {
      itens: [item],
      total: 3000,
      compra: [{ nome: 'Maria Silva', email: 'maria@example.com', cpf: '52998224725', celular: '11987654321' }],
    }
    const parsed = listarCarrinhoResponseSchema.parse(answer)
    expect(parsed).toEqual(answer)
    if (!('itens' in parsed)) throw new Error('expected the success shape')
    const [line] = parsed.itens
    expect(line.variacao[0]).toEqual({ v1: 'Cor', v2: 'Preto', v3: 'op_preto' })
    expect(line.itens_vari[0].data.map((o) => o.name)).toEqual(['Preto', 'Azul'])
  })

  it('declares every field of both views', () => {
    const panel = ['id', 'titulo', 'quantidade', 'valor_total', 'discountedPricePix', 'installmentPrice', 'imgs']
    const page = ['hash', 'token', 'titulo', 'imgs', 'categoria', 'quantidade', 'valor', 'valor_total', 'variacao', 'itens_vari']
    // Ours: whether the line can be bought as it stands, the most it can hold, and its automatic promotion.
    const availability = ['disponivel', 'max', 'promocao']
    expect(Object.keys(cartItemSchema.shape).sort()).toEqual([...new Set([...panel, ...page, ...availability])].sort())
    expect(Object.keys(cartItemSchema.shape.imgs.shape)).toEqual(['link'])
  })

  it('reads an empty cart, and the error with or without message', () => {
    expect(listarCarrinhoResponseSchema.parse({ itens: [], total: 0, compra: [] })).toEqual({ itens: [], total: 0, compra: [] })
    expect(listarCarrinhoResponseSchema.parse({ estado: 'erro', msg: 'x', message: 'x' })).toMatchObject({ message: 'x' })
    expect(listarCarrinhoResponseSchema.parse({ estado: 'erro', msg: 'x' })).toEqual({ estado: 'erro', msg: 'x' })
  })

  it('refuses a line missing a field of either view', () => {
    const { discountedPricePix: _pix, ...noPix } = item
    const { itens_vari: _vari, ...noVari } = item
    for (const bad of [noPix, noVari, { ...item, quantidade: 0 }]) {
      expect(listarCarrinhoResponseSchema.safeParse({ itens: [bad], total: 0, compra: [] }).success).toBe(false)
    }
  })
})

describe('carrinho/add and carrinho/rmv', () => {
  it('takes {id, qtd, variacao?}', () => {
    expect(carrinhoAddRequestSchema.parse({ id: 'p9XyZ', qtd: 1 })).toEqual({ id: 'p9XyZ', qtd: 1 })
    expect(carrinhoAddRequestSchema.parse({ id: 'p9XyZ', qtd: 3, variacao: 'op_preto' })).toEqual({
      id: 'p9XyZ',
      qtd: 3,
      variacao: 'op_preto',
    })
  })

  it.each([
    [0, CART_MESSAGES.quantidadeMinima],
    [-1, CART_MESSAGES.quantidadeMinima],
    [1.5, CART_MESSAGES.quantidade],
    ['2', CART_MESSAGES.quantidade],
    [10_000, CART_MESSAGES.quantidadeMaxima],
  ])('refuses qtd %j', (qtd, message) => {
    expect(carrinhoAddRequestSchema.safeParse({ id: 'p9XyZ', qtd }).error?.issues[0]?.message).toBe(message)
  })

  it('refuses ids that are not opaque tokens', () => {
    expect(carrinhoAddRequestSchema.safeParse({ id: '', qtd: 1 }).error?.issues[0]?.message).toBe(CART_MESSAGES.produto)
    expect(carrinhoAddRequestSchema.safeParse({ id: 'a/b', qtd: 1 }).error?.issues[0]?.message).toBe(CART_MESSAGES.produto)
    expect(carrinhoRmvRequestSchema.safeParse({ id: 'x'.repeat(129) }).error?.issues[0]?.message).toBe(CART_MESSAGES.item)
  })

  it('reads the spec answers', () => {
    expect(carrinhoAddResponseSchema.parse({ estado: 'sucesso', itens: 3 })).toEqual({ estado: 'sucesso', itens: 3 })
    expect(carrinhoAddResponseSchema.parse({ estado: 'erro', msg: CART_MESSAGES.selecioneVariacao })).toMatchObject({ estado: 'erro' })
    expect(carrinhoAddResponseSchema.safeParse({ estado: 'sucesso' }).success).toBe(false)
    const removed = { estado: 'sucesso', itens: 2, msg: CART_MESSAGES.removido }
    expect(carrinhoRmvResponseSchema.parse(removed)).toEqual(removed)
    expect(carrinhoRmvRequestSchema.parse({ id: 'ln_8fK2' })).toEqual({ id: 'ln_8fK2' })
  })
})

describe('alterar-pedido', () => {
  it('takes {pdt, qtd} with qtd an integer from 0 (0 is accepted and ignored)', () => {
    expect(alterarPedidoRequestSchema.parse({ pdt: 'ln_8fK2', qtd: 5 })).toEqual({ pdt: 'ln_8fK2', qtd: 5 })
    expect(alterarPedidoRequestSchema.parse({ pdt: 'ln_8fK2', qtd: 0 })).toEqual({ pdt: 'ln_8fK2', qtd: 0 })
    for (const qtd of [-1, 2.5, '2', 10_000, null]) {
      expect(alterarPedidoRequestSchema.safeParse({ pdt: 'ln_8fK2', qtd }).success, String(qtd)).toBe(false)
    }
  })

  it('names how many units are left', () => {
    expect(restamMessage(3)).toBe('Só restam 3 unidades deste produto.')
    expect(restamMessage(1)).toBe('Só resta 1 unidade deste produto.')
    expect(restamMessage(0)).toBe(CART_MESSAGES.esgotado)
  })

  it('says what keeps a line from being bought, and how to fix it', () => {
    expect(lineWarning({ disponivel: true, max: 4 })).toBeNull()
    expect(lineWarning({ disponivel: false, max: 0 })).toEqual({ titulo: 'Produto indisponível', detalhe: 'Remova-o do carrinho para continuar.' })
    expect(lineWarning({ disponivel: false, max: 2 })).toEqual({ titulo: 'Só restam 2 unidades', detalhe: 'Diminua a quantidade para continuar.' })
    expect(lineWarning({ disponivel: false, max: 1 })?.titulo).toBe('Só resta 1 unidade')
  })

  it("reads 'sucesso' with valor, 'MaxLimite' with msg and max, 'erro' with msg", () => {
    expect(alterarPedidoResponseSchema.parse({ estado: 'sucesso', valor: 7500 })).toEqual({ estado: 'sucesso', valor: 7500 })
    const max = { estado: 'MaxLimite', msg: 'Temos apenas 4 unidades em estoque.', max: 4 }
    expect(alterarPedidoResponseSchema.parse(max)).toEqual(max)
    expect(alterarPedidoResponseSchema.parse({ estado: 'erro', msg: 'x' })).toEqual({ estado: 'erro', msg: 'x' })
    expect(alterarPedidoResponseSchema.safeParse({ estado: 'MaxLimite', msg: 'x' }).success).toBe(false)
  })
})

describe('atualizar-variacao', () => {
  it('takes {id, vrc} and answers estado, v_u, v_t, msg', () => {
    expect(atualizarVariacaoRequestSchema.parse({ id: 'ln_8fK2', vrc: 'op_azul' })).toEqual({ id: 'ln_8fK2', vrc: 'op_azul' })
    const ok = { estado: 'sucesso', v_u: 1550, v_t: 3100, msg: CART_MESSAGES.variacaoAtualizada }
    expect(atualizarVariacaoResponseSchema.parse(ok)).toEqual(ok)
    expect(atualizarVariacaoResponseSchema.safeParse({ estado: 'sucesso', v_u: 1550, msg: 'x' }).success).toBe(false)
  })
})
