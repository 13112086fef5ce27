import { useMemo, useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import { categoryPath } from '../../../contract/urls'
import { listAdminCategories } from '../../../server/domain/catalog/admin/taxonomy'
import { can } from '../../../server/domain/staff/permissions'
import { ErrorNote } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { toast } from '~/lib/toast'
import type { Route } from './+types/categorias'

/** /admin/categorias — the category tree: create, rename (old links answer 301), move, hide. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  return { categorias: await listAdminCategories(context.db), canWrite: can(me.role, 'catalog:write') }
}

export const meta: Route.MetaFunction = () => [{ title: 'Categorias | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Category = Route.ComponentProps['loaderData']['categorias'][number]

/** The tree in display order, each with its depth (a parent before its children). */
function flatten(list: Category[]): Array<Category & { depth: number }> {
  const children = new Map<number | null, Category[]>()
  for (const c of list) children.set(c.pai, [...(children.get(c.pai) ?? []), c])
  const out: Array<Category & { depth: number }> = []
  const walk = (parent: number | null, depth: number) => {
    for (const c of children.get(parent) ?? []) {
      out.push({ ...c, depth })
      if (depth < 8) walk(c.id, depth + 1)
    }
  }
  walk(null, 0)
  return out
}

/** Ids of the category and everything under it (not offered as its new parent). */
function subtree(list: Category[], id: number): Set<number> {
  const out = new Set([id])
  let grew = true
  while (grew) {
    grew = false
    for (const c of list) {
      if (c.pai != null && out.has(c.pai) && !out.has(c.id)) {
        out.add(c.id)
        grew = true
      }
    }
  }
  return out
}

export default function CategoriasAdmin({ loaderData }: Route.ComponentProps) {
  const { categorias, canWrite } = loaderData
  const revalidator = useRevalidator()
  const tree = useMemo(() => flatten(categorias), [categorias])
  const [editing, setEditing] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  async function toggle(c: Category) {
    setBusy(true)
    const result = await adminCall('categoriaEditar', { id: c.id, oculta: !c.oculta })
    setBusy(false)
    if (result.ok) toast.success(c.oculta ? `“${c.titulo}” voltou a aparecer na loja.` : `“${c.titulo}” foi ocultada da loja.`)
    else toast.error(result.msg)
    revalidator.revalidate()
  }

  return (
    <>
      <PageHeader title="Categorias" description="Ocultar tira a categoria (e as de dentro dela) dos menus, do painel de categorias, dos filtros e das listagens; os produtos continuam com suas páginas." />
      {canWrite ? <CreateCategory categorias={tree} onDone={() => revalidator.revalidate()} /> : null}
      <div className="adm-card overflow-hidden p-0">
        <ul aria-label="Árvore de categorias" className="divide-y divide-ink-100">
          {tree.map((c) => (
            <li key={c.id} className="px-4 py-3" style={{ paddingLeft: `${1 + c.depth * 1.5}rem` }} data-testid="category-row">
              {editing === c.id ? (
                <EditCategory
                  category={c}
                  options={tree.filter((o) => !subtree(categorias, c.id).has(o.id))}
                  onClose={(changed) => {
                    setEditing(null)
                    if (changed) revalidator.revalidate()
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className={`font-medium ${c.oculta ? 'text-ink-500 line-through' : 'text-ink-900'}`}>
                      {c.depth > 0 ? <span aria-hidden="true" className="mr-1 text-ink-300">└</span> : null}
                      {c.titulo}
                      {c.oculta ? <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs font-semibold text-ink-700 no-underline">Oculta</span> : null}
                    </p>
                    <p className="truncate text-xs text-ink-500">
                      {categoryPath(c.link)} · {c.produtos === 1 ? '1 produto' : `${c.produtos} produtos`}
                    </p>
                  </div>
                  {canWrite ? (
                    <div className="flex shrink-0 gap-2">
                      <button type="button" className="adm-btn-ghost px-3 py-1 text-sm" onClick={() => setEditing(c.id)} aria-label={`Editar ${c.titulo}`}>
                        Editar
                      </button>
                      <button type="button" className="adm-btn-ghost px-3 py-1 text-sm" disabled={busy} onClick={() => void toggle(c)} aria-label={`${c.oculta ? 'Mostrar' : 'Ocultar'} ${c.titulo}`}>
                        {c.oculta ? 'Mostrar' : 'Ocultar'}
                      </button>
                    </div>
                  ) : null}
                </div>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}

const indent = (depth: number) => '\u00a0\u00a0'.repeat(depth)

function ParentSelect({ id, value, options, onChange }: { id: string; value: string; options: Array<Category & { depth: number }>; onChange: (v: string) => void }) {
  return (
    <div>
      <label htmlFor={id} className="adm-label">
        Dentro de
      </label>
      <select id={id} className="adm-input" value={value} onChange={(e) => onChange(e.target.value)}>
        <option value="">— nenhuma (categoria principal) —</option>
        {options.map((o) => (
          <option key={o.id} value={o.id}>
            {indent(o.depth)}
            {o.titulo}
          </option>
        ))}
      </select>
    </div>
  )
}

function CreateCategory({ categorias, onDone }: { categorias: Array<Category & { depth: number }>; onDone: () => void }) {
  const [titulo, setTitulo] = useState('')
  const [link, setLink] = useState('')
  const [pai, setPai] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const result = await adminCall('categoriaCriar', { titulo, link: link.trim() || undefined, pai: pai ? Number(pai) : null })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    setError(null)
    setTitulo('')
    setLink('')
    toast.success(`Categoria “${result.data.categoria.titulo}” criada.`)
    onDone()
  }
  return (
    <form onSubmit={submit} className="adm-card mb-6 p-4" aria-labelledby="nova-categoria">
      <h2 id="nova-categoria" className="mb-3 font-bold text-ink-900">
        Nova categoria
      </h2>
      <ErrorNote>{error}</ErrorNote>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="nc-titulo" className="adm-label">
            Nome
          </label>
          <input id="nc-titulo" className="adm-input" required maxLength={120} value={titulo} onChange={(e) => setTitulo(e.target.value)} />
        </div>
        <div>
          <label htmlFor="nc-link" className="adm-label">
            Link (opcional)
          </label>
          <input id="nc-link" className="adm-input" maxLength={96} placeholder="feito a partir do nome" value={link} onChange={(e) => setLink(e.target.value)} />
        </div>
        <ParentSelect id="nc-pai" value={pai} options={categorias} onChange={setPai} />
        <button type="submit" className="adm-btn" disabled={busy}>
          Criar
        </button>
      </div>
    </form>
  )
}

function EditCategory({ category, options, onClose }: { category: Category; options: Array<Category & { depth: number }>; onClose: (changed: boolean) => void }) {
  const [titulo, setTitulo] = useState(category.titulo)
  const [link, setLink] = useState(category.link)
  const [pai, setPai] = useState(category.pai == null ? '' : String(category.pai))
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = `ec-${category.id}`
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const result = await adminCall('categoriaEditar', { id: category.id, titulo, link: link.trim(), pai: pai ? Number(pai) : null })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    toast.success(link.trim() !== category.link ? `Categoria salva. O link antigo ${categoryPath(category.link)} leva ao novo.` : 'Categoria salva.')
    onClose(true)
  }
  return (
    <form onSubmit={submit} aria-label={`Editar ${category.titulo}`}>
      <ErrorNote>{error}</ErrorNote>
      <div className="grid gap-3 sm:grid-cols-3">
        <div>
          <label htmlFor={`${id}-titulo`} className="adm-label">
            Nome
          </label>
          <input id={`${id}-titulo`} className="adm-input" required maxLength={120} value={titulo} onChange={(e) => setTitulo(e.target.value)} />
        </div>
        <div>
          <label htmlFor={`${id}-link`} className="adm-label">
            Link
          </label>
          <input id={`${id}-link`} className="adm-input" required maxLength={96} value={link} onChange={(e) => setLink(e.target.value)} />
        </div>
        <ParentSelect id={`${id}-pai`} value={pai} options={options} onChange={setPai} />
      </div>
      {link.trim() !== category.link ? <p className="mt-2 text-xs text-ink-500">O link antigo continuará funcionando: ele levará ao novo (redirecionamento permanente).</p> : null}
      <div className="mt-3 flex gap-2">
        <button type="submit" className="adm-btn" disabled={busy}>
          Salvar
        </button>
        <button type="button" className="adm-btn-ghost" onClick={() => onClose(false)}>
          Cancelar
        </button>
      </div>
    </form>
  )
}
