import { useEffect } from 'react'
import { Outlet } from 'react-router'
import { getSharedMenu } from '../../server/domain/menu/menu'
import { CartPanel } from '~/components/cart/CartPanel'
import { CategoryPanel } from '~/components/layout/CategoryPanel'
import { AtendimentoSlot } from '~/components/layout/AtendimentoSlot'
import { Footer } from '~/components/layout/Footer'
import { Header } from '~/components/layout/Header'
import { MobileBar } from '~/components/layout/MobileBar'
import { ShellUiProvider } from '~/components/layout/shell-state'
import { loadPersonal } from '~/lib/personal'
import type { Route } from './+types/_shell'

/**
 * Header, category panel, footer and phone bar around every page: what every visitor sees alike.
 * The personal bits (cart badge, recent searches) are asked by the browser (~/lib/personal).
 */
export async function loader({ context }: Route.LoaderArgs) {
  return { menu: await getSharedMenu(context.db), store: context.store }
}

export type ShellData = Awaited<ReturnType<typeof loader>>

/** Categories and the store profile change with the catalog, not with what the shopper does: loaded once. */
export function shouldRevalidate() {
  return false
}

export default function Shell() {
  // The badge and the recent searches, asked once the page is interactive.
  useEffect(loadPersonal, [])
  return (
    <ShellUiProvider>
      <a href="#conteudo" className="sr-only-focusable fixed top-2 left-2 z-[60] rounded bg-white px-3 py-2 font-semibold text-brand-700 shadow">
        Pular para o conteúdo
      </a>
      <Header />
      <CategoryPanel />
      <CartPanel />
      <AtendimentoSlot />
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
