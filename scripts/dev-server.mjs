// The store for `npm run dev` (started and restarted by scripts/dev.mjs): the same server as
// `npm start`, with every module — server/, contract/ and app/ — loaded through Vite's dev server,
// so pages and browser code hot-reload as they are saved, with one module graph (one set of caches,
// as in production: docs/decisions/0009-one-module-graph.md). Vite's own paths (modules, the hot
// reload socket) are answered first on the store's port; everything else goes to the store.
process.env.NODE_ENV ??= 'development'
import { createServer as httpServer } from 'node:http'
import path from 'node:path'
import { createRequestHandler } from 'react-router'
import { createServer as viteServer } from 'vite'

const root = path.resolve(path.dirname(new URL(import.meta.url).pathname), '..')
process.chdir(root)

const http = httpServer()
const vite = await viteServer({ root, appType: 'custom', server: { middlewareMode: true, hmr: { server: http } } })
const { startStore } = await vite.ssrLoadModule('/server/main.ts')

await startStore({
  // Read again on every request: Vite hands back the modules changed since the last one.
  pages: async () => async (request, context) =>
    createRequestHandler(await vite.ssrLoadModule('virtual:react-router/server-build'), 'development')(request, context),
  createServer: (_options, listener) => http.on('request', (req, res) => vite.middlewares(req, res, () => listener(req, res))),
  onClose: () => vite.close(),
})
