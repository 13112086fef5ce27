import { and, eq, gt } from 'drizzle-orm'
import { STAFF, STAFF_DONE } from '../../../contract/messages/staff'
import { staff, staffPasswordResets } from '../../db/schema'
import { transaction } from '../../db/tx'
import { compose } from '../../integrations/mail/templates'
import { enqueueMail } from '../../jobs/mail'
import { randomToken, sha256 } from '../../lib/tokens'
import type { AccountDeps } from '../account/deps'
import { take } from '../account/limits'
import { recordAudit } from '../audit/record'
import { hashPassword } from '../auth/password'
import { passwordRefusal } from '../auth/password-policy'
import { refuse, type Refusal } from '../refusal'
import { endAllStaffSessions } from './sessions'

/** A staff reset link lives 30 minutes and is used once; only its SHA-256 is stored. */
export const STAFF_RESET_TTL_MS = 30 * 60_000
export const staffResetPath = (token: string) => `/admin/nova-senha/${token}`

/**
 * "Esqueci minha senha" of the back office: the same sentence whether or not the e-mail is on the
 * staff, limited like the customer's recovery (per IP, and per e-mail under its own key so a
 * shopper's requests do not spend a staff member's). An active person gets a link valid 30
 * minutes; any older link of theirs stops working. The row and the e-mail's job in one transaction.
 */
export async function requestStaffReset(
  deps: AccountDeps,
  email: string,
  at: { ip: string; origin: string },
  now = Date.now(),
): Promise<{ msg: string } | Refusal> {
  const { db, store } = deps
  const address = email.trim().toLowerCase()
  const [byIp, byEmail] = await Promise.all([take(db, 'recuperacaoIp', at.ip), take(db, 'recuperacaoEmail', `staff:${address}`)])
  if (!byIp || !byEmail) return refuse(STAFF.resetLimited)
  const [member] = await db.select({ id: staff.id, nome: staff.nome, active: staff.active }).from(staff).where(eq(staff.email, address)).limit(1)
  if (member?.active) {
    const token = randomToken(32)
    await db.transaction(async (tx) => {
      await tx.delete(staffPasswordResets).where(eq(staffPasswordResets.staffId, member.id))
      await tx.insert(staffPasswordResets).values({ id: sha256(token), staffId: member.id, expiresAt: new Date(now + STAFF_RESET_TTL_MS) })
      await enqueueMail(tx, {
        mail: compose(
          store,
          address,
          `Nova senha do painel da ${store.nome}`,
          [
            `Olá, ${member.nome}!`,
            'Recebemos um pedido para criar uma nova senha no painel da loja. O link abaixo vale por 30 minutos e pode ser usado uma vez.',
            'Se não foi você, ignore este e-mail: sua senha continua a mesma.',
          ],
          { label: 'Criar nova senha', url: `${at.origin}${staffResetPath(token)}` },
        ),
      })
    })
  }
  return { msg: STAFF_DONE.resetSent }
}

/** The person a reset link opens, while it is unused and within its 30 minutes. */
export async function findStaffReset(deps: Pick<AccountDeps, 'db'>, token: string, now = Date.now()) {
  if (token.length > 128) return null
  const [row] = await deps.db
    .select({ staffId: staff.id, nome: staff.nome, email: staff.email })
    .from(staffPasswordResets)
    .innerJoin(staff, eq(staff.id, staffPasswordResets.staffId))
    .where(and(eq(staffPasswordResets.id, sha256(token)), gt(staffPasswordResets.expiresAt, new Date(now)), eq(staff.active, true)))
    .limit(1)
  return row ?? null
}

/**
 * The new password of a reset link: through the policy, hashed once the link is known, then — in
 * one transaction — the link spent (two tabs racing get one change), the password set, every
 * session of the person ended, the change audited and the person told by e-mail. They log in
 * afterwards (with their TOTP when they have it); the reset opens no session.
 */
export async function resetStaffPassword(
  deps: AccountDeps,
  input: { token: string; senha: string },
  ip: string,
  now = Date.now(),
): Promise<{ sessoesEncerradas: number } | Refusal> {
  const { db, store } = deps
  const person = await findStaffReset(deps, input.token, now)
  if (!person) return refuse(STAFF.resetLinkInvalid)
  const weak = await passwordRefusal(input.senha, { email: person.email, nome: person.nome }, store.nome)
  if (weak) return refuse(weak)
  const passwordHash = await hashPassword(input.senha)
  return transaction(db, async (tx) => {
    const [spent] = await tx
      .delete(staffPasswordResets)
      .where(and(eq(staffPasswordResets.id, sha256(input.token)), gt(staffPasswordResets.expiresAt, new Date(now))))
      .returning({ staffId: staffPasswordResets.staffId })
    if (!spent) return refuse(STAFF.resetLinkInvalid)
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, spent.staffId))
    const ended = await endAllStaffSessions(tx, spent.staffId)
    await recordAudit(tx, {
      actor: { kind: 'staff', staffId: spent.staffId, name: person.nome, ip },
      action: 'senha.redefinir',
      entity: 'staff',
      entityId: String(spent.staffId),
      after: { sessoesEncerradas: ended },
    })
    await enqueueMail(tx, {
      mail: compose(store, person.email, `Sua senha do painel da ${store.nome} foi alterada`, [
        `Olá, ${person.nome}!`,
        'A senha do seu acesso ao painel acabou de ser redefinida pelo link de "Esqueci minha senha", e as suas sessões foram encerradas.',
        'Se não foi você, avise o Dono da loja agora.',
      ]),
    })
    return { sessoesEncerradas: ended }
  })
}
