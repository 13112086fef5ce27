import { defineConfig } from 'vitest/config'

/** Checks of the production build (scripts/test.sh runs them right after `react-router build`). */
export default defineConfig({
  test: { root: new URL('../..', import.meta.url).pathname, include: ['tests/bundle/**/*.test.ts'] },
})
