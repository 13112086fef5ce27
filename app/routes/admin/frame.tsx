import { Outlet, isRouteErrorResponse, useRouteError } from 'react-router'
import adminStyles from '~/admin.css?url'
import { ADMIN_HOME } from '~/lib/admin'
import type { Route } from './+types/frame'

/**
 * Every /admin page sits in this frame: the back office's own stylesheet (the storefront's pages
 * never link it), noindex, and a pt-BR error page. Its routes are outside the storefront's shell.
 */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: adminStyles }]

export const meta: Route.MetaFunction = () => [{ title: 'Painel | Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function AdminFrame() {
  return <Outlet />
}

export function ErrorBoundary() {
  return <AdminError />
}

/** The admin error page: 403 says the role cannot; anything else offers the way back. */
export function AdminError() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  const msg = isRouteErrorResponse(error) && error.data && typeof error.data === 'object' && 'msg' in error.data ? String(error.data.msg) : null
  const [title, text] =
    status === 403
      ? ['Acesso negado', msg ?? 'Seu perfil não tem permissão para esta página.']
      : status === 404
        ? ['Página não encontrada', 'Este endereço não existe no painel.']
        : ['Algo deu errado', 'Não foi possível carregar esta página agora. Tente novamente em instantes.']
  return (
    <main className="flex min-h-[60vh] flex-col items-center justify-center gap-3 p-8 text-center">
      <p className="text-sm font-semibold text-brand-700">{status}</p>
      <h1 className="text-2xl font-bold text-ink-900">{title}</h1>
      <p className="max-w-md text-ink-500">{text}</p>
      <a href={ADMIN_HOME} className="adm-btn mt-2">
        Voltar ao painel
      </a>
    </main>
  )
}
