import { describe, expect, it } from 'vitest'
import { ACCOUNT_MESSAGES, cadastroRequestSchema, newPasswordField } from './account'

const valid = {
  nome: 'José',
  sobrenome: "D'Ávila-Souza Jr.",
  documento: '390.533.447-05',
  email: ' Jose@Example.COM ',
  telefone: '(11) 9 8765-4321',
  senha: 'Segura2026',
  confirmacao: 'Segura2026',
  termos: true,
  altcha: 'x',
}
const first = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) => (r.success ? '' : r.error!.issues[0].message)

describe('registration schema', () => {
  it('normalises a valid registration', () => {
    expect(cadastroRequestSchema.parse(valid)).toMatchObject({
      email: 'jose@example.com',
      documento: '39053344705',
      telefone: '11987654321',
      marketing: false,
    })
    expect(cadastroRequestSchema.parse({ ...valid, documento: '12.abc.345/01de-35' }).documento).toBe('12ABC34501DE35')
    expect(cadastroRequestSchema.parse({ ...valid, documento: '11.222.333/0001-81' }).documento).toBe('11222333000181')
  })

  it('password: 8+ characters with letters and digits, no spaces', () => {
    for (const bad of ['', 'abc123', 'abcdefgh', '12345678']) expect(first(newPasswordField.safeParse(bad))).toBe(ACCOUNT_MESSAGES.senhaCurta)
    expect(first(newPasswordField.safeParse('abcd 1234'))).toBe(ACCOUNT_MESSAGES.senhaEspacos)
    expect(first(newPasswordField.safeParse(`a1${'x'.repeat(200)}`))).toBe(ACCOUNT_MESSAGES.senhaLonga)
    expect(newPasswordField.safeParse('ção12345').success).toBe(true)
  })

  it('refuses documents with wrong check digits, markup in names, an unchecked terms box', () => {
    expect(first(cadastroRequestSchema.safeParse({ ...valid, documento: '12.ABC.345/01DE-36' }))).toBe(ACCOUNT_MESSAGES.documentoInvalido)
    expect(first(cadastroRequestSchema.safeParse({ ...valid, documento: '000.000.000-00' }))).toBe(ACCOUNT_MESSAGES.documentoInvalido)
    expect(first(cadastroRequestSchema.safeParse({ ...valid, nome: 'Ana<img src=x>' }))).toBe(ACCOUNT_MESSAGES.nomeInvalido)
    expect(first(cadastroRequestSchema.safeParse({ ...valid, nome: 'Robert"); DROP TABLE' }))).toBe(ACCOUNT_MESSAGES.nomeInvalido)
    expect(first(cadastroRequestSchema.safeParse({ ...valid, termos: false }))).toBe(ACCOUNT_MESSAGES.termos)
    expect(first(cadastroRequestSchema.safeParse({ ...valid, senha: 'jose@example.com1', confirmacao: 'jose@example.com1' }))).toBe('')
    expect(first(cadastroRequestSchema.safeParse({ ...valid, email: 'ab1cdefg@x.co', senha: 'AB1CDEFG@x.co', confirmacao: 'AB1CDEFG@x.co' }))).toBe(
      ACCOUNT_MESSAGES.senhaIgualEmail,
    )
  })
})
