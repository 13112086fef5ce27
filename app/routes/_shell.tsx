import { lazy, Suspense, useEffect, useState } from 'react'
import { Outlet } from 'react-router'
import { getSharedMenu } from '../../server/domain/menu/menu'
import { demoNotice } from '../../server/domain/live/notice'
import { visibleCategories } from '~/components/layout/categories'
import { AtendimentoSlot } from '~/components/layout/AtendimentoSlot'
import { Header } from '~/components/layout/Header'
import { MobileBar } from '~/components/layout/MobileBar'
import { ShellUiProvider, useShellData, useShellUi } from '~/components/layout/shell-state'
import { whenVisible } from '~/lib/deferred'
import { loadPersonal } from '~/lib/personal'
import type { Route } from './+types/_shell'

// The footer is the same for every visitor and below every page's fold: its code (links, icons,
// badges) loads when it comes near the screen; until then the server's markup is the footer.
const Footer = whenVisible(
  () => import('~/components/layout/Footer').then((m) => m.Footer),
  import.meta.env.SSR ? (await import('~/components/layout/Footer')).Footer : null,
)

/**
 * Header, category panel, footer and phone bar around every page: what every visitor sees alike.
 * The personal bits (cart badge, recent searches) are asked by the browser (~/lib/personal).
 */
export async function loader({ context }: Route.LoaderArgs) {
  const menu = await getSharedMenu(context.db)
  const { nome, razaoSocial, cnpj, endereco, whatsapp, email, horarios, redesSociais, pix, parcelamento } = context.store
  // Only what the header and footer render travels in the page (decision 0061): the suggested
  // categories, the departments' names, the store's contact lines. The category panel's tree
  // comes from DataMenu in the browser.
  return {
    // While no payment is real (the demo, a live store on the sandbox): one line in the top bar.
    aviso: demoNotice(context.env),
    sugeridas: menu.Sgt.filter((c) => c.ndi),
    departamentos: visibleCategories(menu.Categorias).map(({ titulo, ndi }) => ({ titulo, ndi })),
    store: {
      nome,
      razaoSocial,
      cnpj,
      endereco,
      whatsapp,
      email,
      horarios,
      redesSociais,
      pix: { descontoPercentual: pix.descontoPercentual },
      parcelamento: { maxParcelasSemJuros: parcelamento.maxParcelasSemJuros },
    },
  }
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
      <Panels />
      <AtendimentoSlot />
      <div className="page-offset flex min-h-screen flex-col">
        <PhoneNotice />
        <main id="conteudo" className="flex-1">
          <Outlet />
        </main>
        <Footer />
      </div>
      <MobileBar />
    </ShellUiProvider>
  )
}

/** The phone header has no top bar: the demo notice is a thin line under it (desktop: Header's top bar). */
function PhoneNotice() {
  const { aviso } = useShellData()
  if (!aviso) return null
  return (
    <p data-testid="aviso-demo-celular" className="bg-brand-900 px-3 py-1 text-center text-xs font-semibold text-white lg:hidden">
      {aviso}
    </p>
  )
}

const CartPanel = lazy(() => import('~/components/cart/CartPanel').then((m) => ({ default: m.CartPanel })))
const CategoryPanel = lazy(() => import('~/components/layout/CategoryPanel').then((m) => ({ default: m.CategoryPanel })))

/** The side panels' code loads the first time each opens, then they stay mounted (decision 0060). */
function Panels() {
  const { cartOpen, categoriesOpen } = useShellUi()
  const [opened, setOpened] = useState({ cart: false, categories: false })
  if ((cartOpen && !opened.cart) || (categoriesOpen && !opened.categories)) {
    setOpened({ cart: opened.cart || cartOpen, categories: opened.categories || categoriesOpen })
  }
  return (
    <>
      {/* One boundary each: the cart panel loading must not hide an open category panel. */}
      <Suspense fallback={null}>{opened.categories || categoriesOpen ? <CategoryPanel /> : null}</Suspense>
      <Suspense fallback={null}>{opened.cart || cartOpen ? <CartPanel /> : null}</Suspense>
    </>
  )
}
