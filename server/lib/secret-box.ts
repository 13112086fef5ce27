import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto'
import { keptSecret } from './kept-secret'

/**
 * Secrets kept in the database (TOTP seeds) sealed with AES-256-GCM (docs/decisions/0124-staff-accounts.md).
 * The key is derived (HKDF-SHA256) from SECRETS_KEY, or in demo without it from a key generated
 * once in DATA_DIR. A sealed value is `v1.<iv>.<ciphertext>.<tag>` (base64url): the version names
 * the key derivation and cipher, so a later one can be read beside it. `aad` binds a value to its
 * place (a row's id), so a sealed secret copied to another row does not open.
 */
export type SecretBox = {
  seal(plain: string, aad: string): string
  /** The clear value; a value that is not sealed (older rows) is returned as it is. Throws when a sealed value was altered. */
  open(stored: string, aad: string): string
}

export const SECRETS_KEY_FILE = 'secrets.key'
const VERSION = 'v1'

export const isSealed = (stored: string) => stored.startsWith(`${VERSION}.`)

export function makeSecretBox(material: string): SecretBox {
  const key = Buffer.from(hkdfSync('sha256', material, 'vitrine', `vitrine/secrets/${VERSION}`, 32))
  return {
    seal(plain, aad) {
      const iv = randomBytes(12)
      const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return [VERSION, iv, body, cipher.getAuthTag()].map((p) => (typeof p === 'string' ? p : p.toString('base64url'))).join('.')
    },
    open(stored, aad) {
      if (!isSealed(stored)) return stored
      const [, iv, body, tag] = stored.split('.').map((p) => Buffer.from(p, 'base64url'))
      const decipher = createDecipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(aad)).setAuthTag(tag)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}

const boxes = new Map<string, SecretBox>()

/** The store's box: from SECRETS_KEY, else from `{dataDir}/secrets.key` (made on first use). One per key. */
export function secretBox(env: { SECRETS_KEY?: string; dataDir: string }): SecretBox {
  const material = env.SECRETS_KEY ?? keptSecret(env.dataDir, SECRETS_KEY_FILE)
  let box = boxes.get(material)
  if (!box) boxes.set(material, (box = makeSecretBox(material)))
  return box
}
