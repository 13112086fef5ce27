import { describe, expect, it } from 'vitest'
import {
  LOGIN_MESSAGES,
  RATE_LIMIT_ERROR,
  loginStep1RequestSchema,
  loginStep1ResponseSchema,
  loginStep2RequestSchema,
  loginStep2ResponseSchema,
  permissionRequestSchema,
  permissionResponseSchema,
} from './auth'

const firstMessage = (result: { success: boolean; error?: { issues: Array<{ message: string }> } }) => result.error?.issues[0]?.message

const Acess = 'Zk3v9QpL2mX8rT4yB6nW1cJ5hD7fG0aS'

describe('permission', () => {
  it('takes an empty object and nothing else', () => {
    expect(permissionRequestSchema.parse({})).toEqual({})
    expect(permissionRequestSchema.safeParse({ u: 'x' }).success).toBe(false)
  })

  it("answers 'success' with TokenAcess, or 'denied'", () => {
    expect(permissionResponseSchema.parse({ status: 'success', TokenAcess: Acess })).toEqual({ status: 'success', TokenAcess: Acess })
    expect(permissionResponseSchema.parse({ status: 'denied' })).toEqual({ status: 'denied' })
    expect(permissionResponseSchema.safeParse({ status: 'success' }).success).toBe(false)
    expect(permissionResponseSchema.safeParse({ status: 'sucsess', TokenAcess: Acess }).success).toBe(false)
  })
})

describe('login step 1', () => {
  it('takes {u, Acess}, the e-mail trimmed and lower-cased', () => {
    expect(loginStep1RequestSchema.parse({ u: ' Maria@Example.com ', Acess })).toEqual({ u: 'maria@example.com', Acess })
  })

  it.each([
    ['', LOGIN_MESSAGES.emailVazio],
    ['   ', LOGIN_MESSAGES.emailVazio],
    ['maria @example.com', LOGIN_MESSAGES.emailVazio],
    ['maria', LOGIN_MESSAGES.emailFormato],
    ['maria@', LOGIN_MESSAGES.emailFormato],
    [`${'a'.repeat(250)}@x.com`, LOGIN_MESSAGES.emailFormato],
  ])('refuses u=%j with the spec message', (u, message) => {
    expect(firstMessage(loginStep1RequestSchema.safeParse({ u, Acess }))).toBe(message)
  })

  it('uses the spec texts verbatim', () => {
    expect(LOGIN_MESSAGES.emailVazio).toBe('Preencha o campo email!')
    expect(LOGIN_MESSAGES.emailFormato).toBe('Formato de email inválido!')
    expect(LOGIN_MESSAGES.senhaVazia).toBe('Preencha o campo senha!')
  })

  it('refuses a missing or malformed Acess and unknown fields', () => {
    expect(firstMessage(loginStep1RequestSchema.safeParse({ u: 'maria@example.com' }))).toBe(LOGIN_MESSAGES.acesso)
    expect(firstMessage(loginStep1RequestSchema.safeParse({ u: 'maria@example.com', Acess: 'a b' }))).toBe(LOGIN_MESSAGES.acesso)
    expect(loginStep1RequestSchema.safeParse({ u: 'maria@example.com', Acess, Access: Acess }).success).toBe(false)
  })

  it("answers status 'sucsess' (sic) with TokenPass, or 'erro' with an error code", () => {
    expect(loginStep1ResponseSchema.parse({ status: 'sucsess', TokenPass: 'tp_1' })).toEqual({ status: 'sucsess', TokenPass: 'tp_1' })
    expect(loginStep1ResponseSchema.safeParse({ status: 'success', TokenPass: 'tp_1' }).success).toBe(false)
    expect(loginStep1ResponseSchema.parse({ status: 'erro', error: RATE_LIMIT_ERROR })).toEqual({ status: 'erro', error: 'rate-limit' })
    expect(loginStep1ResponseSchema.parse({ status: 'erro', error: 'conta' })).toEqual({ status: 'erro', error: 'conta' })
  })
})

describe('login step 2', () => {
  it('takes {s, Acess} with the password exactly as typed', () => {
    expect(loginStep2RequestSchema.parse({ s: 'S3nh@Forte', Acess })).toEqual({ s: 'S3nh@Forte', Acess })
  })

  it.each(['', ' senha', 'sen ha', undefined])("refuses s=%j with 'Preencha o campo senha!'", (s) => {
    expect(firstMessage(loginStep2RequestSchema.safeParse({ s, Acess }))).toBe('Preencha o campo senha!')
  })

  it('answers status and error', () => {
    expect(loginStep2ResponseSchema.parse({ status: 'success' })).toEqual({ status: 'success' })
    expect(loginStep2ResponseSchema.safeParse({ status: 'sucsess' }).success).toBe(false)
    expect(loginStep2ResponseSchema.parse({ status: 'erro', error: 'senha' })).toEqual({ status: 'erro', error: 'senha' })
    expect(loginStep2ResponseSchema.safeParse({ status: 'erro' }).success).toBe(false)
  })
})
