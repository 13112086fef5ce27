import { Hono, type Context } from 'hono'
import { z } from 'zod'
import {
  aceitarConviteRequestSchema,
  ativoRequestSchema,
  codigoRequestSchema,
  convidarRequestSchema,
  entrarRequestSchema,
  loginCodigoRequestSchema,
  papelRequestSchema,
  senhaRequestSchema,
  staffIdParamsSchema,
} from '../../../contract/admin/staff'
import { STAFF } from '../../../contract/messages/staff'
import { isRefusal, type Refusal } from '../../domain/refusal'
import { acceptInvitation, inviteStaff } from '../../domain/staff/invitations'
import { loginEnrolConfirm, loginEnrolStart, staffLogin, staffLoginCode, staffLogout, type LoginResult } from '../../domain/staff/login'
import type { Where } from '../../domain/staff/sessions'
import { changeStaffPassword } from '../../domain/staff/password'
import { changeRole, removeTotp, setActive } from '../../domain/staff/team'
import { confirmEnrolment, renewRecoveryCodes, startEnrolment } from '../../domain/staff/totp'
import { secretBox } from '../../lib/secret-box'
import { clientIp, storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { readJson } from '../validate'
import { setStaffCookie } from './cookie'
import { requireStaff, sessionOfRequest } from './guard'
import { answer, paramsOf } from './respond'

const where = (c: Context<AppBindings>): Where & { ip: string } => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null })
const box = (c: Context<AppBindings>) => secretBox(c.get('ctx').env)
const issuer = (c: Context<AppBindings>) => `${c.get('ctx').store.nome} (painel)`
const idOf = (c: Context<AppBindings>) => paramsOf(c, staffIdParamsSchema, STAFF.notFound).id
/** A change's answer on the wire: `{estado:'sucesso'}` alone, or its refusal. */
const done = (result: object | null | Refusal) => (isRefusal(result) ? result : {})
/** A login step's answer: the cookie of the session it opened, and which step comes next. */
function entered(c: Context<AppBindings>, result: LoginResult | Refusal) {
  if (isRefusal(result)) return answer(c, result)
  setStaffCookie(c, result.token)
  const etapa = result.stage === 'totp' ? ('totp' as const) : result.stage === 'enrol' ? ('cadastro-totp' as const) : ('pronto' as const)
  return answer(c, { etapa })
}

/**
 * People and access for scripts and integrations (the pages do the same through their actions):
 * login with TOTP (required in live mode), Sair, invitations, TOTP enrolment and recovery codes, and
 * the Equipe's changes.
 */
export const staffAdminApi = new Hono<AppBindings>()
  .post('/entrar', async (c) => {
    const input = await readJson(c, entrarRequestSchema)
    return entered(c, await staffLogin(c.get('ctx').db, { ...input, previous: await sessionOfRequest(c) }, where(c), c.get('ctx').env))
  })
  .post('/entrar/codigo', async (c) => {
    const { codigo } = await readJson(c, loginCodigoRequestSchema)
    const result = await staffLoginCode(c.get('ctx').db, box(c), await sessionOfRequest(c), codigo, where(c))
    if (isRefusal(result)) return answer(c, result)
    setStaffCookie(c, result.token)
    return answer(c, {})
  })
  // Live mode, first login without TOTP: the enrolment is the only thing the session opens.
  .post('/entrar/totp/inicio', async (c) => {
    await readJson(c, z.strictObject({}))
    return answer(c, await loginEnrolStart(c.get('ctx').db, box(c), await sessionOfRequest(c), issuer(c), clientIp(c)))
  })
  .post('/entrar/totp/ativar', async (c) => {
    const { codigo } = await readJson(c, codigoRequestSchema)
    const result = await loginEnrolConfirm(c.get('ctx').db, box(c), await sessionOfRequest(c), codigo, where(c))
    if (isRefusal(result)) return answer(c, result)
    setStaffCookie(c, result.token)
    return answer(c, { codigos: result.codigos })
  })
  .post('/sair', async (c) => {
    await readJson(c, z.strictObject({}))
    await staffLogout(c.get('ctx').db, await sessionOfRequest(c), clientIp(c))
    setStaffCookie(c, null)
    return answer(c, {})
  })
  .post('/convites/aceitar', async (c) => {
    const input = await readJson(c, aceitarConviteRequestSchema)
    return entered(c, await acceptInvitation(c.get('ctx'), input, where(c)))
  })
  // TOTP enrolment: anyone logged in, for themselves.
  .post('/seguranca/totp/inicio', async (c) => {
    await readJson(c, z.strictObject({}))
    const me = await requireStaff(c)
    return answer(c, await startEnrolment(c.get('ctx').db, box(c), me, issuer(c)))
  })
  .post('/seguranca/totp/ativar', async (c) => {
    const { codigo } = await readJson(c, codigoRequestSchema)
    const me = await requireStaff(c)
    return answer(c, await confirmEnrolment(c.get('ctx').db, box(c), me.actor, codigo))
  })
  .post('/seguranca/senha', async (c) => {
    const input = await readJson(c, senhaRequestSchema)
    const me = await requireStaff(c)
    return answer(c, await changeStaffPassword(c.get('ctx'), me, input))
  })
  .post('/seguranca/totp/codigos', async (c) => {
    await readJson(c, z.strictObject({}))
    const me = await requireStaff(c)
    return answer(c, await renewRecoveryCodes(c.get('ctx').db, me.actor))
  })
  // Equipe: the Dono, with TOTP on (the domain checks it).
  .post('/equipe/convites', async (c) => {
    const input = await readJson(c, convidarRequestSchema)
    const me = await requireStaff(c, 'staff:manage')
    return answer(c, done(await inviteStaff(c.get('ctx'), { ...input, actor: me.actor, origin: storeOrigin(c) })))
  })
  .post('/equipe/:id/papel', async (c) => {
    const { role } = await readJson(c, papelRequestSchema)
    const me = await requireStaff(c, 'staff:manage')
    return answer(c, done(await changeRole(c.get('ctx').db, { id: idOf(c), role, actor: me.actor })))
  })
  .post('/equipe/:id/ativo', async (c) => {
    const { ativo } = await readJson(c, ativoRequestSchema)
    const me = await requireStaff(c, 'staff:manage')
    return answer(c, done(await setActive(c.get('ctx').db, { id: idOf(c), active: ativo, actor: me.actor })))
  })
  .post('/equipe/:id/totp/remover', async (c) => {
    await readJson(c, z.strictObject({}))
    const me = await requireStaff(c, 'staff:manage')
    return answer(c, done(await removeTotp(c.get('ctx').db, { id: idOf(c), actor: me.actor })))
  })
