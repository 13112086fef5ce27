import { type RouteConfig, index, layout, route } from '@react-router/dev/routes'

/** Explicit route table mirroring spec §2. */
export default [
  layout('routes/_shell.tsx', [
    index('routes/home.tsx'),
    route('busca', 'routes/busca-form.tsx'),
    route('sobre/:id', 'routes/sobre.tsx', { id: 'sobre' }),
    route('afiliados', 'routes/afiliados.tsx'),
    route('app/baixar', 'routes/app-baixar.tsx'),
    route('*', 'routes/not-found.tsx'),
  ]),
] satisfies RouteConfig
