import { useState, type ReactNode } from 'react'
import { Field } from '~/components/admin/Field'
import { useStaffAction } from '~/lib/admin-action'

type Item = { id: number; titulo: string; link: string; oculta: boolean; produtos: number }

/** One category or brand in its list: its name (struck through when hidden), its link and product count, Editar and Ocultar/Mostrar. */
export function TaxonomyItem({
  item,
  path,
  depth = 0,
  canWrite,
  busy,
  onEdit,
  onToggle,
}: {
  item: Item
  path: string
  depth?: number
  canWrite: boolean
  busy: boolean
  onEdit: () => void
  onToggle: () => void
}) {
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <div className="min-w-0">
        <p className={`font-medium ${item.oculta ? 'text-ink-500 line-through' : 'text-ink-900'}`}>
          {depth > 0 ? (
            <span aria-hidden="true" className="mr-1 text-ink-300">
              └
            </span>
          ) : null}
          {item.titulo}
          {item.oculta ? <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs font-semibold text-ink-700 no-underline">Oculta</span> : null}
        </p>
        <p className="truncate text-xs text-ink-500">
          {path} · {item.produtos === 1 ? '1 produto' : `${item.produtos} produtos`}
        </p>
      </div>
      {canWrite ? (
        <div className="flex shrink-0 gap-2">
          <button type="button" className="adm-btn-ghost px-3 py-1 text-sm" onClick={onEdit} aria-label={`Editar ${item.titulo}`}>
            Editar
          </button>
          <button
            type="button"
            className="adm-btn-ghost px-3 py-1 text-sm"
            disabled={busy}
            onClick={onToggle}
            aria-label={`${item.oculta ? 'Mostrar' : 'Ocultar'} ${item.titulo}`}
          >
            {item.oculta ? 'Mostrar' : 'Ocultar'}
          </button>
        </div>
      ) : null}
    </div>
  )
}

/**
 * "Nova categoria" / "Nova marca": a name, an optional link (made from the name when empty) and the
 * page's other fields (`extra`, sent as `fields`); cleared once created.
 */
export function CreateForm({
  heading,
  prefix,
  grid,
  extra,
  fields = {},
}: {
  heading: string
  prefix: string
  grid: string
  extra?: ReactNode
  fields?: Record<string, unknown>
}) {
  const [titulo, setTitulo] = useState('')
  const [link, setLink] = useState('')
  const create = useStaffAction({
    key: 'criar',
    onDone: () => {
      setTitulo('')
      setLink('')
    },
  })
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        create.submit('criar', { titulo, link: link.trim() || undefined, ...fields })
      }}
      className="adm-card mb-6 p-4"
      aria-labelledby={`${prefix}-form`}
    >
      <h2 id={`${prefix}-form`} className="mb-3 font-bold text-ink-900">
        {heading}
      </h2>
      <div className={`grid gap-3 ${grid} sm:items-end`}>
        <Field id={`${prefix}-titulo`} label="Nome" required maxLength={120} value={titulo} onChange={(e) => setTitulo(e.target.value)} />
        <Field
          id={`${prefix}-link`}
          label="Link (opcional)"
          maxLength={96}
          placeholder="feito a partir do nome"
          value={link}
          onChange={(e) => setLink(e.target.value)}
        />
        {extra}
        <button type="submit" className="adm-btn" disabled={create.busy}>
          Criar
        </button>
      </div>
    </form>
  )
}

/** Editing one category or brand in its row: name, link (the old one will redirect) and the page's other fields. */
export function EditForm({
  item,
  prefix,
  grid,
  extra,
  fields = {},
  onClose,
}: {
  item: Item
  prefix: string
  grid: string
  extra?: ReactNode
  fields?: Record<string, unknown>
  onClose: () => void
}) {
  const [titulo, setTitulo] = useState(item.titulo)
  const [link, setLink] = useState(item.link)
  const save = useStaffAction({ key: `editar-${item.id}`, onDone: onClose })
  const id = `${prefix}-${item.id}`
  return (
    <form
      onSubmit={(e) => {
        e.preventDefault()
        save.submit('editar', { id: item.id, titulo, link: link.trim(), ...fields })
      }}
      aria-label={`Editar ${item.titulo}`}
    >
      <div className={`grid gap-3 ${grid}`}>
        <Field id={`${id}-titulo`} label="Nome" required maxLength={120} value={titulo} onChange={(e) => setTitulo(e.target.value)} />
        <Field id={`${id}-link`} label="Link" required maxLength={96} value={link} onChange={(e) => setLink(e.target.value)} />
        {extra}
      </div>
      {link.trim() !== item.link ? (
        <p className="mt-2 text-xs text-ink-500">O link antigo continuará funcionando: ele levará ao novo (redirecionamento permanente).</p>
      ) : null}
      <div className="mt-3 flex gap-2">
        <button type="submit" className="adm-btn" disabled={save.busy}>
          Salvar
        </button>
        <button type="button" className="adm-btn-ghost" onClick={onClose}>
          Cancelar
        </button>
      </div>
    </form>
  )
}
