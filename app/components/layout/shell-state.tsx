import { createContext, useContext, useMemo, useState } from 'react'
import { useRouteLoaderData } from 'react-router'
import type { ShellData } from '~/routes/_shell'

type ShellUi = {
  categoriesOpen: boolean
  openCategories: () => void
  closeCategories: () => void
  /** The cart side panel, opened by the header's cart button. */
  cartOpen: boolean
  openCart: () => void
  closeCart: () => void
  /** The 'Atendimento' panel, opened by the header's button; its code loads on first opening. */
  atendimentoOpen: boolean
  openAtendimento: () => void
  closeAtendimento: () => void
}

const ShellUiContext = createContext<ShellUi | null>(null)

export function ShellUiProvider({ children }: { children: React.ReactNode }) {
  const [categoriesOpen, setOpen] = useState(false)
  const [cartOpen, setCartOpen] = useState(false)
  const [atendimentoOpen, setAtendimento] = useState(false)
  // Stable functions: the panels' effects depend on them and must not re-run when the other panel moves.
  const actions = useMemo(
    () => ({
      openCategories: () => setOpen(true),
      closeCategories: () => setOpen(false),
      openCart: () => setCartOpen(true),
      closeCart: () => setCartOpen(false),
      openAtendimento: () => setAtendimento(true),
      closeAtendimento: () => setAtendimento(false),
    }),
    [],
  )
  const value = useMemo(() => ({ categoriesOpen, cartOpen, atendimentoOpen, ...actions }), [categoriesOpen, cartOpen, atendimentoOpen, actions])
  return <ShellUiContext.Provider value={value}>{children}</ShellUiContext.Provider>
}

export function useShellUi(): ShellUi {
  const ui = useContext(ShellUiContext)
  if (!ui) throw new Error('useShellUi outside ShellUiProvider')
  return ui
}

/** The shell loader's data (menu, store profile) from any page inside the shell. */
export function useShellData(): ShellData {
  const data = useRouteLoaderData('routes/_shell') as ShellData | undefined
  if (!data) throw new Error('useShellData outside the shell route')
  return data
}
