import { readFileSync, readdirSync } from 'node:fs'
import path from 'node:path'
import { inject } from 'vitest'

/**
 * The link (absolute URL whose path matches `pathPattern`, e.g. `/cliente/nova-senha/…`) in the
 * newest e-mail to `to` in the store's outbox, waiting up to 10 s for it to be written.
 */
export async function linkInOutbox(to: string, pathPattern: string, what = 'e-mail'): Promise<string> {
  const dir = path.join(inject('dataDir'), 'outbox')
  const pattern = new RegExp(`https?:\\/\\/[^\\s"<]+${pathPattern}`)
  for (let i = 0; i < 100; i++) {
    let files: string[] = []
    try {
      files = readdirSync(dir)
    } catch {
      files = []
    }
    for (const file of files.sort().reverse()) {
      // Quoted-printable may wrap long lines with a soft break.
      const mail = readFileSync(path.join(dir, file), 'utf8').replace(/=\r?\n/g, '')
      const link = mail.includes(`To: ${to}`) ? mail.match(pattern) : null
      if (link) return link[0]
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`no ${what} to ${to}`)
}
