import type { MenuCategory } from '../../../contract/menu'

export const LOADING_TITLE = 'Carregando...'

/** Entries titled 'Carregando...' or lacking ndi are never shown. */
export function visibleCategories(list: MenuCategory[]): MenuCategory[] {
  return list
    .filter((c) => c.ndi && c.titulo !== LOADING_TITLE)
    .map((c) => ({ ...c, subcategorias: c.subcategorias.filter((s) => s.ndi && s.titulo !== LOADING_TITLE) }))
}
