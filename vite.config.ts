import { reactRouter } from '@react-router/dev/vite'
import tailwindcss from '@tailwindcss/vite'
import { defineConfig } from 'vite'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

const serverDir = fileURLToPath(new URL('./server/', import.meta.url))
const contractDir = fileURLToPath(new URL('./contract/', import.meta.url))
const ssrOutDir = fileURLToPath(new URL('./build/server/', import.meta.url))

export default defineConfig({
  plugins: [tailwindcss(), reactRouter()],
  resolve: {
    alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) },
  },
  build: { assetsInlineLimit: 0 },
  environments: {
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
