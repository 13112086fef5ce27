import { useMemo, useState } from 'react'
import { categoryIntentSchema } from '../../../contract/admin/taxonomy'
import { TAXONOMY_DONE } from '../../../contract/messages/taxonomy'
import { categoryPath } from '../../../contract/urls'
import { createCategory, listAdminCategories, updateCategory } from '../../../server/domain/catalog/admin-taxonomy'
import { isRefusal } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { SelectField } from '~/components/admin/Field'
import { PageHeader } from '~/components/admin/PageHeader'
import { CreateForm, EditForm, TaxonomyItem } from '~/components/admin/taxonomy/TaxonomyItem'
import { flatten, parentOptions, subtree } from '~/components/admin/taxonomy/tree'
import { useStaffAction } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/categorias'

export { shouldRevalidate } from '~/lib/admin-action'

/** /admin/categorias — the category tree: create, rename (old links answer 301), move, hide. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  return { categorias: await listAdminCategories(context.db), canWrite: can(me.role, 'catalog:write') }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, categoryIntentSchema, 'catalog:write')
  const { actor } = staff
  switch (input.intent) {
    case 'criar': {
      const done = await createCategory(context.db, { titulo: input.titulo, link: input.link, pai: input.pai, oculta: input.oculta, actor })
      return answer(done, isRefusal(done) ? undefined : TAXONOMY_DONE.categoryCreated(done.categoria.titulo))
    }
    case 'editar': {
      const done = await updateCategory(context.db, { id: input.id, titulo: input.titulo, link: input.link, pai: input.pai, oculta: input.oculta, actor })
      return answer(done, isRefusal(done) ? undefined : TAXONOMY_DONE.categorySaved(done.linkAntigo && categoryPath(done.linkAntigo)))
    }
    case 'ocultar':
    case 'mostrar': {
      const done = await updateCategory(context.db, { id: input.id, oculta: input.intent === 'ocultar', actor })
      return answer(done, isRefusal(done) ? undefined : TAXONOMY_DONE[input.intent === 'ocultar' ? 'hidden' : 'shown'](done.categoria.titulo))
    }
  }
}

export const meta: Route.MetaFunction = () => [{ title: 'Categorias | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Category = Route.ComponentProps['loaderData']['categorias'][number]
type Branch = Category & { depth: number }

const TOP_LEVEL = '— nenhuma (categoria principal) —'
const parentValue = (pai: string) => (pai ? Number(pai) : null)

export default function CategoriasAdmin({ loaderData }: Route.ComponentProps) {
  const { categorias, canWrite } = loaderData
  const tree = useMemo(() => flatten(categorias), [categorias])
  const [editing, setEditing] = useState<number | null>(null)
  const [pai, setPai] = useState('')
  const toggle = useStaffAction({ key: 'visibilidade' })

  return (
    <>
      <PageHeader
        title="Categorias"
        description="Ocultar tira a categoria (e as de dentro dela) dos menus, do painel de categorias, dos filtros e das listagens; os produtos continuam com suas páginas."
      />
      {canWrite ? (
        <CreateForm
          heading="Nova categoria"
          prefix="nc"
          grid="sm:grid-cols-[1fr_1fr_1fr_auto]"
          fields={{ pai: parentValue(pai) }}
          extra={
            <SelectField id="nc-pai" label="Dentro de" all={TOP_LEVEL} options={parentOptions(tree)} value={pai} onChange={(e) => setPai(e.target.value)} />
          }
        />
      ) : null}
      <div className="adm-card overflow-hidden p-0">
        <ul aria-label="Árvore de categorias" className="divide-y divide-ink-100">
          {tree.map((c) => (
            <li key={c.id} className="px-4 py-3" style={{ paddingLeft: `${1 + c.depth * 1.5}rem` }} data-testid="category-row">
              {editing === c.id ? (
                <EditCategory category={c} options={tree.filter((o) => !subtree(categorias, c.id).has(o.id))} onClose={() => setEditing(null)} />
              ) : (
                <TaxonomyItem
                  item={c}
                  path={categoryPath(c.link)}
                  depth={c.depth}
                  canWrite={canWrite}
                  busy={toggle.busy}
                  onEdit={() => setEditing(c.id)}
                  onToggle={() => toggle.submit(c.oculta ? 'mostrar' : 'ocultar', { id: c.id })}
                />
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  )
}

function EditCategory({ category, options, onClose }: { category: Category; options: Branch[]; onClose: () => void }) {
  const [pai, setPai] = useState(category.pai == null ? '' : String(category.pai))
  const id = `ec-${category.id}-pai`
  return (
    <EditForm
      item={category}
      prefix="ec"
      grid="sm:grid-cols-3"
      fields={{ pai: parentValue(pai) }}
      extra={<SelectField id={id} label="Dentro de" all={TOP_LEVEL} options={parentOptions(options)} value={pai} onChange={(e) => setPai(e.target.value)} />}
      onClose={onClose}
    />
  )
}
