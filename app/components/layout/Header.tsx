import { Link, NavLink } from 'react-router'
import { usePersonal } from '~/lib/personal'
import { CartIcon, HeadsetIcon, MenuIcon, PixIcon, TruckIcon, UserIcon } from '../ui/icons'
import { Logo } from './Logo'
import { SearchBox } from './SearchBox'
import { useShellData, useShellUi } from './shell-state'
import { categoryPath } from '../../../contract/urls'

/** The badge's text for a cart count. */
export function badgeCount(n: number): string {
  return n > 99 ? '99+' : String(n)
}

/**
 * Cart button with the item-count badge (ItensCar): opens the cart side panel. The badge
 * appears once the browser knows the count; it overlays the icon, so the header does not move.
 */
export function CartButton({ compact = false }: { compact?: boolean }) {
  const { ItensCar: count, loaded } = usePersonal()
  const { openCart } = useShellUi()
  // The name comes from the text, so it starts with what a sighted user reads ('Meu Carrinho');
  // the count follows for screen readers (the badge itself is decoration).
  const itens = loaded ? `, ${count} ${count === 1 ? 'item' : 'itens'}` : ''
  return (
    <button
      type="button"
      onClick={openCart}
      aria-haspopup="dialog"
      className="relative flex h-10 items-center gap-2 rounded-lg px-2 text-white hover:bg-white/10"
    >
      <span className="relative">
        <CartIcon width={compact ? 26 : 28} height={compact ? 26 : 28} />
        {loaded ? (
          <span
            aria-hidden="true"
            data-testid="cart-badge"
            className="absolute -top-2 -right-2 flex h-5 min-w-5 items-center justify-center rounded-full bg-accent-500 px-1 text-[11px] font-bold text-white ring-2 ring-brand-700"
          >
            {badgeCount(count)}
          </span>
        ) : null}
      </span>
      <span className={compact ? 'sr-only' : 'sr-only text-sm leading-tight font-semibold xl:not-sr-only xl:block'}>Meu Carrinho</span>
      {itens ? <span className="sr-only">{itens}</span> : null}
    </button>
  )
}

/** Desktop header (170 px with the top strip and the menu row) and the 60 px phone header. */
export function Header() {
  const { sugeridas, store, aviso } = useShellData()
  const { openCategories, openAtendimento } = useShellUi()
  return (
    <header className="fixed inset-x-0 top-0 z-40 shadow-md">
      {/* Desktop */}
      <div className="hidden lg:block">
        <div className="h-8 bg-brand-900 text-[13px] text-brand-100">
          {/* Three columns: the notice stays centred while the strip's right part is still arriving. */}
          <div className="container-page grid h-full grid-cols-[1fr_auto_1fr] items-center gap-4">
            <p className="flex h-full items-center gap-2">
              <PixIcon width={16} height={16} /> {store.pix.descontoPercentual}% de desconto no Pix · {store.parcelamento.maxParcelasSemJuros}x sem juros no
              cartão
            </p>
            {aviso ? (
              <p data-testid="aviso-demo" className="col-start-2 rounded-full empty:hidden bg-white/10 px-3 py-0.5 font-semibold text-white">
                {aviso}
              </p>
            ) : null}
            {/* A fixed width at the right end (its text in DejaVu Sans, the widest font of the stack, is
                213 px), its content from the left: the icon keeps its place while the text arrives. */}
            <p className="col-start-3 flex h-full w-[13.375rem] items-center gap-2 justify-self-end whitespace-nowrap">
              <TruckIcon width={16} height={16} /> Entregamos em todo o Brasil
            </p>
          </div>
        </div>
        <div className="h-[86px] bg-brand-700">
          {/* A grid of fixed columns: the shortcuts' place is kept from the first paint, so neither they
              nor the search box move while the HTML is still being read (in a flex row the search box
              was 640 px until the shortcuts arrived, and they grew leftwards item by item). The widths
              fit DejaVu Sans, the widest font of the stack; the third item shows its text from xl. */}
          <div className="container-page grid h-full grid-cols-[auto_minmax(0,1fr)_22.25rem] items-center gap-6 xl:grid-cols-[auto_minmax(0,1fr)_29.5rem]">
            <Logo />
            <SearchBox id="busca-desktop" className="w-full max-w-[640px]" />
            <nav aria-label="Atalhos" className="grid h-10 grid-cols-[9.625rem_9.375rem_1fr] items-center gap-1 text-white">
              <button type="button" onClick={openAtendimento} aria-haspopup="dialog" className="flex h-10 items-center gap-2 rounded-lg px-2 hover:bg-white/10">
                <HeadsetIcon width={26} height={26} />
                <span className="text-sm leading-tight font-semibold">Atendimento</span>
              </button>
              <Link to="/authorization/user/" className="flex h-10 items-center gap-2 rounded-lg px-2 hover:bg-white/10">
                <UserIcon width={26} height={26} />
                <span className="text-sm leading-tight font-semibold">Minha Conta</span>
              </Link>
              <CartButton />
            </nav>
          </div>
        </div>
        <div className="h-[52px] border-b border-ink-100 bg-white">
          <div className="container-page flex h-full items-center gap-2">
            <button
              type="button"
              onClick={openCategories}
              className="flex h-9 shrink-0 items-center gap-2 rounded-lg bg-brand-50 px-3 text-sm font-semibold text-brand-700 hover:bg-brand-100"
            >
              <MenuIcon width={20} height={20} /> Todas categorias
            </button>
            <nav aria-label="Categorias sugeridas" className="h-8 min-w-0 flex-1 overflow-hidden">
              <ul className="flex h-full items-center gap-1 whitespace-nowrap">
                {sugeridas.map((c) => (
                  <li key={c.ndi}>
                    <NavLink
                      to={categoryPath(c.ndi)}
                      className={({ isActive }) =>
                        `block h-8 rounded-md px-3 text-sm leading-8 font-medium transition ${
                          isActive ? 'bg-brand-50 text-brand-700' : 'text-ink-700 hover:text-brand-700'
                        }`
                      }
                    >
                      {c.titulo}
                    </NavLink>
                  </li>
                ))}
              </ul>
            </nav>
          </div>
        </div>
      </div>

      {/* Phone */}
      {/* Fixed columns again: the search box keeps its width while the buttons after it arrive. */}
      <div className="grid h-[60px] grid-cols-[2.25rem_auto_minmax(0,1fr)_2.25rem_2.625rem] items-center gap-2 bg-brand-700 px-3 lg:hidden">
        <button type="button" onClick={openCategories} className="h-9 rounded-lg p-1.5 text-white hover:bg-white/10" aria-label="Todas categorias">
          <MenuIcon />
        </button>
        <Logo compact />
        <SearchBox id="busca-mobile" className="min-w-0 flex-1" />
        <button
          type="button"
          onClick={openAtendimento}
          aria-haspopup="dialog"
          aria-label="Atendimento"
          className="h-9 rounded-lg p-1.5 text-white hover:bg-white/10"
        >
          <HeadsetIcon width={24} height={24} />
        </button>
        <CartButton compact />
      </div>
    </header>
  )
}
