import { Hono, type Context } from 'hono'
import {
  cadastroRequestSchema,
  contaDadosRequestSchema,
  contaExcluirRequestSchema,
  contaExportarRequestSchema,
  contaSenhaRequestSchema,
  novaSenhaRequestSchema,
  recuperarRequestSchema,
  sairRequestSchema,
} from '../../../contract/account'
import { ACCOUNT } from '../../../contract/messages/account-reasons'
import { loginStep1RequestSchema, loginStep2RequestSchema, permissionRequestSchema } from '../../../contract/auth'
import { issueChallenge } from '../../domain/account/captcha'
import { grantPermission, loginStep1, loginStep2 } from '../../domain/account/login'
import { changePassword, deleteAccount, exportOwnData, updateConta } from '../../domain/account/profile'
import { requestReset, resetPassword } from '../../domain/account/recovery'
import { register } from '../../domain/account/register'
import { endSession, type NewSession } from '../../domain/account/sessions'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { clientIp, storeOrigin } from '../client'
import { answer } from '../refusal'
import type { AppBindings } from '../context'
import { noStore } from '../no-store'
import { requireCustomer } from '../require-customer'
import { readJson } from '../validate'

/** The session's customer is gone (removed meanwhile): the same 401 'auth' as no login at all. */
function customerGone(): never {
  throw refuse(ACCOUNT.auth)
}

/** A session the domain just created for the customer becomes the request's (its cookie is set). */
function loggedIn(c: Context<AppBindings>, created: NewSession): void {
  c.get('ctx').session.adopt(created.token, created.session)
}

/** Registration and a password reset end alike: refused, or the customer is logged in. */
function loggedInOrRefused(c: Context<AppBindings>, result: NewSession | Refusal): Response {
  if (isRefusal(result)) throw result
  loggedIn(c, result)
  return c.json({ estado: 'sucesso' as const })
}

/**
 * The login calls of docs/requirements.md and the account calls (registration, recovery, Minha Conta: ours, the spec has none), under /_auth/. Thin: parse with
 * the contract, call one domain function, shape the answer.
 */
export const accountApi = new Hono<AppBindings>()
  .use('*', noStore)
  // ───────────── login ─────────────
  .post('/permission/', async (c) => {
    await readJson(c, permissionRequestSchema)
    const ctx = c.get('ctx')
    return c.json(await grantPermission(ctx.db, clientIp(c), ctx.session.current(), () => ctx.session.ensure()))
  })
  .post('/step/1/', async (c) => {
    const input = await readJson(c, loginStep1RequestSchema)
    const ctx = c.get('ctx')
    return c.json(await loginStep1(ctx.db, clientIp(c), ctx.session.current(), input))
  })
  .post('/step/2/', async (c) => {
    const input = await readJson(c, loginStep2RequestSchema)
    const ctx = c.get('ctx')
    const result = await loginStep2(ctx.db, clientIp(c), ctx.session.current(), input, ctx.env)
    if (result.status === 'erro') return c.json(result)
    loggedIn(c, result)
    return c.json({ status: result.status })
  })

  // ───────────── registration and recovery ─────────────
  .get('/captcha/', async (c) => {
    const ctx = c.get('ctx')
    return answer(c, await issueChallenge(ctx.db, ctx.env, clientIp(c)))
  })
  .post('/cadastro/', async (c) => {
    const input = await readJson(c, cadastroRequestSchema)
    const ctx = c.get('ctx')
    const at = { ip: clientIp(c), sessionId: ctx.session.current()?.id ?? null, origin: storeOrigin(c) }
    return loggedInOrRefused(c, await register(ctx, input, at))
  })
  .post('/recuperar/', async (c) => {
    const { email } = await readJson(c, recuperarRequestSchema)
    const result = await requestReset(c.get('ctx'), email, { ip: clientIp(c), origin: storeOrigin(c) })
    if (isRefusal(result)) throw result
    return c.json({ estado: 'sucesso' as const, msg: result.msg })
  })
  .post('/nova-senha/', async (c) => {
    const input = await readJson(c, novaSenhaRequestSchema)
    const ctx = c.get('ctx')
    return loggedInOrRefused(c, await resetPassword(ctx, input, ctx.session.current()?.id ?? null))
  })

  // ───────────── Minha Conta ─────────────
  .post('/sair/', async (c) => {
    await readJson(c, sairRequestSchema)
    const ctx = c.get('ctx')
    const session = ctx.session.current()
    if (session) await endSession(ctx.db, session.id)
    ctx.session.end()
    return c.json({ estado: 'sucesso' as const })
  })
  .post('/conta/dados/', async (c) => {
    const ctx = c.get('ctx')
    const { customerId } = requireCustomer(ctx)
    const input = await readJson(c, contaDadosRequestSchema)
    const conta = (await updateConta(ctx, customerId, input)) ?? customerGone()
    return c.json({ estado: 'sucesso' as const, conta })
  })
  .post('/conta/senha/', async (c) => {
    const ctx = c.get('ctx')
    const session = requireCustomer(ctx)
    const input = await readJson(c, contaSenhaRequestSchema)
    const refused = await changePassword(ctx, session.customerId, session.id, input)
    if (refused) throw refused
    return c.json({ estado: 'sucesso' as const })
  })
  .post('/conta/exportar/', async (c) => {
    const ctx = c.get('ctx')
    const { customerId } = requireCustomer(ctx)
    const { senha } = await readJson(c, contaExportarRequestSchema)
    const data = await exportOwnData(ctx, customerId, senha)
    if (isRefusal(data)) throw data
    c.header('Content-Disposition', 'attachment; filename="meus-dados-vitrine.json"')
    return c.json(data)
  })
  .post('/conta/excluir/', async (c) => {
    const ctx = c.get('ctx')
    const session = requireCustomer(ctx)
    const { senha } = await readJson(c, contaExcluirRequestSchema)
    const refused = await deleteAccount(ctx, session.customerId, session.id, senha)
    if (refused) throw refused
    ctx.session.end()
    return c.json({
      estado: 'sucesso' as const,
      msg: 'Seus dados pessoais foram excluídos e a conta foi encerrada. Os pedidos ficam guardados pelo prazo que a lei exige.',
    })
  })
