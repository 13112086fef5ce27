import { Outlet, type ShouldRevalidateFunctionArgs } from 'react-router'
import { getDataMenu } from '../../server/domain/menu/menu'
import { CategoryPanel } from '~/components/layout/CategoryPanel'
import { Footer } from '~/components/layout/Footer'
import { Header } from '~/components/layout/Header'
import { MobileBar } from '~/components/layout/MobileBar'
import { ShellUiProvider } from '~/components/layout/shell-state'
import type { Route } from './+types/_shell'

/** Header, category panel, footer and phone bar around every page, filled from the database. */
export async function loader({ context }: Route.LoaderArgs) {
  const menu = await getDataMenu(context.db, context.session.current()?.id ?? null)
  return { menu, store: context.store }
}

export type ShellData = Awaited<ReturnType<typeof loader>>

/**
 * The menu changes with the cart, the session and the searches made: skip it on plain navigation,
 * reload it after a form or a search (recent searches).
 */
export function shouldRevalidate({ formMethod, nextUrl, defaultShouldRevalidate }: ShouldRevalidateFunctionArgs) {
  if (formMethod) return defaultShouldRevalidate
  return nextUrl.pathname.startsWith('/busca/')
}

export default function Shell() {
  return (
    <ShellUiProvider>
      <a href="#conteudo" className="sr-only-focusable fixed top-2 left-2 z-[60] rounded bg-white px-3 py-2 font-semibold text-brand-700 shadow">
        Pular para o conteúdo
      </a>
      <Header />
      <CategoryPanel />
      <div className="page-offset flex min-h-screen flex-col">
        <main id="conteudo" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
      <MobileBar />
    </ShellUiProvider>
  )
}
