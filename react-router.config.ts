import type { Config } from '@react-router/dev/config'

export default {
  appDirectory: 'app',
  ssr: true,
  future: {
    // Loaders get our Hono request context as a plain AppLoadContext (see app/context.ts).
    v8_middleware: false,
    v8_passThroughRequests: false,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config
