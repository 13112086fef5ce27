import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig, type Plugin } from 'vite'
import { mkdirSync, writeFileSync } from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('./server/', import.meta.url))
const contractDir = fileURLToPath(new URL('./contract/', import.meta.url))
const ssrOutDir = fileURLToPath(new URL('./build/server/', import.meta.url))
const root = fileURLToPath(new URL('./', import.meta.url))

/**
 * Writes build/client-chunks.json (each browser chunk → its source modules and the chunks it imports), outside the
 * served folder: the JS budget test (tests/bundle/js-budget.test.ts) reads it to prove no back-office
 * module and no second copy of a library reaches a storefront page.
 */
function chunkModules(): Plugin {
  return {
    name: 'vitrine-chunk-modules',
    applyToEnvironment: (env) => env.name === 'client',
    writeBundle(_options, bundle) {
      // chunk → its source modules (rendered bytes each) and the chunks it imports, statically or on demand.
      const map: Record<string, { modules: Record<string, number>; imports: string[]; dynamicImports: string[] }> = {}
      for (const [file, out] of Object.entries(bundle)) {
        if (out.type !== 'chunk') continue
        const modules = Object.fromEntries(Object.entries(out.modules).map(([id, m]) => [path.relative(root, id.replace(/^\0/, '')), m.renderedLength]))
        map[file] = { modules, imports: out.imports, dynamicImports: out.dynamicImports }
      }
      mkdirSync(path.join(root, 'build'), { recursive: true })
      writeFileSync(path.join(root, 'build/client-chunks.json'), JSON.stringify(map, null, 1))
    },
  }
}

/**
 * Vite wraps every dynamic import of the browser build in its preload helper (~1 KB gzipped, in
 * every page's first load) even with `modulePreload: false`, where all it still does is load the
 * stylesheets of the imported chunk (only the back office's chart has one). This is that helper
 * cut down to just that: same name and arguments (`deps` are file names under `base`), the
 * stylesheets added once each, then the import (decision 0064).
 */
function stylesheetOnlyPreload(): Plugin {
  let base = '/'
  return {
    name: 'vitrine-stylesheet-only-preload',
    enforce: 'pre',
    applyToEnvironment: (env) => env.name === 'client',
    configResolved(config) {
      base = config.base
    },
    load: {
      filter: { id: /^\0vite\/preload-helper\.js$/ },
      handler: () => `const seen = {}
export const __vitePreload = (load, deps) =>
  Promise.all((deps || []).filter((dep) => dep.endsWith('.css')).map((dep) => {
    const href = ${JSON.stringify(base)} + dep
    return (seen[href] ??= new Promise((resolve, reject) => {
      const link = Object.assign(document.createElement('link'), { rel: 'stylesheet', href, onload: resolve, onerror: () => reject(new Error('Unable to preload CSS for ' + href)) })
      document.head.appendChild(link)
    }))
  })).then(load)
`,
    },
  }
}

export default defineConfig({
  plugins: [stylesheetOnlyPreload(), tailwindcss(), reactRouter(), chunkModules()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  // No preload helper around dynamic imports (0.8 KB on every page): the parts loaded on first use
  // are one or two small chunks each (decision 0060).
  build: { assetsInlineLimit: 0, modulePreload: false },
  environments: {
    client: {
      build: {
        rollupOptions: {
          output: {
            // The small helpers nearly every page uses travel as one chunk: gzip does better on one
            // file than on a dozen of a few hundred bytes each (decision 0060).
            codeSplitting: {
              groups: [
                {
                  name: 'common',
                  test: /\/(app\/lib\/(api|personal|toast|money|image|seo)\.ts|app\/lib\/deferred\.tsx|app\/components\/ui\/(icons|ToastHost)\.tsx|app\/components\/layout\/shell-state\.tsx|contract\/(urls|pricing|limits|calls)\.ts)$/,
                },
                // The product page's small parts shared with its on-demand parts.
                { name: 'product', test: /\/app\/components\/product\/(media|BuyButton|Stars)\.tsx?$/ },
              ],
            },
          },
        },
      },
    },
    ssr: {
      build: {
        // The server bundle imports server/ and contract/ modules from their source (run under
        // tsx), so loaders and API handlers share one copy of each: one set of caches, one state.
        rollupOptions: {
          external: (id: string) => id.startsWith(serverDir) || id.startsWith(contractDir),
          output: { paths: (id: string) => (path.isAbsolute(id) ? path.relative(ssrOutDir, id) : id) },
        },
      },
    },
  },
})
