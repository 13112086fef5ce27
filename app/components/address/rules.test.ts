import { describe, expect, it } from 'vitest'
import { ADDRESS_MESSAGES } from '../../../contract/messages/address'
import { maskCep, maskPhone } from '../../../contract/masks'
import { digitsOnly, firstProblem, isCepEntry, type AddressFormValues } from './rules'

const filled: AddressFormValues = { nome: 'Ana', sobrenome: 'Souza', telefone: '(11) 9 8765-4321', bairro: '', rua: '', numero: '12', complemento: 'Casa' }

describe('add-address checks', () => {
  it('gives the spec toasts in order, values trimmed', () => {
    const steps: Array<[Partial<AddressFormValues>, string]> = [
      [{ nome: '  ' }, ADDRESS_MESSAGES.nome],
      [{ sobrenome: '' }, ADDRESS_MESSAGES.sobrenome],
      [{ telefone: ' ' }, ADDRESS_MESSAGES.telefone],
      [{ telefone: '(11) 9 8765-432' }, ADDRESS_MESSAGES.telefoneFormato],
      [{ numero: '' }, ADDRESS_MESSAGES.numero],
      [{ complemento: '  ' }, ADDRESS_MESSAGES.complemento],
    ]
    for (const [broken, message] of steps) expect(firstProblem({ ...filled, ...broken }, false)).toBe(message)
    const empty = { nome: '', sobrenome: '', telefone: '', bairro: '', rua: '', numero: '', complemento: '' }
    expect(firstProblem(empty, false)).toBe(ADDRESS_MESSAGES.nome)
    expect(firstProblem({ ...empty, nome: 'Ana' }, false)).toBe(ADDRESS_MESSAGES.sobrenome)
    expect(firstProblem(filled, false)).toBeNull()
  })

  it('asks for bairro and rua only when the CEP knows just the city', () => {
    expect(firstProblem(filled, true)).toBe(ADDRESS_MESSAGES.bairro)
    expect(firstProblem({ ...filled, bairro: 'Centro' }, true)).toBe(ADDRESS_MESSAGES.rua)
    expect(firstProblem({ ...filled, bairro: 'Centro', rua: 'Rua A', numero: '' }, true)).toBe(ADDRESS_MESSAGES.numero)
  })

  it('masks as the shopper types', () => {
    expect(maskCep('01310200')).toBe('01.310-200')
    expect(maskCep('0131')).toBe('01.31')
    expect(maskCep('01.310-2009')).toBe('01.310-200')
    expect(maskPhone('11987654321')).toBe('(11) 9 8765-4321')
    expect(digitsOnly('12a-3 b')).toBe('123')
    expect(isCepEntry('01.310-200')).toBe(true)
    expect(isCepEntry('01310-200')).toBe(false)
    expect(isCepEntry('01.310-20')).toBe(false)
  })
})
