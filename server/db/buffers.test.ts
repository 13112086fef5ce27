import { mkdirSync, mkdtempSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'
import { MAX_SHARED_BUFFERS_MB, MIN_SHARED_BUFFERS_MB, sharedBuffersFor } from './buffers'

const root = mkdtempSync(path.join(tmpdir(), 'vitrine-buffers-'))
afterAll(() => rmSync(root, { recursive: true, force: true }))

/** A data folder whose base/ holds files of these sizes in MB (sparse: nothing is written). */
function folder(name: string, sizesMb: number[]): string {
  const dir = path.join(root, name)
  mkdirSync(path.join(dir, 'base', '5'), { recursive: true })
  sizesMb.forEach((mb, i) => {
    const file = path.join(dir, 'base', '5', String(16384 + i))
    writeFileSync(file, '')
    truncateSync(file, mb * 1024 * 1024)
  })
  return dir
}

describe('PGlite buffer cache size', () => {
  it('is the default for no folder, an empty one or a small catalog', () => {
    expect(sharedBuffersFor(undefined)).toBe(MIN_SHARED_BUFFERS_MB)
    expect(sharedBuffersFor(path.join(root, 'nada'))).toBe(MIN_SHARED_BUFFERS_MB)
    expect(sharedBuffersFor(folder('demo', [20, 15]))).toBe(MIN_SHARED_BUFFERS_MB)
  })

  it('follows the tables and indexes in base/, rounded up to 64 MB, at most 1 GB', () => {
    expect(sharedBuffersFor(folder('grande', [300, 150, 10]))).toBe(512)
    expect(sharedBuffersFor(folder('enorme', [900, 900]))).toBe(MAX_SHARED_BUFFERS_MB)
  })
})
