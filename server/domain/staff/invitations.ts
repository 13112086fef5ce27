import { and, desc, eq, gt, isNull } from 'drizzle-orm'
import { STAFF } from '../../../contract/messages/staff'
import { staff, staffInvitations } from '../../db/schema'
import { compose } from '../../integrations/mail/templates'
import { randomToken, sha256 } from '../../lib/tokens'
import type { AccountDeps } from '../account/deps'
import { enqueueMail } from '../../jobs/mail'
import { take } from '../account/limits'
import type { Actor } from '../actor'
import { hashPassword } from '../auth/password'
import { passwordRefusal } from '../auth/password-policy'
import { isRefusal, refuse, type Refusal } from '../refusal'
import { transaction } from '../../db/tx'
import { recordAudit } from '../audit/record'
import { ROLE_LABELS, type Role } from './permissions'
import type { LoginResult } from './login'
import { createStaffSession, type Where } from './sessions'
import { managerRefusal } from './team'

/** An invitation link lives 48 hours and is used once; only its SHA-256 is stored. */
export const INVITATION_TTL_MS = 48 * 60 * 60_000
export const invitationPath = (token: string) => `/admin/convite/${token}`

type StaffActor = Actor & { kind: 'staff' }

/** Who invites whom, with which role, and the store origin the link is built on. */
export type Invitation = {
  actor: StaffActor | (Actor & { kind: 'cli' })
  email: string
  nome: string
  role: Role
  origin: string
  now?: number
}

/**
 * The Dono (or the operator command, `npm run equipe`) invites a person by e-mail and role: an
 * invitation row (any older unused one for that e-mail stops working) and its audit line in one
 * transaction with the e-mail's job. The link is returned for the command to print.
 */
export async function inviteStaff(deps: AccountDeps, invitation: Invitation): Promise<{ url: string } | Refusal> {
  const { actor, origin, now = Date.now(), ...input } = invitation
  const token = randomToken(32)
  const store = deps.store
  const url = `${origin}${invitationPath(token)}`
  const who = actor.kind === 'staff' ? `${actor.name} convidou você` : 'Você foi convidado(a)'
  const done = await transaction(deps.db, async (tx) => {
    const notManager = await managerRefusal(tx, actor)
    if (notManager) return notManager
    const [taken] = await tx.select({ id: staff.id }).from(staff).where(eq(staff.email, input.email)).limit(1)
    if (taken) return refuse(STAFF.emailTaken)
    await tx.delete(staffInvitations).where(and(eq(staffInvitations.email, input.email), isNull(staffInvitations.usedAt)))
    await tx.insert(staffInvitations).values({
      id: sha256(token),
      email: input.email,
      nome: input.nome,
      role: input.role,
      invitedBy: actor.kind === 'staff' ? actor.staffId : null,
      expiresAt: new Date(now + INVITATION_TTL_MS),
    })
    await recordAudit(tx, {
      actor,
      action: 'equipe.convidar',
      entity: 'staff_invitation',
      entityId: input.email,
      after: { email: input.email, nome: input.nome, role: input.role },
    })
    await enqueueMail(tx, {
      mail: compose(
        store,
        input.email,
        `Convite para a equipe da ${store.nome}`,
        [
          `Olá, ${input.nome}!`,
          `${who} para o painel da ${store.nome} com o perfil ${ROLE_LABELS[input.role]}.`,
          'Crie sua senha pelo link abaixo. Ele vale por 48 horas e pode ser usado uma vez.',
        ],
        { label: 'Aceitar o convite', url },
      ),
    })
    return null
  })
  if (isRefusal(done)) return done
  return { url }
}

export type LiveInvitation = { email: string; nome: string; role: Role }

/** The invitation a link opens, while it can still be used (the page shows its form or says it expired). */
export async function findInvitation(deps: Pick<AccountDeps, 'db'>, token: string, now = Date.now()): Promise<LiveInvitation | null> {
  if (token.length > 128) return null
  const [row] = await deps.db
    .select({ email: staffInvitations.email, nome: staffInvitations.nome, role: staffInvitations.role })
    .from(staffInvitations)
    .where(and(eq(staffInvitations.id, sha256(token)), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, new Date(now))))
    .limit(1)
  return row ?? null
}

/** Unused invitations still within their 48 hours, newest first (the Equipe page lists them). */
export async function pendingInvitations(deps: Pick<AccountDeps, 'db'>, now = Date.now()) {
  return deps.db
    .select({
      email: staffInvitations.email,
      nome: staffInvitations.nome,
      role: staffInvitations.role,
      expiresAt: staffInvitations.expiresAt,
      createdAt: staffInvitations.createdAt,
    })
    .from(staffInvitations)
    .where(and(isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, new Date(now))))
    .orderBy(desc(staffInvitations.createdAt))
}

/**
 * Accepting: limited per IP, and the link looked up before the password is hashed, so an unknown
 * token costs one indexed read, not 32 MiB of scrypt. Then the link is marked used in the same
 * statement that finds it (two tabs racing get one account between them), the person is created
 * with the invited role, the acceptance audited, and a session opened — all in one transaction. The
 * password goes through the policy first. In live mode that session is an 'enrol' one, like the
 * login's for a person without TOTP: it opens nothing but the enrolment (the first Dono too).
 */
export async function acceptInvitation(
  deps: Pick<AccountDeps, 'db' | 'env' | 'store'>,
  input: { token: string; nome: string; senha: string },
  where: Where & { ip: string },
  now = Date.now(),
): Promise<(LoginResult & { staffId: number }) | Refusal> {
  if (!(await take(deps.db, 'conviteIp', where.ip))) return refuse(STAFF.invitationLimited)
  const invited = await findInvitation(deps, input.token, now)
  if (!invited) return refuse(STAFF.invitationInvalid)
  const weak = await passwordRefusal(input.senha, { email: invited.email, nome: input.nome }, deps.store.nome)
  if (weak) return refuse(weak)
  const stage = deps.env.STORE_MODE === 'live' ? ('enrol' as const) : ('active' as const)
  const passwordHash = await hashPassword(input.senha)
  return transaction(deps.db, async (tx) => {
    const [invitation] = await tx
      .update(staffInvitations)
      .set({ usedAt: new Date(now) })
      .where(and(eq(staffInvitations.id, sha256(input.token)), isNull(staffInvitations.usedAt), gt(staffInvitations.expiresAt, new Date(now))))
      .returning()
    if (!invitation) return refuse(STAFF.invitationInvalid)
    const [created] = await tx
      .insert(staff)
      .values({ nome: input.nome, email: invitation.email, passwordHash, role: invitation.role, lastLoginAt: new Date(now) })
      .onConflictDoNothing()
      .returning({ id: staff.id })
    // Someone with this e-mail joined meanwhile: nothing of this transaction is kept.
    if (!created) return refuse(STAFF.emailTaken)
    await recordAudit(tx, {
      actor: { kind: 'staff', staffId: created.id, name: input.nome, ip: where.ip },
      action: 'equipe.aceitar_convite',
      entity: 'staff',
      entityId: String(created.id),
      after: { email: invitation.email, nome: input.nome, role: invitation.role, convidadoPor: invitation.invitedBy },
    })
    return { stage, token: await createStaffSession(tx, created.id, stage, where), staffId: created.id }
  })
}
