import { useState } from 'react'
import { data } from 'react-router'
import { NEW_PROMOTION, promoIdParamsSchema, promotionIntentSchema } from '../../../contract/admin/promotions'
import { PROMOTIONS, PROMOTIONS_DONE } from '../../../contract/messages/promotions'
import { isRefusal, refuse } from '../../../server/domain/refusal'
import { createPromotion, endPromotion, promotionEditor, updatePromotion } from '../../../server/domain/promotions/admin-promotions'
import { readPromotionForm } from '../../../server/domain/promotions/admin-rules'
import { scopeChoices, scopeProducts } from '../../../server/domain/promotions/admin-scope'
import { can } from '../../../server/domain/staff/permissions'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { PROMOTION_STATE_NAMES } from '~/components/admin/promotions/PromotionTable'
import { PromotionForm } from '~/components/admin/promotions/PromotionForm'
import { useStaffAction } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { AdminError } from './frame'
import type { Route } from './+types/promocao'

export { shouldRevalidate } from '~/lib/admin-action'

/** /admin/promocoes/automaticas/nova and /{id} — an automatic promotion, and ending it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const creating = !params.id
  const me = await requireStaffPage(context, request, creating ? 'promotions:write' : 'promotions:read')
  const canWrite = can(me.role, 'promotions:write')
  const choices = await scopeChoices(context.db)
  if (creating) return { promocao: null, choices, products: [], canWrite }
  const id = promoIdParamsSchema.safeParse({ id: params.id })
  const promocao = id.success ? await promotionEditor(context.db, id.data.id) : null
  if (!promocao) throw data({ msg: PROMOTIONS.promotionNotFound.message }, { status: 404 })
  return { promocao, choices, products: await scopeProducts(context.db, [promocao.scope]), canWrite }
}

/** Create, save and end: the domain's functions, each audited there; the storefront hears of it from the database. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, promotionIntentSchema, 'promotions:write')
  const { db } = context
  const { actor } = staff
  if (input.intent === 'criar') {
    const form = readPromotionForm(input.promocao)
    const created = isRefusal(form) ? form : await createPromotion(db, { input: form, actor })
    return answer(created, isRefusal(created) ? undefined : PROMOTIONS_DONE.promotionCreated(created.name))
  }
  const id = promoIdParamsSchema.safeParse({ id: params.id })
  if (!id.success) return refused(refuse(PROMOTIONS.promotionNotFound))
  if (input.intent === 'salvar') {
    const form = readPromotionForm(input.promocao)
    const saved = isRefusal(form) ? form : await updatePromotion(db, { id: id.data.id, input: form, actor })
    return answer(saved, isRefusal(saved) ? undefined : PROMOTIONS_DONE.promotionSaved(saved.name))
  }
  const ended = await endPromotion(db, { id: id.data.id, actor })
  return answer(ended, isRefusal(ended) ? undefined : PROMOTIONS_DONE.promotionEnded(ended.name))
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.promocao?.name ?? 'Nova promoção'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function Promocao({ loaderData }: Route.ComponentProps) {
  const { promocao, choices, products, canWrite } = loaderData
  const [ending, setEnding] = useState(false)
  const end = useStaffAction({ key: 'encerrar', onDone: () => setEnding(false) })
  return (
    <>
      <BackLink to="/admin/promocoes" label="Promoções" />
      <PageHeader
        title={promocao ? promocao.name : 'Nova promoção automática'}
        description={promocao ? PROMOTION_STATE_NAMES[promocao.state].text : 'Sem código: vale sozinha no período, nos produtos do alcance.'}
      />
      {!canWrite ? (
        <p className="mb-4 rounded-lg bg-ink-100 px-4 py-3 text-sm text-ink-700">Seu perfil pode consultar as promoções, mas não alterá-las.</p>
      ) : null}
      <PromotionForm
        key={promocao ? JSON.stringify(promocao.form) : 'nova'}
        initial={promocao?.form ?? NEW_PROMOTION}
        creating={!promocao}
        canWrite={canWrite}
        choices={choices}
        products={products}
        actions={
          promocao && promocao.state !== 'encerrada' ? (
            <button type="button" className="adm-btn-danger" onClick={() => setEnding(true)}>
              Encerrar promoção
            </button>
          ) : null
        }
      />
      <ConfirmDialog
        open={ending}
        danger
        busy={end.busy}
        title={`Encerrar "${promocao?.name ?? ''}"?`}
        confirmLabel="Encerrar promoção"
        onConfirm={() => end.submit('encerrar')}
        onClose={() => setEnding(false)}
      >
        <p>Ela sai dos cards, das páginas e dos carrinhos agora; os pedidos já feitos mantêm o desconto.</p>
      </ConfirmDialog>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
