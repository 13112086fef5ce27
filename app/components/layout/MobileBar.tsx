import { useState } from 'react'
import { NavLink } from 'react-router'
import { usePersonal } from '~/lib/personal'
import { CartIcon, CloseIcon, GridIcon, HomeIcon, SearchIcon, UserIcon } from '../ui/icons'
import { badgeCount } from './Header'
import { SearchBox } from './SearchBox'
import { useShellUi } from './shell-state'

// Five fixed columns, each item's icon 11 px from the top: its place does not depend on the items
// or the label after it, which arrive later with the HTML (flex-1 items re-divided the bar as each
// came, and centred icons moved up when their label did; decision 0132).
const item = 'flex flex-col items-center gap-0.5 pt-[11px] text-[11px] font-medium'
const tone = (active: boolean) => (active ? 'text-brand-700' : 'text-ink-500')

/**
 * Phone bottom bar: Inicio, Categorias, Buscar (its own search input), Carrinho, Perfil.
 * Decision: 'Categorias' opens the category panel (the spec's source linked it to the cart route).
 */
export function MobileBar() {
  const { openCategories, categoriesOpen } = useShellUi()
  const { ItensCar } = usePersonal()
  const [searching, setSearching] = useState(false)
  return (
    <div className="lg:hidden">
      {searching ? (
        <div className="fixed inset-x-0 bottom-16 z-40 border-t border-ink-100 bg-white p-3 shadow-pop">
          <div className="flex items-center gap-2">
            <SearchBox id="busca-barra" autoFocus onDone={() => setSearching(false)} />
            <button type="button" className="rounded-full p-2 text-ink-500 hover:bg-ink-50" aria-label="Fechar busca" onClick={() => setSearching(false)}>
              <CloseIcon width={20} height={20} />
            </button>
          </div>
        </div>
      ) : null}
      <nav
        aria-label="Navegação principal"
        className="fixed inset-x-0 bottom-0 z-40 grid h-16 grid-cols-5 border-t border-ink-100 bg-white pb-[env(safe-area-inset-bottom)] shadow-[0_-2px_12px_rgb(16_24_40/0.06)]"
      >
        <NavLink to="/" end className={({ isActive }) => `${item} ${tone(isActive)}`}>
          <HomeIcon width={22} height={22} />
          Inicio
        </NavLink>
        <button type="button" onClick={openCategories} className={`${item} ${tone(categoriesOpen)}`}>
          <GridIcon width={22} height={22} />
          Categorias
        </button>
        <button type="button" onClick={() => setSearching((s) => !s)} className={`${item} ${tone(searching)}`} aria-expanded={searching}>
          <SearchIcon width={22} height={22} />
          Buscar
        </button>
        <NavLink to="/compras/carrinho" className={({ isActive }) => `${item} ${tone(isActive)}`}>
          <span className="relative">
            <CartIcon width={22} height={22} />
            {/* Overlays the icon: appearing after hydration does not move the bar. */}
            {ItensCar > 0 ? (
              <span className="absolute -top-1.5 -right-2 flex h-4 min-w-4 items-center justify-center rounded-full bg-accent-500 px-1 text-[10px] font-bold text-white">
                {badgeCount(ItensCar)}
              </span>
            ) : null}
          </span>
          Carrinho
        </NavLink>
        <NavLink to="/authorization/user/" className={({ isActive }) => `${item} ${tone(isActive)}`}>
          <UserIcon width={22} height={22} />
          Perfil
        </NavLink>
      </nav>
    </div>
  )
}
