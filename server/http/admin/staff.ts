import { Hono, type Context } from 'hono'
import {
  STAFF_MESSAGES,
  aceitarConviteRequestSchema,
  ativoRequestSchema,
  auditoriaQuerySchema,
  codigoRequestSchema,
  convidarRequestSchema,
  entrarRequestSchema,
  papelRequestSchema,
  staffIdParamsSchema,
} from '../../../contract/admin/staff'
import { z } from 'zod'
import { isRefusal, refuse, type Refusal } from '../../domain/refusal'
import { listAudit } from '../../domain/audit/list'
import { acceptInvitation, inviteStaff, pendingInvitations } from '../../domain/staff/invitations'
import { staffLogin, staffLoginCode } from '../../domain/staff/login'
import { endStaffSession, type Where } from '../../domain/staff/sessions'
import { changeRole, listStaff, removeTotp, setActive } from '../../domain/staff/team'
import { confirmEnrolment, startEnrolment } from '../../domain/staff/totp'
import { recordAudit } from '../../domain/audit/record'
import { clientIp, storeOrigin } from '../client'
import type { AppBindings } from '../context'
import { readJson, readQuery } from '../validate'
import { clearStaffCookie, setStaffCookie } from './cookie'
import { fail, requireStaff, sessionOfRequest, type StaffPrincipal } from './guard'

const ok = { estado: 'sucesso' as const }
const where = (c: Context<AppBindings>): Where & { ip: string } => ({ ip: clientIp(c), userAgent: c.req.header('user-agent') ?? null })
/** A domain answer: its value, or the refusal sent as the answer. */
const settle = <T>(result: T | Refusal): T => (isRefusal(result) ? fail(result) : result)
const idOf = (c: Context<AppBindings>) => {
  const parsed = staffIdParamsSchema.safeParse({ id: c.req.param('id') })
  return parsed.success ? parsed.data.id : fail(refuse('not_found', STAFF_MESSAGES.naoEncontrado))
}

/** A Dono manages staff only with TOTP on (a stolen password alone must not hand out accounts). */
async function requireManager(c: Context<AppBindings>): Promise<StaffPrincipal> {
  const me = await requireStaff(c, 'staff:manage')
  if (!me.totpEnabled) fail(refuse('forbidden', STAFF_MESSAGES.totpObrigatorio))
  return me
}

/**
 * People and access (issue 18a): login with optional TOTP, Sair, invitations, TOTP enrolment,
 * Equipe and Auditoria. Thin: parse with contract/admin/staff.ts, call one domain function, answer.
 */
export const staffAdminApi = new Hono<AppBindings>()
  // ───────────── login ─────────────
  .post('/entrar', async (c) => {
    const input = await readJson(c, entrarRequestSchema)
    const db = c.get('ctx').db
    const previous = await sessionOfRequest(c)
    const result = settle(await staffLogin(db, input, where(c)))
    // Whatever session this browser had ends: one cookie, one session.
    if (previous) await endStaffSession(db, previous.id)
    setStaffCookie(c, result.token)
    return c.json({ ...ok, etapa: result.stage === 'totp' ? ('totp' as const) : ('pronto' as const) })
  })
  .post('/entrar/codigo', async (c) => {
    const { codigo } = await readJson(c, codigoRequestSchema)
    const result = settle(await staffLoginCode(c.get('ctx').db, await sessionOfRequest(c), codigo, where(c)))
    setStaffCookie(c, result.token)
    return c.json(ok)
  })
  .post('/sair', async (c) => {
    await readJson(c, z.strictObject({}))
    const db = c.get('ctx').db
    const session = await sessionOfRequest(c)
    if (session) {
      await db.transaction(async (tx) => {
        await endStaffSession(tx, session.id)
        if (session.stage === 'active') {
          const actor = { kind: 'staff' as const, staffId: session.staff.id, name: session.staff.nome, ip: clientIp(c) }
          await recordAudit(tx, { actor, action: 'sessao.sair', entity: 'staff', entityId: String(session.staff.id) })
        }
      })
    }
    clearStaffCookie(c)
    return c.json(ok)
  })
  .post('/convites/aceitar', async (c) => {
    const input = await readJson(c, aceitarConviteRequestSchema)
    const result = settle(await acceptInvitation(c.get('ctx'), input, where(c)))
    setStaffCookie(c, result.token)
    return c.json(ok)
  })
  // ───────────── TOTP enrolment (anyone logged in, for themselves) ─────────────
  .post('/seguranca/totp/inicio', async (c) => {
    await readJson(c, z.strictObject({}))
    const me = await requireStaff(c)
    const ctx = c.get('ctx')
    return c.json({ ...ok, ...settle(await startEnrolment(ctx.db, me, `${ctx.store.nome} (painel)`)) })
  })
  .post('/seguranca/totp/ativar', async (c) => {
    const { codigo } = await readJson(c, codigoRequestSchema)
    const me = await requireStaff(c)
    settle(await confirmEnrolment(c.get('ctx').db, me.actor, codigo))
    return c.json(ok)
  })
  // ───────────── Equipe (Dono) ─────────────
  .get('/equipe', async (c) => {
    await requireStaff(c, 'staff:manage')
    const ctx = c.get('ctx')
    const [pessoas, convites] = await Promise.all([listStaff(ctx.db), pendingInvitations(ctx)])
    return c.json({
      ...ok,
      pessoas: pessoas.map((p) => ({
        id: p.id,
        nome: p.nome,
        email: p.email,
        role: p.role,
        ativo: p.active,
        totp: p.totp,
        ultimoAcesso: p.lastLoginAt?.toISOString() ?? null,
        criadoEm: p.createdAt.toISOString(),
      })),
      convites: convites.map((i) => ({ email: i.email, nome: i.nome, role: i.role, expiraEm: i.expiresAt.toISOString(), criadoEm: i.createdAt.toISOString() })),
    })
  })
  .post('/equipe/convites', async (c) => {
    const input = await readJson(c, convidarRequestSchema)
    const me = await requireManager(c)
    settle(await inviteStaff(c.get('ctx'), me.actor, input, storeOrigin(c)))
    return c.json(ok)
  })
  .post('/equipe/:id/papel', async (c) => {
    const { role } = await readJson(c, papelRequestSchema)
    const me = await requireManager(c)
    settle(await changeRole(c.get('ctx').db, me.actor, idOf(c), role))
    return c.json(ok)
  })
  .post('/equipe/:id/ativo', async (c) => {
    const { ativo } = await readJson(c, ativoRequestSchema)
    const me = await requireManager(c)
    settle(await setActive(c.get('ctx').db, me.actor, idOf(c), ativo))
    return c.json(ok)
  })
  .post('/equipe/:id/totp/remover', async (c) => {
    await readJson(c, z.strictObject({}))
    const me = await requireManager(c)
    settle(await removeTotp(c.get('ctx').db, me.actor, idOf(c)))
    return c.json(ok)
  })
  // ───────────── Auditoria (Dono) ─────────────
  .get('/auditoria', async (c) => {
    const query = readQuery(c, auditoriaQuerySchema)
    await requireStaff(c, 'audit:read')
    return c.json({ ...ok, ...(await listAudit(c.get('ctx').db, query)) })
  })
