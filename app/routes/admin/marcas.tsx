import { useState, type FormEvent } from 'react'
import { useRevalidator } from 'react-router'
import { brandPath } from '../../../contract/urls'
import { listAdminBrands } from '../../../server/domain/catalog/admin/taxonomy'
import { can } from '../../../server/domain/staff/permissions'
import { ErrorNote } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { toast } from '~/lib/toast'
import type { Route } from './+types/marcas'

/** /admin/marcas — brands: create, rename (old links answer 301), hide. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  return { marcas: await listAdminBrands(context.db), canWrite: can(me.role, 'catalog:write') }
}

export const meta: Route.MetaFunction = () => [{ title: 'Marcas | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Brand = Route.ComponentProps['loaderData']['marcas'][number]

export default function MarcasAdmin({ loaderData }: Route.ComponentProps) {
  const { marcas, canWrite } = loaderData
  const revalidator = useRevalidator()
  const [editing, setEditing] = useState<number | null>(null)
  const [busy, setBusy] = useState(false)

  async function toggle(b: Brand) {
    setBusy(true)
    const result = await adminCall('marcaEditar', { id: b.id, oculta: !b.oculta })
    setBusy(false)
    if (result.ok) toast.success(b.oculta ? `“${b.titulo}” voltou a aparecer na loja.` : `“${b.titulo}” foi ocultada da loja.`)
    else toast.error(result.msg)
    revalidator.revalidate()
  }

  return (
    <>
      <PageHeader title="Marcas" description="Ocultar tira a marca dos filtros e a página dela sai do ar; os produtos continuam com suas páginas." />
      {canWrite ? <CreateBrand onDone={() => revalidator.revalidate()} /> : null}
      <div className="adm-card overflow-hidden p-0">
        <ul aria-label="Marcas" className="divide-y divide-ink-100">
          {marcas.map((b) => (
            <li key={b.id} className="px-4 py-3" data-testid="brand-row">
              {editing === b.id ? (
                <EditBrand
                  brand={b}
                  onClose={(changed) => {
                    setEditing(null)
                    if (changed) revalidator.revalidate()
                  }}
                />
              ) : (
                <div className="flex flex-wrap items-center justify-between gap-2">
                  <div className="min-w-0">
                    <p className={`font-medium ${b.oculta ? 'text-ink-500 line-through' : 'text-ink-900'}`}>
                      {b.titulo}
                      {b.oculta ? <span className="ml-2 rounded bg-ink-100 px-1.5 py-0.5 text-xs font-semibold text-ink-700">Oculta</span> : null}
                    </p>
                    <p className="truncate text-xs text-ink-500">
                      {brandPath(b.link)} · {b.produtos === 1 ? '1 produto' : `${b.produtos} produtos`}
                    </p>
                  </div>
                  {canWrite ? (
                    <div className="flex shrink-0 gap-2">
                      <button type="button" className="adm-btn-ghost px-3 py-1 text-sm" onClick={() => setEditing(b.id)} aria-label={`Editar ${b.titulo}`}>
                        Editar
                      </button>
                      <button type="button" className="adm-btn-ghost px-3 py-1 text-sm" disabled={busy} onClick={() => void toggle(b)} aria-label={`${b.oculta ? 'Mostrar' : 'Ocultar'} ${b.titulo}`}>
                        {b.oculta ? 'Mostrar' : 'Ocultar'}
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

function CreateBrand({ onDone }: { onDone: () => void }) {
  const [titulo, setTitulo] = useState('')
  const [link, setLink] = useState('')
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const result = await adminCall('marcaCriar', { titulo, link: link.trim() || undefined })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    setError(null)
    setTitulo('')
    setLink('')
    toast.success(`Marca “${result.data.marca.titulo}” criada.`)
    onDone()
  }
  return (
    <form onSubmit={submit} className="adm-card mb-6 p-4" aria-labelledby="nova-marca">
      <h2 id="nova-marca" className="mb-3 font-bold text-ink-900">
        Nova marca
      </h2>
      <ErrorNote>{error}</ErrorNote>
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <div>
          <label htmlFor="nm-titulo" className="adm-label">
            Nome
          </label>
          <input id="nm-titulo" className="adm-input" required maxLength={120} value={titulo} onChange={(e) => setTitulo(e.target.value)} />
        </div>
        <div>
          <label htmlFor="nm-link" className="adm-label">
            Link (opcional)
          </label>
          <input id="nm-link" className="adm-input" maxLength={96} placeholder="feito a partir do nome" value={link} onChange={(e) => setLink(e.target.value)} />
        </div>
        <button type="submit" className="adm-btn" disabled={busy}>
          Criar
        </button>
      </div>
    </form>
  )
}

function EditBrand({ brand, onClose }: { brand: Brand; onClose: (changed: boolean) => void }) {
  const [titulo, setTitulo] = useState(brand.titulo)
  const [link, setLink] = useState(brand.link)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const id = `em-${brand.id}`
  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    const result = await adminCall('marcaEditar', { id: brand.id, titulo, link: link.trim() })
    setBusy(false)
    if (!result.ok) return setError(result.msg)
    toast.success(link.trim() !== brand.link ? `Marca salva. O link antigo ${brandPath(brand.link)} leva ao novo.` : 'Marca salva.')
    onClose(true)
  }
  return (
    <form onSubmit={submit} aria-label={`Editar ${brand.titulo}`}>
      <ErrorNote>{error}</ErrorNote>
      <div className="grid gap-3 sm:grid-cols-2">
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
      </div>
      {link.trim() !== brand.link ? <p className="mt-2 text-xs text-ink-500">O link antigo continuará funcionando: ele levará ao novo (redirecionamento permanente).</p> : null}
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
