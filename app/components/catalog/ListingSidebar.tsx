import { createContext, useContext, useId, useState } from 'react'
import { Link } from 'react-router'
import { ChevronDownIcon } from '../ui/icons'
import { PriceFilter } from './PriceFilter'
import { formatCount } from '~/lib/money'
import type { Faceta } from '../../../contract/catalog'
import { brandCategoryPath, brandCategorySidebarPath, brandPath } from '../../../contract/urls'

/** One sidebar entry: a link with an optional product count. */
export type FacetLink = { titulo: string; href: string; qtd?: number; current?: boolean }
export type FacetSection = { title: string; items: readonly FacetLink[] }

/** Entries shown before "Ver mais". */
const FACET_VISIBLE = 8

function FacetList({ section }: { section: FacetSection }) {
  const [all, setAll] = useState(false)
  const headingId = useId()
  const items = all ? section.items : section.items.slice(0, FACET_VISIBLE)
  const hidden = section.items.length - items.length
  return (
    <section aria-labelledby={headingId}>
      <h2 id={headingId} className="mb-2 text-sm font-bold text-ink-900">
        {section.title}
      </h2>
      <ul className="space-y-0.5 text-sm">
        {items.map((item) => (
          <li key={item.href}>
            <Link
              to={item.href}
              aria-current={item.current ? 'page' : undefined}
              className={`flex items-center justify-between gap-2 rounded-md px-2 py-1.5 transition ${
                item.current ? 'bg-brand-50 font-semibold text-brand-700' : 'text-ink-700 hover:bg-ink-50 hover:text-brand-700'
              }`}
            >
              <span className="min-w-0 truncate">{item.titulo}</span>
              {item.qtd != null ? <span className="shrink-0 rounded-full bg-ink-50 px-2 text-xs text-ink-500">{formatCount(item.qtd)}</span> : null}
            </Link>
          </li>
        ))}
      </ul>
      {hidden > 0 || all ? (
        <button type="button" onClick={() => setAll(!all)} aria-expanded={all} className="mt-1 px-2 text-sm font-semibold text-brand-700 hover:underline">
          {all ? 'Ver menos' : `Ver mais (${hidden})`}
        </button>
      ) : null}
    </section>
  )
}

/** Open state of the folded sidebar on phones, owned by the listing so its toolbar can hold the button. */
export const ListingFiltersContext = createContext<{ open: boolean; toggle: () => void } | null>(null)

export const FILTERS_PANEL_ID = 'filtros-lista'

const FilterIcon = ({ className }: { className?: string }) => (
  <svg
    className={className}
    viewBox="0 0 24 24"
    width="18"
    height="18"
    fill="none"
    stroke="currentColor"
    strokeWidth="1.8"
    strokeLinecap="round"
    aria-hidden="true"
  >
    <path d="M4 6h16M7 12h10M10 18h4" />
  </svg>
)

/** The phone's "Filtros" button (hidden on desktops, where the sidebar is always open). */
export function FiltersButton({ label = 'Filtros', className = '' }: { label?: string; className?: string }) {
  const ctx = useContext(ListingFiltersContext)
  if (!ctx) return null
  return (
    <button
      type="button"
      onClick={ctx.toggle}
      aria-expanded={ctx.open}
      aria-controls={FILTERS_PANEL_ID}
      className={`relative flex h-10 items-center justify-center gap-2 rounded-lg border border-ink-100 bg-white px-9 text-sm font-semibold text-ink-900 shadow-sm hover:border-brand-200 lg:hidden ${
        ctx.open ? 'border-brand-200 bg-brand-50 text-brand-700' : ''
      } ${className}`}
    >
      {/* The icon and the chevron hold the ends, the label the centre: grouped in the centre, each
          part moved as the next one arrived with the HTML (decision 0132). */}
      <FilterIcon className="absolute left-3" />
      {label}
      <ChevronDownIcon width={16} height={16} className={`absolute right-3 transition ${ctx.open ? 'rotate-180' : ''}`} />
    </button>
  )
}

/**
 * Every listing's sidebar: facet sections (categories, brands…) and the price filter (`price`, see
 * PriceFilter). On desktops it is always open; on phones it folds behind the listing toolbar's
 * "Filtros" button (ListingFiltersContext), or behind a button of its own when used outside a listing.
 */
export function ListingSidebar({
  sections,
  price = 'range',
  label = 'Filtros',
}: {
  sections: readonly FacetSection[]
  price?: 'range' | 'upTo'
  label?: string
}) {
  const ctx = useContext(ListingFiltersContext)
  const [ownOpen, setOwnOpen] = useState(false)
  const open = ctx ? ctx.open : ownOpen
  const visible = sections.filter((s) => s.items.length > 0)
  return (
    <aside aria-label={label}>
      {ctx ? null : (
        <button
          type="button"
          onClick={() => setOwnOpen(!ownOpen)}
          aria-expanded={ownOpen}
          aria-controls={FILTERS_PANEL_ID}
          className="flex w-full items-center justify-between rounded-card bg-white px-4 py-3 text-sm font-semibold text-ink-900 shadow-card ring-1 ring-ink-100 lg:hidden"
        >
          <span className="flex items-center gap-2">
            <FilterIcon />
            {label}
          </span>
          <ChevronDownIcon width={18} height={18} className={`transition ${ownOpen ? 'rotate-180' : ''}`} />
        </button>
      )}
      <div
        id={FILTERS_PANEL_ID}
        className={`${open ? 'block' : 'hidden'} space-y-6 rounded-card bg-white p-4 shadow-card ring-1 ring-ink-100 lg:block ${ctx ? '' : 'mt-2 lg:mt-0'}`}
      >
        {visible.map((s) => (
          <FacetList key={s.title} section={s} />
        ))}
        <div className={visible.length ? 'border-t border-ink-100 pt-5' : ''}>
          <PriceFilter kind={price} />
        </div>
      </div>
    </aside>
  )
}

/**
 * The brand listings' sidebar: the brand's categories, each linking to
 * /marca/{id}/{titulo}/, and the 'Faixa de preço até: R$' widget. Within a category (`current`, its
 * link) a first entry leads back to all the brand's products and the category is marked.
 */
export function BrandSidebar({ marca, categorias, current }: { marca: { titulo: string; link: string }; categorias: readonly Faceta[]; current?: string }) {
  const items = categorias.map((c) => ({
    titulo: c.titulo,
    // The brand page links /marca/{id}/{titulo}/, the brand + category page /produto/marca/{id}/{link}/.
    href: current === undefined ? brandCategoryPath(marca.link, c.titulo) : brandCategorySidebarPath(marca.link, c.link),
    qtd: c.qtd,
    current: c.link === current,
  }))
  const all = { titulo: `Todos os produtos ${marca.titulo}`, href: brandPath(marca.link) }
  return <ListingSidebar price="upTo" sections={[{ title: 'Categorias', items: current ? [all, ...items] : items }]} />
}
