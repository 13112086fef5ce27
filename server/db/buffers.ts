import { readdirSync, statSync } from 'node:fs'
import path from 'node:path'

/** PGlite's own default, and the most this store gives it (its WebAssembly memory ends at 2 GB). */
export const MIN_SHARED_BUFFERS_MB = 128
export const MAX_SHARED_BUFFERS_MB = 1024

/**
 * PGlite's buffer cache, sized to the data it finds at start: the tables and indexes (`base/`),
 * rounded up to 64 MB, between 128 MB (PGlite's default, plenty for the demo catalog) and 1 GB.
 * Pages outside the cache are read through the WebAssembly file layer, a system call each: at 100k
 * products (≈ 450 MB of tables and indexes) broad searches ran about twice as fast with the catalog
 * in the cache. An empty or missing folder gets the default; `PGLITE_SHARED_BUFFERS_MB` overrides.
 */
export function sharedBuffersFor(dataDir: string | undefined): number {
  if (!dataDir) return MIN_SHARED_BUFFERS_MB
  const mb = Math.ceil(folderBytes(path.join(dataDir, 'base')) / (64 * 1024 * 1024)) * 64
  return Math.min(MAX_SHARED_BUFFERS_MB, Math.max(MIN_SHARED_BUFFERS_MB, mb))
}

function folderBytes(dir: string): number {
  let entries
  try {
    entries = readdirSync(dir, { withFileTypes: true })
  } catch {
    return 0
  }
  let total = 0
  for (const entry of entries) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) total += folderBytes(full)
    else if (entry.isFile()) total += statSync(full, { throwIfNoEntry: false })?.size ?? 0
  }
  return total
}
