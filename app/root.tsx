import { Links, Meta, Outlet, ScrollRestoration, isRouteErrorResponse, useRouteError, type LinksFunction } from 'react-router'
import { DeferredScripts } from '~/components/ui/DeferredScripts'
import { ToastHost } from '~/components/ui/ToastHost'
import './context'
import { useNonce } from './lib/nonce'

/**
 * The whole stylesheet (~11 KB gzipped) travels inside the HTML, so the first paint needs no second
 * request (decision 0061). Read on the server only: the browser build keeps none of it, and the
 * <style> it hydrates is left as the server wrote it.
 */
const css = import.meta.env.SSR ? (await import('./app.css?inline')).default : ''

export const links: LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'manifest', href: '/manifest.webmanifest' },
]

export function Layout({ children }: { children: React.ReactNode }) {
  // The page's CSP nonce (server/http/csp.ts): React Router's inline scripts must carry it.
  const nonce = useNonce()
  return (
    <html lang="pt-BR">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#173b9e" />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: css }} suppressHydrationWarning />
        <Meta />
        <Links />
      </head>
      <body>
        {children}
        {/* One toast system for the whole store (~/lib/toast), loaded on the first toast. */}
        <ToastHost />
        <ScrollRestoration nonce={nonce} />
        <DeferredScripts nonce={nonce} />
      </body>
    </html>
  )
}

export default function App() {
  return <Outlet />
}

/** Last-resort boundary: a page that failed outside the shell still speaks Portuguese. */
export function ErrorBoundary() {
  const error = useRouteError()
  const status = isRouteErrorResponse(error) ? error.status : 500
  return (
    <main className="container-page flex min-h-[60vh] flex-col items-center justify-center gap-4 py-16 text-center">
      <h1 className="text-3xl font-bold text-ink-900">{status === 404 ? 'Oops! página não encontra!' : 'Algo deu errado'}</h1>
      <p className="text-ink-500">
        {status === 404
          ? 'A página que você procura não existe ou foi removida.'
          : 'Não foi possível carregar esta página agora. Tente novamente em instantes.'}
      </p>
      <a href="/" className="btn-primary">
        Voltar para a página inicial
      </a>
    </main>
  )
}
