import { describe, expect, it } from 'vitest'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { passwordRefusal } from './password-policy'

const ana = { email: 'ana.souza@example.com', nome: 'Ana', sobrenome: 'Souza' }

describe('new password policy', () => {
  it.each(['senha123', 'abc12345', 'password1', '12345678a', 'Brasil2026', 'Flamengo10', 'qwerty123', 'AnaSouza1', 'ana.souza2026'])(
    'refuses %s as easy to guess',
    async (password) => {
      expect((await passwordRefusal(password, ana, 'Vitrine'))?.code).toBe(ACCOUNT.senhaFraca.code)
    },
  )

  it('refuses the e-mail itself with the existing message', async () => {
    expect(await passwordRefusal('Ana.Souza@Example.com', ana, 'Vitrine')).toBe(ACCOUNT.senhaIgualEmail)
  })

  it.each(['Trocada2026!', 'cavalo-bateria-grampo', 'Nova2026abc'])('accepts %s', async (password) => {
    expect(await passwordRefusal(password, { email: 'rui@example.com', nome: 'Rui', sobrenome: 'Lima' }, 'Vitrine')).toBeNull()
  })

  it('refuses the demo’s published passwords as new ones', async () => {
    expect(await passwordRefusal('Demo@2026', { email: 'rui@example.com' }, 'Vitrine')).toBe(ACCOUNT.senhaPublicada)
  })

  it('counts the configured store name as a known word, not a fixed one', async () => {
    const rui = { email: 'rui@example.com', nome: 'Rui' }
    expect((await passwordRefusal('Eletrozap2027', rui, 'Eletrozap'))?.code).toBe(ACCOUNT.senhaFraca.code)
    expect(await passwordRefusal('Eletrozap2027', rui, 'Vitrine')).toBeNull()
  })
})
