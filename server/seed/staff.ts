import { inArray, sql } from 'drizzle-orm'
import type { Logger } from 'pino'
import type { Db } from '../db/client'
import { staff } from '../db/schema'
import { verifyPassword, hashPassword } from '../domain/auth/password'
import type { Role } from '../domain/staff/permissions'

/**
 * The demo staff (README "Back office"): so a newcomer can walk into /admin on first run. Same
 * password as the demo shopper, no TOTP. The store warns at every start while one of them still
 * has it (docs/decisions/0041-admin-bundle-and-demo-staff.md).
 */
export const DEMO_STAFF_PASSWORD = 'Demo@2026'
export const DEMO_STAFF: { email: string; nome: string; role: Role }[] = [
  { email: 'dono.demo@example.com', nome: 'Dona Demo', role: 'dono' },
  { email: 'operacao.demo@example.com', nome: 'Operação Demo', role: 'operacao' },
  { email: 'atendimento.demo@example.com', nome: 'Atendimento Demo', role: 'atendimento' },
]

/** Creates the demo staff when nobody is on the staff yet (a store with people of its own is left alone). */
export async function seedDemoStaff(db: Db): Promise<boolean> {
  const [{ n }] = await db.select({ n: sql<number>`count(*)::int` }).from(staff)
  if (n > 0) return false
  const passwordHash = await hashPassword(DEMO_STAFF_PASSWORD)
  const created = await db
    .insert(staff)
    .values(DEMO_STAFF.map((p) => ({ ...p, passwordHash })))
    .onConflictDoNothing()
    .returning({ id: staff.id })
  return created.length > 0
}

/** The active demo accounts whose password is still the published one. */
export async function demoPasswordsInUse(db: Db): Promise<string[]> {
  const rows = await db
    .select({ email: staff.email, hash: staff.passwordHash, active: staff.active })
    .from(staff)
    .where(
      inArray(
        staff.email,
        DEMO_STAFF.map((p) => p.email),
      ),
    )
  const open = await Promise.all(rows.map(async (r) => (r.active && (await verifyPassword(DEMO_STAFF_PASSWORD, r.hash)) ? r.email : null)))
  return open.filter((e): e is string => e !== null)
}

/** At start: a loud line while a demo staff password still opens the back office. */
export async function warnDemoStaff(db: Db, log: Logger): Promise<void> {
  const open = await demoPasswordsInUse(db)
  if (open.length) {
    log.warn({ contas: open }, 'contas de demonstração do painel com a senha publicada (Demo@2026): desative-as ou troque a senha antes de abrir a loja')
  }
}
