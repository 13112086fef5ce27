import { useState } from 'react'
import { data } from 'react-router'
import { couponIntentSchema, NEW_COUPON, promoIdParamsSchema } from '../../../contract/admin/promotions'
import { PROMOTIONS, PROMOTIONS_DONE } from '../../../contract/messages/promotions'
import { isRefusal, refuse } from '../../../server/domain/refusal'
import { generateCodes } from '../../../server/domain/promotions/admin-codes'
import { couponEditor, createCoupon, endCoupon, updateCoupon } from '../../../server/domain/promotions/admin-coupons'
import { readCouponForm } from '../../../server/domain/promotions/admin-rules'
import { scopeChoices, scopeProducts } from '../../../server/domain/promotions/admin-scope'
import { can } from '../../../server/domain/staff/permissions'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { BackLink } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { CouponForm } from '~/components/admin/promotions/CouponForm'
import { GenerateCodes } from '~/components/admin/promotions/GenerateCodes'
import { usesLabel } from '~/components/admin/promotions/labels'
import { useStaffAction } from '~/lib/admin-action'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import { AdminError } from './frame'
import type { Route } from './+types/cupom'

export { shouldRevalidate } from '~/lib/admin-action'

/** /admin/promocoes/cupons/novo and /{id} — a coupon's rules, ending it, and "Gerar códigos" from it. */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  const creating = !params.id
  const me = await requireStaffPage(context, request, creating ? 'promotions:write' : 'promotions:read')
  const canWrite = can(me.role, 'promotions:write')
  const choices = await scopeChoices(context.db)
  if (creating) return { cupom: null, choices, products: [], canWrite }
  const id = promoIdParamsSchema.safeParse({ id: params.id })
  const cupom = id.success ? await couponEditor(context.db, id.data.id) : null
  if (!cupom) throw data({ msg: PROMOTIONS.couponNotFound.message }, { status: 404 })
  return { cupom, choices, products: await scopeProducts(context.db, [cupom.scope]), canWrite }
}

/** Create, save, end and generate: the domain's functions, each audited there. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, couponIntentSchema, 'promotions:write')
  const { db } = context
  const { actor } = staff
  if (input.intent === 'criar') {
    const form = readCouponForm(input.cupom)
    const created = isRefusal(form) ? form : await createCoupon(db, { input: form, actor })
    return answer(created, isRefusal(created) ? undefined : PROMOTIONS_DONE.couponCreated(created.code))
  }
  const id = promoIdParamsSchema.safeParse({ id: params.id })
  if (!id.success) return refused(refuse(PROMOTIONS.couponNotFound))
  switch (input.intent) {
    case 'salvar': {
      const form = readCouponForm(input.cupom)
      const saved = isRefusal(form) ? form : await updateCoupon(db, { id: id.data.id, input: form, actor })
      return answer(saved, isRefusal(saved) ? undefined : PROMOTIONS_DONE.couponSaved(saved.code))
    }
    case 'encerrar': {
      const ended = await endCoupon(db, { id: id.data.id, actor })
      return answer(ended, isRefusal(ended) ? undefined : PROMOTIONS_DONE.couponEnded(ended.code))
    }
    case 'gerar': {
      const { intent: _, ...gerar } = input
      const made = await generateCodes(db, { templateId: id.data.id, input: gerar, actor })
      return isRefusal(made) ? refused(made) : answer({ campaign: made.campaign, count: made.count }, PROMOTIONS_DONE.generated(made.count, made.campaign))
    }
  }
}

export const meta: Route.MetaFunction = ({ data: page }) => [
  { title: `${page?.cupom ? `Cupom ${page.cupom.code}` : 'Novo cupom'} | Painel Vitrine` },
  { name: 'robots', content: 'noindex, nofollow' },
]

export default function Cupom({ loaderData }: Route.ComponentProps) {
  const { cupom, choices, products, canWrite } = loaderData
  const [ending, setEnding] = useState(false)
  const end = useStaffAction({ key: 'encerrar', onDone: () => setEnding(false) })
  return (
    <>
      <BackLink to="/admin/promocoes" label="Promoções" />
      <PageHeader
        title={cupom ? `Cupom ${cupom.code}` : 'Novo cupom'}
        description={
          cupom
            ? `${cupom.valid ? 'Valendo' : 'Encerrado'} · usos ${usesLabel(cupom.usesCount, cupom.form.usosTotais ? Number(cupom.form.usosTotais) : null)}`
            : 'Preencha as regras e crie; depois dá para gerar códigos de uso único a partir dele.'
        }
      />
      {!canWrite ? <p className="mb-4 rounded-lg bg-ink-100 px-4 py-3 text-sm text-ink-700">Seu perfil pode consultar os cupons, mas não alterá-los.</p> : null}
      <CouponForm
        key={cupom ? JSON.stringify(cupom.form) : 'novo'}
        initial={cupom?.form ?? NEW_COUPON}
        creating={!cupom}
        usos={cupom?.usesCount ?? 0}
        canWrite={canWrite}
        choices={choices}
        products={products}
        actions={
          cupom?.valid ? (
            <button type="button" className="adm-btn-danger" onClick={() => setEnding(true)}>
              Encerrar cupom
            </button>
          ) : null
        }
      />
      {cupom && canWrite ? <GenerateCodes code={cupom.code} campaign={cupom.campaign} /> : null}
      <ConfirmDialog
        open={ending}
        danger
        busy={end.busy}
        title={`Encerrar o cupom ${cupom?.code ?? ''}?`}
        confirmLabel="Encerrar cupom"
        onConfirm={() => end.submit('encerrar')}
        onClose={() => setEnding(false)}
      >
        <p>Ele deixa de valer agora para novos pedidos; os pedidos que já o usaram mantêm o desconto.</p>
      </ConfirmDialog>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
