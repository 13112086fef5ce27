// `npm start`: build the app when the build is missing or older than its sources, then run the
// server in this process (signals reach it directly for a clean database shutdown).
// `--no-build` (npm run serve) skips the build check.

// React and friends pick their production builds from NODE_ENV when first loaded.
process.env.NODE_ENV ??= 'production'
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, statSync } from 'node:fs'
import path from 'node:path'
import { register } from 'tsx/esm/api'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const buildFile = path.join(root, 'build/server/index.js')

function newestMtime(dir) {
  let newest = 0
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name)
    if (entry.isDirectory()) newest = Math.max(newest, newestMtime(full))
    else newest = Math.max(newest, statSync(full).mtimeMs)
  }
  return newest
}

function buildIsStale() {
  if (!existsSync(buildFile)) return true
  const built = statSync(buildFile).mtimeMs
  const sources = ['app', 'contract', 'server', 'public'].map((d) => path.join(root, d)).filter(existsSync)
  const files = ['package-lock.json', 'vite.config.ts', 'react-router.config.ts'].map((f) => path.join(root, f)).filter(existsSync)
  return sources.some((d) => newestMtime(d) > built) || files.some((f) => statSync(f).mtimeMs > built)
}

if (!process.argv.includes('--no-build') && buildIsStale()) {
  console.log('Compilando a loja (react-router build)...')
  const result = spawnSync(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'], {
    cwd: root,
    stdio: 'inherit',
  })
  if (result.status !== 0) process.exit(result.status ?? 1)
}

process.chdir(root)
register()
const { main } = await import('../server/main.ts')
main()
