import { and, eq, ne } from 'drizzle-orm'
import { STAFF } from '../../../contract/messages/staff'
import type { Db } from '../../db/client'
import { staff, staffSessions } from '../../db/schema'
import { transaction } from '../../db/tx'
import type { Actor } from '../actor'
import { giveBack, take } from '../account/limits'
import { recordAudit } from '../audit/record'
import { hashPassword, verifyPassword } from '../auth/password'
import { passwordRefusal } from '../auth/password-policy'
import type { StoreProfile } from '../../store-profile'
import { refuse, type Refusal } from '../refusal'

/**
 * Segurança: a person changes their own password, proving the current one first (a try is taken
 * before scrypt and given back when right, 10 wrong in 15 minutes lock it). The change ends every
 * other session of the person (a thief's among them); this one goes on. The new password goes
 * through the policy. Audited.
 */
export async function changeStaffPassword(
  deps: { db: Db; store: Pick<StoreProfile, 'nome'> },
  who: { actor: Actor & { kind: 'staff' }; email: string; sessionId: string },
  input: { atual: string; nova: string },
): Promise<{ sessoesEncerradas: number } | Refusal> {
  const { db } = deps
  const id = who.actor.staffId
  const key = `staff:${id}`
  if (!(await take(db, 'senhaAtual', key))) return refuse(STAFF.locked)
  const [row] = await db.select({ hash: staff.passwordHash }).from(staff).where(eq(staff.id, id))
  if (!row || !(await verifyPassword(input.atual, row.hash))) return refuse(STAFF.wrongCurrentPassword)
  await giveBack(db, 'senhaAtual', key)
  const weak = await passwordRefusal(input.nova, { email: who.email, nome: who.actor.name }, deps.store.nome)
  if (weak) return refuse(weak)
  const passwordHash = await hashPassword(input.nova)
  return transaction(db, async (tx) => {
    await tx.update(staff).set({ passwordHash }).where(eq(staff.id, id))
    const ended = await tx
      .delete(staffSessions)
      .where(and(eq(staffSessions.staffId, id), ne(staffSessions.id, who.sessionId)))
      .returning({ id: staffSessions.id })
    await recordAudit(tx, { actor: who.actor, action: 'senha.trocar', entity: 'staff', entityId: String(id), after: { sessoesEncerradas: ended.length } })
    return { sessoesEncerradas: ended.length }
  })
}
