/**
 * npm run equipe -- convidar EMAIL "NOME" PERFIL   invites a person to the back office (PERFIL: dono,
 *                                                  operacao or atendimento) and prints the link
 *                                                  (also e-mailed; 48 h, used once)
 * npm run equipe -- listar                         the staff: e-mail, role, active, TOTP
 * The way into /admin for a store started with SEED_DEMO=false. Recorded in the audit log as
 * "linha de comando". Uses the store's DATA_DIR / DATABASE_URL; on the embedded database (PGlite)
 * stop the store first: only one process can open DATA_DIR/db.
 */
import { convidarRequestSchema } from '../contract/admin/staff'
import { isRefusal } from '../server/domain/refusal'
import { inviteStaff } from '../server/domain/staff/invitations'
import { ROLE_LABELS } from '../server/domain/staff/permissions'
import { listStaff } from '../server/domain/staff/team'
import { linkOrigin } from '../server/lib/origin'
import { runOperatorCommand } from './catalog/database'

const [command, ...args] = process.argv.slice(2)
const USAGE = 'Uso: npm run equipe -- convidar EMAIL "NOME" dono|operacao|atendimento | listar'

if (command !== 'convidar' && command !== 'listar') {
  process.stderr.write(`${USAGE}\n`)
  process.exit(2)
}

await runOperatorCommand(async (deps) => {
  if (command === 'listar') {
    for (const p of await listStaff(deps.db)) {
      process.stdout.write(`${p.email.padEnd(40)} ${ROLE_LABELS[p.role].padEnd(12)} ${p.active ? 'ativo' : 'desativado'}${p.totp ? ' · 2 etapas' : ''}\n`)
    }
    return 0
  }
  const parsed = convidarRequestSchema.safeParse({ email: args[0], nome: args[1], role: args[2] })
  if (!parsed.success) {
    process.stderr.write(`${parsed.error.issues[0]?.message ?? USAGE}\n${USAGE}\n`)
    return 2
  }
  const result = await inviteStaff(deps, { ...parsed.data, actor: { kind: 'cli' }, origin: linkOrigin(deps.env) })
  if (isRefusal(result)) {
    process.stderr.write(`${result.message}\n`)
    return 1
  }
  process.stdout.write(`Convite para ${parsed.data.email} (${ROLE_LABELS[parsed.data.role]}): ${result.url}\n`)
  return 0
})
