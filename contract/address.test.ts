import { describe, expect, it } from 'vitest'
import type { z } from 'zod'
import {
  ADDRESS_MESSAGES,
  buscaEnderecoRequestSchema,
  buscaEnderecoResponseSchema,
  consultarCepRequestSchema,
  consultarCepResponseSchema,
  listaEnderecosResponseSchema,
  salvarEnderecoRequestSchema,
  salvarEnderecoResponseSchema,
} from './address'

/** The message the server answers with: the first issue's (server/http/validate.ts). */
function firstMessage(schema: z.ZodType, input: unknown): string | undefined {
  const result = schema.safeParse(input)
  return result.success ? undefined : result.error.issues[0]?.message
}

const endereco = {
  cod: 'q7Yp2-Lk_90',
  nome: 'Maria',
  sobrenome: 'Silva',
  telefone: '(11) 9 8765-4321',
  numero: '123',
  complemento: 'Apto 12',
}

describe('consultar-cep', () => {
  it.each(['01.001-000', '01001-000', '01001000'])('accepts %s and sends 8 digits on', (cep) => {
    expect(consultarCepRequestSchema.parse({ cep })).toEqual({ cep: '01001000' })
  })

  it("refuses any other shape with 'Formato de cep inválido!'", () => {
    for (const cep of ['01.001-00', '0100100', '01-001.000', '', 12345678, null]) {
      expect(firstMessage(consultarCepRequestSchema, { cep })).toBe('Formato de cep inválido!')
    }
    expect(firstMessage(consultarCepRequestSchema, {})).toBe('Formato de cep inválido!')
  })

  it('reads the spec answers: sucesso with cod, erro Cep inexistente!', () => {
    expect(consultarCepResponseSchema.parse({ estado: 'sucesso', cod: 'q7Yp2' })).toEqual({ estado: 'sucesso', cod: 'q7Yp2' })
    const unknown = consultarCepResponseSchema.parse({ estado: 'erro', msg: ADDRESS_MESSAGES.cepInexistente })
    expect(unknown).toEqual({ estado: 'erro', msg: 'Cep inexistente!' })
    expect(consultarCepResponseSchema.safeParse({ estado: 'sucesso' }).success).toBe(false)
  })
})

describe('busca-endereco', () => {
  it('takes a cod and answers data{cep,estado,cidade,bairro,rua}', () => {
    expect(buscaEnderecoRequestSchema.parse({ cod: ' q7Yp2 ' })).toEqual({ cod: 'q7Yp2' })
    expect(buscaEnderecoRequestSchema.safeParse({ cod: '../x' }).success).toBe(false)
    const data = { cep: '01001000', estado: 'SP', cidade: 'São Paulo', bairro: 'Sé', rua: 'Praça da Sé' }
    expect(buscaEnderecoResponseSchema.parse({ estado: 'sucesso', data })).toEqual({ estado: 'sucesso', data })
    expect(buscaEnderecoResponseSchema.safeParse({ estado: 'sucesso', data: { cep: '01001000' } }).success).toBe(false)
  })
})

describe('salvar-endereco', () => {
  it('accepts the spec payload, trimmed, with telefone as digits', () => {
    const parsed = salvarEnderecoRequestSchema.parse({ ...endereco, nome: '  Maria ', complemento: ' Apto 12 ' })
    expect(parsed).toEqual({ ...endereco, telefone: '11987654321', bairro: '', rua: '' })
  })

  it('answers the spec messages in the spec order', () => {
    const blank = { cod: endereco.cod, nome: ' ', sobrenome: '', telefone: '  ', numero: '', complemento: '' }
    const expected = [
      ['nome', 'Preencha o campo de nome!'],
      ['sobrenome', 'Preencha o campo de sobrenome!'],
      ['telefone', 'Preencha o campo de telefone!'],
      ['telefone', 'Preencha corretamente o campo de telefone!', '(11) 3 8765-4321'],
      ['numero', 'Preencha o campo de numero!'],
      ['complemento', 'Preencha o campo de complemento!'],
    ] as const
    // Fill the fields one by one: each time the first remaining rule is the one answered.
    let input: Record<string, string> = { ...blank }
    for (const [field, message, badValue] of expected) {
      if (badValue) input = { ...input, [field]: badValue }
      expect(firstMessage(salvarEnderecoRequestSchema, input)).toBe(message)
      input = { ...input, [field]: endereco[field] }
    }
    expect(salvarEnderecoRequestSchema.safeParse(input).success).toBe(true)
  })

  it('reports every blank field in that order at once, one message per field', () => {
    const result = salvarEnderecoRequestSchema.safeParse({ cod: endereco.cod, nome: '', sobrenome: '', telefone: '', numero: '', complemento: '' })
    expect(result.success).toBe(false)
    expect(result.error?.issues.map((i) => i.message)).toEqual([
      'Preencha o campo de nome!',
      'Preencha o campo de sobrenome!',
      'Preencha o campo de telefone!',
      'Preencha o campo de numero!',
      'Preencha o campo de complemento!',
    ])
  })

  it('treats a missing field like an empty one', () => {
    const { sobrenome: _sobrenome, ...semSobrenome } = endereco
    expect(firstMessage(salvarEnderecoRequestSchema, semSobrenome)).toBe('Preencha o campo de sobrenome!')
  })

  it('refuses a non-numeric numero, overlong values and unknown fields', () => {
    expect(firstMessage(salvarEnderecoRequestSchema, { ...endereco, numero: '12A' })).toBe(ADDRESS_MESSAGES.numeroFormato)
    expect(firstMessage(salvarEnderecoRequestSchema, { ...endereco, nome: 'a'.repeat(121) })).toBe(ADDRESS_MESSAGES.nomeLongo)
    expect(firstMessage(salvarEnderecoRequestSchema, { ...endereco, complemento: 'a'.repeat(256) })).toBe(ADDRESS_MESSAGES.complementoLongo)
    const extra = salvarEnderecoRequestSchema.safeParse({ ...endereco, isDefault: true })
    expect(extra.error?.issues[0]?.code).toBe('unrecognized_keys')
  })

  it("answers {estado:'sucesso'}", () => {
    expect(salvarEnderecoResponseSchema.parse({ estado: 'sucesso' })).toEqual({ estado: 'sucesso' })
    expect(salvarEnderecoResponseSchema.safeParse({ estado: 'ok' }).success).toBe(false)
  })
})

describe('lista-enderecos', () => {
  it('lists saved addresses, or the auth failure', () => {
    const saved = {
      id: 'e1',
      nome: 'Maria',
      sobrenome: 'Silva',
      telefone: '11987654321',
      destinatario: 'Maria Silva',
      cep: '01001000',
      rua: 'Praça da Sé',
      numero: '100',
      complemento: 'Apto 12',
      bairro: 'Sé',
      cidade: 'São Paulo',
      estado: 'SP',
      principal: true,
    }
    expect(listaEnderecosResponseSchema.parse({ estado: 'sucesso', enderecos: [saved] })).toEqual({ estado: 'sucesso', enderecos: [saved] })
    expect(listaEnderecosResponseSchema.parse({ estado: 'sucesso', enderecos: [] })).toEqual({ estado: 'sucesso', enderecos: [] })
    expect(listaEnderecosResponseSchema.parse({ estado: 'erro', msg: 'auth' })).toEqual({ estado: 'erro', msg: 'auth' })
  })
})
