/**
 * npm run integracoes -- chave criar "NOME" ESCOPO…   makes an API key (/api/v1) and prints it once
 *                                                     (ESCOPO: pedidos:ler, pedidos:escrever, produtos:ler,
 *                                                     produtos:escrever, estoque:escrever, webhooks:gerenciar)
 * npm run integracoes -- chave listar                 the keys: id, name, first characters, scopes, last use
 * npm run integracoes -- chave revogar ID             revokes a key at once
 * Recorded in the audit log as "linha de comando". Uses the store's DATA_DIR / DATABASE_URL; on the
 * embedded database (PGlite) stop the store first: only one process can open DATA_DIR/db.
 */
import { API_SCOPES, createApiKey, listApiKeys, revokeApiKey } from '../server/domain/integrations/keys'
import { isRefusal } from '../server/domain/refusal'
import { runOperatorCommand } from './catalog/database'

const [noun, command, ...args] = process.argv.slice(2)
const USAGE = `Uso: npm run integracoes -- chave criar "NOME" ESCOPO… | chave listar | chave revogar ID\nEscopos: ${API_SCOPES.join(' ')}`

if (noun !== 'chave' || !['criar', 'listar', 'revogar'].includes(command ?? '')) {
  process.stderr.write(`${USAGE}\n`)
  process.exit(2)
}

await runOperatorCommand(async (deps) => {
  if (command === 'listar') {
    for (const k of await listApiKeys(deps.db)) {
      const state = k.revogadaEm ? `revogada ${k.revogadaEm}` : `último uso ${k.ultimoUso ?? 'nunca'}`
      process.stdout.write(`${String(k.id).padStart(4)}  ${k.nome.padEnd(30)} ${k.prefixo}…  ${k.escopos.join(',')}  ${state}\n`)
    }
    return 0
  }
  if (command === 'revogar') {
    const id = Number(args[0])
    if (!Number.isSafeInteger(id) || id < 1) {
      process.stderr.write(`${USAGE}\n`)
      return 2
    }
    const done = await revokeApiKey(deps.db, { id, actor: { kind: 'cli' } })
    if (isRefusal(done)) {
      process.stderr.write(`${done.message}\n`)
      return 1
    }
    process.stdout.write(`Chave ${id} revogada.\n`)
    return 0
  }
  const [name, ...scopes] = args
  const made = await createApiKey(deps.db, { name: name ?? '', scopes, actor: { kind: 'cli' } })
  if (isRefusal(made)) {
    process.stderr.write(`${made.message}\n${USAGE}\n`)
    return made.category === 'invalid' ? 2 : 1
  }
  process.stdout.write(`Chave ${made.id} "${made.nome}" (${made.escopos.join(', ')}). Guarde-a agora; ela não será mostrada de novo:\n${made.chave}\n`)
  return 0
})
