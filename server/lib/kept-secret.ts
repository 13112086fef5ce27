import { randomBytes } from 'node:crypto'
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs'
import path from 'node:path'

const MIN_LENGTH = 32

/**
 * A secret generated once and kept in `{dataDir}/{fileName}` (mode 0600), for a setting left unset
 * in demo: the payments webhook's, the key of secrets kept in the database. Instances that share a
 * database but not a data directory must be given the setting instead.
 */
export function keptSecret(dataDir: string, fileName: string): string {
  const file = path.join(dataDir, fileName)
  mkdirSync(dataDir, { recursive: true })
  // Written aside, then linked into place: the link fails if the file exists, so processes starting
  // together all keep the first one's secret, and none ever reads a half-written file.
  if (!existsSync(file)) {
    const draft = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`
    writeFileSync(draft, randomBytes(32).toString('base64url'), { mode: 0o600 })
    try {
      linkSync(draft, file)
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error
    } finally {
      unlinkSync(draft)
    }
  }
  const stored = readFileSync(file, 'utf8').trim()
  if (stored.length < MIN_LENGTH) throw new Error(`${file}: segredo curto ou vazio; apague o arquivo para gerar outro`)
  return stored
}
