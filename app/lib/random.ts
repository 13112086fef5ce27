const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A random alphanumeric string from the browser's crypto (the login's 32-character redirect code). */
export function randomAlnum(length: number): string {
  let out = ''
  while (out.length < length) {
    // Bytes from 248 up (4 × 62) are skipped so every character is equally likely.
    for (const byte of crypto.getRandomValues(new Uint8Array(length))) if (byte < 248 && out.length < length) out += ALNUM[byte % 62]
  }
  return out
}
