import type { TestProject } from 'vitest/node'
import { startThrowawayStore } from '../../scripts/lib/store-process'

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string
    /** The store's DATA_DIR (its e-mail outbox), when this run started the store. */
    dataDir: string
  }
}

/** Starts the built store on a fresh embedded database (seeded with the demo catalog). */
export default async function setup(project: TestProject) {
  const external = process.env.E2E_BASE_URL
  if (external) {
    project.provide('baseURL', external)
    project.provide('dataDir', process.env.E2E_DATA_DIR ?? '')
    return
  }
  const store = await startThrowawayStore({ prefix: 'vitrine-e2e-', env: { CAPTCHA_COST: '100', CAPTCHA_MAX_COUNTER: '200' } })
  project.provide('baseURL', store.base)
  project.provide('dataDir', store.dataDir)
  return store.stop
}
