import { describe, expect, it } from 'vitest'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { passwordRefusal } from './password-policy'

const ana = { email: 'ana.souza@example.com', nome: 'Ana', sobrenome: 'Souza' }

describe('new password policy', () => {
  it.each(['senha123', 'abc12345', 'password1', '12345678a', 'Brasil2026', 'Flamengo10', 'qwerty123', 'AnaSouza1', 'ana.souza2026'])(
    'refuses %s as easy to guess',
    async (password) => {
      expect((await passwordRefusal(password, ana))?.code).toBe(ACCOUNT.senhaFraca.code)
    },
  )

  it('refuses the e-mail itself with the existing message', async () => {
    expect(await passwordRefusal('Ana.Souza@Example.com', ana)).toBe(ACCOUNT.senhaIgualEmail)
  })

  it.each(['Trocada2026!', 'cavalo-bateria-grampo', 'Nova2026abc', 'Demo@2026'])('accepts %s', async (password) => {
    expect(await passwordRefusal(password, { email: 'rui@example.com', nome: 'Rui', sobrenome: 'Lima' })).toBeNull()
  })
})
