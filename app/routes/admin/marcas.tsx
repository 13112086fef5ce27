import { useState } from 'react'
import { brandIntentSchema } from '../../../contract/admin/taxonomy'
import { TAXONOMY_DONE } from '../../../contract/messages/taxonomy'
import { brandPath } from '../../../contract/urls'
import { createBrand, listAdminBrands, updateBrand } from '../../../server/domain/catalog/admin-taxonomy'
import { isRefusal } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { PageHeader } from '~/components/admin/PageHeader'
import { CreateForm, EditForm, TaxonomyItem } from '~/components/admin/taxonomy/TaxonomyItem'
import { useStaffAction } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/marcas'

export { shouldRevalidate } from '~/lib/admin-action'

/** /admin/marcas — brands: create, rename (old links answer 301), hide. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  return { marcas: await listAdminBrands(context.db), canWrite: can(me.role, 'catalog:write') }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, brandIntentSchema, 'catalog:write')
  const { actor } = staff
  switch (input.intent) {
    case 'criar': {
      const done = await createBrand(context.db, { titulo: input.titulo, link: input.link, oculta: input.oculta, actor })
      return answer(done, isRefusal(done) ? undefined : TAXONOMY_DONE.brandCreated(done.marca.titulo))
    }
    case 'editar': {
      const done = await updateBrand(context.db, { id: input.id, titulo: input.titulo, link: input.link, oculta: input.oculta, actor })
      return answer(done, isRefusal(done) ? undefined : TAXONOMY_DONE.brandSaved(done.linkAntigo && brandPath(done.linkAntigo)))
    }
    case 'ocultar':
    case 'mostrar': {
      const done = await updateBrand(context.db, { id: input.id, oculta: input.intent === 'ocultar', actor })
      return answer(done, isRefusal(done) ? undefined : TAXONOMY_DONE[input.intent === 'ocultar' ? 'hidden' : 'shown'](done.marca.titulo))
    }
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Marcas | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function MarcasAdmin({ loaderData }: Route.ComponentProps) {
  const { marcas, canWrite } = loaderData
  const [editing, setEditing] = useState<number | null>(null)
  const toggle = useStaffAction({ key: 'visibilidade' })

  return (
    <>
      <PageHeader title="Marcas" description="Ocultar tira a marca dos filtros e a página dela sai do ar; os produtos continuam com suas páginas." />
      {canWrite ? <CreateForm heading="Nova marca" prefix="nm" grid="sm:grid-cols-[1fr_1fr_auto]" /> : null}
      <div className="adm-card overflow-hidden p-0">
        <ul aria-label="Marcas" className="divide-y divide-ink-100">
          {marcas.map((b) => (
            <li key={b.id} className="px-4 py-3" data-testid="brand-row">
              {editing === b.id ? (
                <EditForm item={b} prefix="em" grid="sm:grid-cols-2" onClose={() => setEditing(null)} />
              ) : (
                <TaxonomyItem
                  item={b}
                  path={brandPath(b.link)}
                  canWrite={canWrite}
                  busy={toggle.busy}
                  onEdit={() => setEditing(b.id)}
                  onToggle={() => toggle.submit(b.oculta ? 'mostrar' : 'ocultar', { id: b.id })}
                />
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}
