import { describe, expect, it } from 'vitest'
import { LOGIN_MESSAGES } from '../../../contract/messages/account'
import type { CallResult } from '~/lib/api'
import { stepOutcome } from './LoginStepForm'

type Step = CallResult<'loginStep1' | 'loginStep2'>
const answered = (data: unknown, status = 200): Step => ({ ok: true, status, data: data as never })
const refused = (status: number, body: { msg?: string; error?: string }): Step => ({
  ok: false,
  status,
  estado: 'erro',
  msg: body.msg ?? 'Não foi possível completar a operação. Tente novamente.',
  ...body,
})

describe('stepOutcome: a login step reads its answer as the spec describes', () => {
  it('moves on only on the success status', () => {
    expect(stepOutcome(answered({ status: 'sucsess', TokenPass: 't' }), true, LOGIN_MESSAGES.contaNaoLocalizada)).toEqual({ moved: true })
  })

  it('any other status word is a failure with the step message', () => {
    expect(stepOutcome(answered({ status: 'erro', error: 'conta' }), false, LOGIN_MESSAGES.contaNaoLocalizada)).toEqual({
      msg: LOGIN_MESSAGES.contaNaoLocalizada,
    })
    expect(stepOutcome(answered({ status: 'fail' }), false, LOGIN_MESSAGES.contaNaoLocalizada)).toEqual({ msg: LOGIN_MESSAGES.contaNaoLocalizada })
    expect(stepOutcome(answered({ status: 'success' }), false, LOGIN_MESSAGES.senhaIncorreta)).toEqual({ msg: LOGIN_MESSAGES.senhaIncorreta })
  })

  it("'rate-limit' shows the access-denied screen whatever the status word or HTTP status", () => {
    expect(stepOutcome(answered({ status: 'erro', error: 'rate-limit' }), false, LOGIN_MESSAGES.contaNaoLocalizada)).toEqual({ denied: true })
    expect(stepOutcome(answered({ status: 'bloqueado', error: 'rate-limit' }), false, LOGIN_MESSAGES.senhaIncorreta)).toEqual({ denied: true })
    expect(stepOutcome(refused(429, { error: 'rate-limit' }), false, LOGIN_MESSAGES.senhaIncorreta)).toEqual({ denied: true })
  })

  it("'acesso' asks to start over; a refusal with a sentence shows it", () => {
    expect(stepOutcome(refused(400, { error: 'acesso' }), false, LOGIN_MESSAGES.senhaIncorreta)).toEqual({ msg: LOGIN_MESSAGES.acesso })
    expect(stepOutcome(refused(422, { msg: 'Formato de email inválido!' }), false, LOGIN_MESSAGES.contaNaoLocalizada)).toEqual({
      msg: 'Formato de email inválido!',
    })
  })
})
