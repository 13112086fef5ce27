// `npm run dev`: the store on the embedded database (DATA_DIR, ./data by default) through Vite's dev
// server (scripts/dev-server.mjs): pages and browser code hot-reload in the open browser as they are
// saved; a change under server/ or contract/ restarts the store (a second or two), since the
// running server holds its modules. One module graph as in production.
import { spawn } from 'node:child_process'
import { watch } from 'node:fs'
import path from 'node:path'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
const env = { ...process.env, NODE_ENV: 'development' }
let server = null
let restarting = null
let timer = null

async function stop() {
  if (!server) return
  const child = server
  server = null
  const exited = new Promise((r) => child.once('exit', r))
  child.kill('SIGTERM')
  await exited
}

async function restart() {
  if (restarting) return restarting
  restarting = (async () => {
    await stop()
    console.log('[dev] iniciando a loja…')
    server = spawn(process.execPath, ['scripts/dev-server.mjs'], { cwd: root, env, stdio: 'inherit' })
  })()
  await restarting
  restarting = null
}

for (const dir of ['server', 'contract']) {
  watch(path.join(root, dir), { recursive: true }, (_event, file) => {
    if (!file || /(^|\/)(\.|node_modules)|\.test\.tsx?$/.test(String(file))) return
    clearTimeout(timer)
    timer = setTimeout(() => {
      console.log(`[dev] ${dir}/${file} mudou: reiniciando a loja`)
      void restart()
    }, 150)
  })
}

process.on('SIGINT', () => void stop().then(() => process.exit(0)))
process.on('SIGTERM', () => void stop().then(() => process.exit(0)))
void restart()
