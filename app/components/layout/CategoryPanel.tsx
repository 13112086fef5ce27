import { useEffect, useState } from 'react'
import { Link, useLocation } from 'react-router'
import type { MenuCategory } from '../../../contract/menu'
import { call } from '~/lib/api'
import { knownCategories } from '~/lib/personal'
import { Drawer } from '../ui/Drawer'
import { LOADING_TITLE, visibleCategories } from './categories'
import { useShellUi } from './shell-state'
import { categoryPath } from '../../../contract/urls'

export { visibleCategories }

export type CategoryListState = { kind: 'loading' } | { kind: 'error'; msg: string } | { kind: 'loaded'; categorias: MenuCategory[] }

/** The panel's body for each state: loading placeholders, error, empty, or the tree. */
export function CategoryList({
  state,
  currentPath,
  onPick,
  onRetry,
}: {
  state: CategoryListState
  currentPath: string
  onPick: () => void
  onRetry?: () => void
}) {
  if (state.kind === 'loading') {
    return (
      <div aria-busy="true">
        <p className="px-5 py-3 text-sm text-ink-500">{LOADING_TITLE}</p>
        <ul className="space-y-3 px-5" aria-hidden="true">
          {Array.from({ length: 8 }, (_, i) => (
            <li key={i} className="skeleton h-5" style={{ width: `${55 + ((i * 17) % 40)}%` }} />
          ))}
        </ul>
      </div>
    )
  }
  if (state.kind === 'error') {
    return (
      <div className="space-y-3 px-5 py-4 text-sm">
        <p className="text-danger-600">{state.msg}</p>
        {onRetry ? (
          <button type="button" className="btn-ghost" onClick={onRetry}>
            Tentar novamente
          </button>
        ) : null}
      </div>
    )
  }
  const categorias = visibleCategories(state.categorias)
  if (categorias.length === 0) {
    return <p className="px-5 py-4 text-sm text-ink-500">Nenhuma categoria disponível.</p>
  }
  const linkClass = (path: string, strong: boolean) =>
    `block rounded-md px-3 py-2 transition ${
      currentPath === path
        ? 'bg-brand-50 font-semibold text-brand-700 ring-1 ring-brand-200'
        : `${strong ? 'font-semibold text-ink-900' : 'text-ink-700'} hover:bg-ink-50 hover:text-brand-700`
    }`
  return (
    <ul className="space-y-1 px-2 pb-6">
      {categorias.map((c) => {
        const path = categoryPath(c.ndi)
        return (
          <li key={c.ndi}>
            <Link to={path} onClick={onPick} className={linkClass(path, true)} aria-current={currentPath === path ? 'page' : undefined}>
              {c.titulo}
            </Link>
            {c.subcategorias.length ? (
              <ul className="mb-2 ml-3 border-l border-ink-100 pl-2 text-[14px]">
                {c.subcategorias.map((s) => {
                  const subPath = categoryPath(s.ndi)
                  return (
                    <li key={s.ndi}>
                      <Link to={subPath} onClick={onPick} className={linkClass(subPath, false)} aria-current={currentPath === subPath ? 'page' : undefined}>
                        {s.titulo}
                      </Link>
                    </li>
                  )
                })}
              </ul>
            ) : null}
          </li>
        )
      })}
    </ul>
  )
}

/**
 * 'Todas categorias' side panel, loaded the first time it opens (app/routes/_shell.tsx). The tree
 * comes from the DataMenu answer the page already asked for after hydration (~/lib/personal);
 * opened before that answer, it asks DataMenu itself and shows 'Carregando...' meanwhile. The
 * page's HTML does not carry the tree (decision 0061).
 */
export function CategoryPanel() {
  const { categoriesOpen: open, closeCategories: close } = useShellUi()
  const location = useLocation()
  const [state, setState] = useState<CategoryListState>(() => {
    const known = knownCategories()
    return known ? { kind: 'loaded', categorias: known } : { kind: 'loading' }
  })
  const load = () => {
    setState({ kind: 'loading' })
    void call('dataMenu').then((r) =>
      setState(r.ok ? { kind: 'loaded', categorias: r.data.Categorias } : { kind: 'error', msg: 'Não foi possível carregar as categorias.' }),
    )
  }

  useEffect(() => {
    if (open && state.kind === 'loading') load()
    // Only opening triggers a load; `state` changes must not.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [open])

  return (
    <Drawer
      open={open}
      onClose={close}
      side="left"
      titleId="categorias-titulo"
      title="Categorias"
      closeLabel="Fechar categorias"
      overlayTestId="categorias-overlay"
      className="max-w-[360px]"
    >
      <nav aria-label="Todas as categorias" className="flex-1 overflow-y-auto pt-3">
        <CategoryList state={state} currentPath={location.pathname} onPick={close} onRetry={load} />
      </nav>
    </Drawer>
  )
}
