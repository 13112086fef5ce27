import { serveStatic } from '@hono/node-server/serve-static'
import type { Context, Hono, Next } from 'hono'
import { mkdirSync } from 'node:fs'
import path from 'node:path'
import type { AppBindings } from './context'

/** Cache-Control for the files a route serves well. */
const browserCache = (value: string) => async (c: Context<AppBindings>, next: Next) => {
  await next()
  if (c.res.ok) c.header('Cache-Control', value)
}

/** Built client assets (fingerprinted, cached for a year) and the public folder. */
export function mountStatic(app: Hono<AppBindings>, options: { root: string; dataDir: string }) {
  const clientDir = path.relative(process.cwd(), path.join(options.root, 'build/client')) || '.'
  app.use('/assets/*', browserCache('public, max-age=31536000, immutable'), serveStatic({ root: clientDir }))
  // Generated store media (slides, banners) first, then the committed public files.
  mkdirSync(path.join(options.dataDir, 'media/static'), { recursive: true })
  const mediaStatic = path.relative(process.cwd(), path.join(options.dataDir, 'media/static')) || '.'
  app.use(
    '/_next/static/*',
    browserCache('public, max-age=86400'),
    serveStatic({ root: mediaStatic, rewriteRequestPath: (p) => p.replace(/^\/_next\/static/, '') }),
    serveStatic({ root: clientDir }),
  )
  for (const file of ['/favicon.ico', '/favicon.svg', '/manifest.webmanifest']) {
    app.get(file, serveStatic({ root: clientDir }))
  }
}
