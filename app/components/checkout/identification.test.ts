import { describe, expect, it } from 'vitest'
import { continueProblem, fieldProblem } from './identification'

const ok = { nome: 'Maria da Silva', email: 'maria@example.com', cpf: '529.982.247-25', celular: '(11) 9 8765-4321' }

describe('checkout identification checks', () => {
  it('says what is wrong with each field on blur', () => {
    expect(fieldProblem('nome', '  ')).toBe('Campo obrigatório.')
    expect(fieldProblem('nome', 'Maria')).toBe('Digite o seu nome completo')
    expect(fieldProblem('nome', 'Maria S')).toBe('Digite o seu nome completo')
    expect(fieldProblem('nome', ok.nome)).toBeNull()
    expect(fieldProblem('email', 'maria@')).toBe('E-mail inválido. Verifique se digitou corretamente')
    expect(fieldProblem('cpf', '111.111.111-11')).toBe('Campo inválido.')
    expect(fieldProblem('cpf', '529.982.247-2')).toBe('Campo inválido.')
    expect(fieldProblem('cpf', ok.cpf)).toBeNull()
    expect(fieldProblem('celular', '(11) 8 8765-4321')).toBe('Campo inválido.')
    expect(fieldProblem('celular', ok.celular)).toBeNull()
  })

  it('toasts the first fault on Continuar, in the form order', () => {
    expect(continueProblem(ok)).toBeNull()
    expect(continueProblem({ ...ok, nome: 'Maria', cpf: '1' })).toBe('Digite o seu nome completo')
    expect(continueProblem({ ...ok, email: 'x' })).toBe('E-mail inválido. Verifique se digitou corretamente')
    expect(continueProblem({ ...ok, cpf: '' })).toBe('Campo de CPF inválido!')
    expect(continueProblem({ ...ok, celular: '123' })).toBe('Número de celular inválido!')
  })
})
