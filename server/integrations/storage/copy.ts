import { createHash } from 'node:crypto'
import { readdir, readFile } from 'node:fs/promises'
import path from 'node:path'
import { contentTypeOf, type BlobStore } from './blob-store'

export type CopyTally = { sent: number; kept: number }

/** At most this many uploads at once: enough to fill the link, few enough for any S3 server. */
const PARALLEL = 8

/**
 * Copies every file under `dir` into `store` under the same relative key (`npm run midia --
 * enviar-para-s3`). Idempotent: a key whose object already has the file's bytes (its ETag is the
 * MD5 of a single-part upload) is left alone, so running it again sends only what changed.
 */
export async function copyFolder(dir: string, store: BlobStore, onFile?: (key: string, sent: boolean) => void): Promise<CopyTally> {
  const entries = await readdir(dir, { recursive: true, withFileTypes: true })
  const keys = entries
    .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
    .map((e) => path.relative(dir, path.join(e.parentPath, e.name)).split(path.sep).join('/'))
    .sort()
  const tally: CopyTally = { sent: 0, kept: 0 }
  let next = 0
  async function worker() {
    for (let i = next++; i < keys.length; i = next++) {
      const key = keys[i]
      const data = await readFile(path.join(dir, ...key.split('/')))
      const there = await store.stat(key)
      const md5 = createHash('md5').update(data).digest('hex')
      const same = there !== null && there.size === data.length && there.version.replaceAll('"', '') === md5
      if (!same) await store.write(key, data, contentTypeOf(key))
      tally[same ? 'kept' : 'sent']++
      onFile?.(key, !same)
    }
  }
  await Promise.all(Array.from({ length: PARALLEL }, worker))
  return tally
}
