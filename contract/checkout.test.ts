import { describe, expect, it } from 'vitest'
import {
  CHECKOUT_MESSAGES,
  calcularFreteResponseSchema,
  checkCepRequestSchema,
  checkCepResponseSchema,
  checkout1ResponseSchema,
  checkoutErroSchema,
  checkoutStep1RequestSchema,
  checkoutStep1ResponseSchema,
  checkoutStep2RequestSchema,
  checkoutStep2ResponseSchema,
  dadosCompraResponseSchema,
} from './checkout'

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message

const identificacao = { nome: 'Maria da Silva', email: 'maria@example.com', cpf: '529.982.247-25', celular: '(11) 9 8765-4321' }
const entrega = { cep: '010.01-000', logradouro: 'Praça da Sé', numero: '100', bairro: 'Sé', destinatario: 'Maria da Silva' }

describe('dados-compra', () => {
  const dados = {
    user: { nome: 'Maria', sobrenome: 'Silva', telefone: '11987654321' },
    endereco: { cep: '01001000', rua: 'Praça da Sé', numero: '100', bairro: 'Sé', comp: 'Apto 12', cidade: 'São Paulo' },
    estacao: null,
  }

  it('reads user, endereco (with comp) and estacao', () => {
    expect(dadosCompraResponseSchema.parse(dados)).toEqual(dados)
    const comEstacao = { ...dados, estacao: { nome: 'Estação Sé' } }
    expect(dadosCompraResponseSchema.parse(comEstacao)).toEqual(comEstacao)
  })

  it("reads the checkout codes in msg: {estado:'erro', msg:'auth'|'sedrc'|'EsEdrc'}", () => {
    for (const msg of ['auth', 'sedrc', 'EsEdrc']) {
      expect(checkoutErroSchema.parse({ estado: 'erro', msg })).toEqual({ estado: 'erro', msg })
      expect(dadosCompraResponseSchema.parse({ estado: 'erro', msg })).toEqual({ estado: 'erro', msg })
    }
    expect(checkoutErroSchema.safeParse({ estado: 'erro', msg: 'AUTH' }).success).toBe(false)
  })

  it('refuses an answer missing endereco', () => {
    const { endereco: _endereco, ...semEndereco } = dados
    expect(dadosCompraResponseSchema.safeParse(semEndereco).success).toBe(false)
  })
})

describe('calcular-frete-qqer', () => {
  it('reads opcs, frete and estacao', () => {
    const frete = {
      opcs: [
        { nome: 'Padrão', valor: 19.9, prazo: 4, previsao: '2026-11-30' },
        { nome: 'Expressa', valor: 34.5, prazo: 1, previsao: '2026-11-25' },
        { nome: 'Retirar em uma estação', valor: 0, prazo: 2, previsao: '2026-11-26' },
      ],
      frete: 19.9,
      estacao: [
        { id: 'se', nome: 'Estação Sé', endereco: 'Praça da Sé, 111' },
        { id: 'paulista', nome: 'Estação Paulista', endereco: 'Avenida Paulista, 1578' },
      ],
      escolha: { opcao: null, estacao: null },
    }
    expect(calcularFreteResponseSchema.parse(frete)).toEqual(frete)
    expect(calcularFreteResponseSchema.parse({ estado: 'erro', msg: 'sedrc' })).toEqual({ estado: 'erro', msg: 'sedrc' })
    expect(calcularFreteResponseSchema.safeParse({ ...frete, opcs: [{ nome: 'PAC', valor: -1, prazo: 1, previsao: '2026-11-25' }] }).success).toBe(false)
  })
})

