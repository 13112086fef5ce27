import { defineConfig } from 'vitest/config'
import { fileURLToPath } from 'node:url'

export default defineConfig({
  resolve: { alias: { '~': fileURLToPath(new URL('./app', import.meta.url)) } },
  test: {
    include: ['server/**/*.test.ts', 'contract/**/*.test.ts', 'app/**/*.test.{ts,tsx}', 'tests/api/**/*.test.ts', 'scripts/**/*.test.ts'],
    exclude: ['node_modules', 'build', 'tests/e2e/**'],
    // Each file gets one database, started from one migrated PGlite template (global setup), so
    // files run in parallel workers.
    globalSetup: ['tests/support/pglite-template.ts'],
    // Passwords hashed at a test-only scrypt cost (the store's is proven in password.test.ts).
    setupFiles: ['tests/support/test-passwords.ts'],
    testTimeout: 30_000,
    hookTimeout: 60_000,
    pool: 'forks',
    maxWorkers: 2,
  },
})
