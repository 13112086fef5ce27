import { mkdir, readFile, rename, rm, stat, writeFile } from 'node:fs/promises'
import path from 'node:path'
import { randomToken } from '../../lib/tokens'
import type { BlobStore } from './blob-store'

/** A BlobStore in a folder of this machine: `key` is a path under `root`. */
export function localBlobStore(root: string): BlobStore {
  const fileOf = (key: string) => path.join(root, ...key.split('/'))
  const absent = (err: unknown) => {
    const code = (err as NodeJS.ErrnoException).code
    if (code === 'ENOENT' || code === 'ENOTDIR' || code === 'EISDIR') return null
    throw err
  }
  return {
    kind: 'local',
    async stat(key) {
      const info = await stat(fileOf(key)).catch(absent)
      // mtime and size, as variant keys always read them (the cached variants stay valid).
      return info?.isFile() ? { size: info.size, version: `${info.mtimeMs}\0${info.size}` } : null
    },
    read: (key) => readFile(fileOf(key)).catch(absent),
    async write(key, data) {
      const file = fileOf(key)
      // Written beside the final name, then renamed: a reader never sees half a file.
      const temp = `${file}.${randomToken(6)}.tmp`
      try {
        await mkdir(path.dirname(file), { recursive: true })
        await writeFile(temp, data)
        await rename(temp, file)
      } catch (err) {
        await rm(temp, { force: true }).catch(() => {})
        throw err
      }
    },
    remove: (key) => rm(fileOf(key), { force: true }),
  }
}