describe('checkout step 1 (identification)', () => {
  it('accepts the spec payload and normalises CPF and celular to digits', () => {
    expect(checkoutStep1RequestSchema.parse({ ...identificacao, nome: '  Maria da Silva ', email: ' Maria@Example.COM' })).toEqual({
      nome: 'Maria da Silva',
      email: 'maria@example.com',
      cpf: '52998224725',
      celular: '11987654321',
    })
  })

  it.each([
    ['nome', '', 'Digite o seu nome completo'],
    ['nome', 'Maria', 'Digite o seu nome completo'],
    ['nome', 'Maria S', 'Digite o seu nome completo'],
    ['email', '', 'E-mail inválido. Verifique se digitou corretamente'],
    ['email', 'maria@', 'E-mail inválido. Verifique se digitou corretamente'],
    ['cpf', '', 'Campo de CPF inválido!'],
    ['cpf', '111.111.111-11', 'Campo de CPF inválido!'],
    ['cpf', '529.982.247-26', 'Campo de CPF inválido!'],
    ['celular', '', 'Número de celular inválido!'],
    ['celular', '(11) 3 8765-4321', 'Número de celular inválido!'],
  ])('%s=%j → %s', (field, value, message) => {
    expect(firstMessage(checkoutStep1RequestSchema.safeParse({ ...identificacao, [field]: value }))).toBe(message)
  })

  it('checks in the order of the toasts: nome, e-mail, CPF, celular', () => {
    const result = checkoutStep1RequestSchema.safeParse({ nome: 'x', email: 'x', cpf: 'x', celular: 'x' })
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      CHECKOUT_MESSAGES.nome,
      CHECKOUT_MESSAGES.email,
      CHECKOUT_MESSAGES.cpf,
      CHECKOUT_MESSAGES.celular,
    ])
  })

  it("answers {estado:'sucesso'} or the auth failure", () => {
    expect(checkoutStep1ResponseSchema.parse({ estado: 'sucesso' })).toEqual({ estado: 'sucesso' })
    expect(checkoutStep1ResponseSchema.parse({ estado: 'erro', msg: 'auth' })).toEqual({ estado: 'erro', msg: 'auth' })
  })
})

describe('checkout/1', () => {
  it("keeps the spec's 'error' (not 'erro') for this call", () => {
    expect(checkout1ResponseSchema.parse({ estado: 'sucesso' })).toEqual({ estado: 'sucesso' })
    const error = { estado: 'error', msg: 'Preencha seus dados de identificação.' }
    expect(checkout1ResponseSchema.parse(error)).toEqual(error)
    expect(checkout1ResponseSchema.safeParse({ estado: 'erro', msg: 'x' }).success).toBe(false)
  })
})

describe('check-cep', () => {
  it.each(['010.01-000', '01001-000', '01001000'])('accepts %s (checkout mask 999.99-999 and the usual forms)', (cep) => {
    expect(checkCepRequestSchema.parse({ cep })).toEqual({ cep: '01001000' })
  })

  it("refuses anything else with 'Verifique o CEP digitado!'", () => {
    expect(firstMessage(checkCepRequestSchema.safeParse({ cep: '010.01-00' }))).toBe('Verifique o CEP digitado!')
  })

  it('answers logradouro, bairro, localidade or erro', () => {
    const found = { logradouro: 'Praça da Sé', bairro: 'Sé', localidade: 'São Paulo' }
    expect(checkCepResponseSchema.parse(found)).toEqual(found)
    expect(checkCepResponseSchema.parse({ estado: 'erro', msg: 'Cep inexistente!' })).toMatchObject({ estado: 'erro' })
  })
})

describe('checkout step 2 (delivery)', () => {
  it('accepts the spec payload, CEP as 8 digits, complemento optional', () => {
    expect(checkoutStep2RequestSchema.parse(entrega)).toEqual({ ...entrega, cep: '01001000', complemento: '' })
    expect(checkoutStep2RequestSchema.parse({ ...entrega, complemento: ' Apto 12 ' }).complemento).toBe('Apto 12')
  })

  it('lets a short street through (the client only warns)', () => {
    expect(checkoutStep2RequestSchema.parse({ ...entrega, logradouro: 'R' }).logradouro).toBe('R')
  })

  it.each([
    ['cep', '01.001-000x', 'Verifique o CEP digitado!'],
    ['numero', '', 'Campo obrigatório.'],
    ['numero', '12b', 'Campo invalido!'],
    ['destinatario', '  ', CHECKOUT_MESSAGES.destinatario],
  ])('%s=%j → %s', (field, value, message) => {
    expect(firstMessage(checkoutStep2RequestSchema.safeParse({ ...entrega, [field]: value }))).toBe(message)
  })

  it('answers sucesso or a failure (ignored by the client)', () => {
    expect(checkoutStep2ResponseSchema.parse({ estado: 'sucesso' })).toEqual({ estado: 'sucesso' })
    expect(checkoutStep2ResponseSchema.parse({ estado: 'erro', msg: 'auth' })).toEqual({ estado: 'erro', msg: 'auth' })
  })
})
