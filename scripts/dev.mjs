// `npm run dev`: the store on the embedded database (DATA_DIR, ./data by default), rebuilt and
// restarted whenever a file under app/, server/, contract/ or public/ changes — pages after a
// rebuild (`react-router build`), server code after a restart alone. Reload the browser to see it.
// One module graph as in production (docs/decisions/0009-one-module-graph.md): the server bundle
// imports server/ and contract/ from source.
import { spawn } from 'node:child_process'
import { watch } from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const env = { ...process.env, NODE_ENV: 'development' }
let server = null
let building = null
let pending = { pages: true }
let timer = null

function run(cmd, args) {
  return new Promise((resolve) => spawn(cmd, args, { cwd: root, env, stdio: 'inherit' }).on('exit', (code) => resolve(code ?? 1)))
}

async function stop() {
  if (!server) return
  const child = server
  server = null
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

async function cycle() {
  if (building) return
  const { pages } = pending
  pending = {}
  building = (async () => {
    if (pages) {
      console.log('[dev] compilando as páginas…')
      if ((await run(process.execPath, [path.join(root, 'node_modules/@react-router/dev/bin.js'), 'build'])) !== 0) {
        console.log('[dev] a compilação falhou; corrija e salve de novo')
        return
      }
    }
    await stop()
    console.log('[dev] iniciando a loja…')
    server = spawn(process.execPath, ['scripts/start.mjs', '--no-build'], { cwd: root, env, stdio: 'inherit' })
  })()
  await building
  building = null
  if (Object.keys(pending).length) void cycle()
}

for (const dir of ['app', 'server', 'contract', 'public']) {
  watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    if (!file || /(^|\/)(\.|node_modules)|\.test\.tsx?$|\+types/.test(String(file))) return
    // Pages import server/ and contract/ from source: only app/ and public/ need a rebuild.
    if (dir === 'app' || dir === 'public') pending.pages = true
    else pending.server = true
    clearTimeout(timer)
    timer = setTimeout(() => void cycle(), 150)
  })
}

process.on('SIGINT', () => void stop().then(() => process.exit(0)))
process.on('SIGTERM', () => void stop().then(() => process.exit(0)))
void cycle()
