import { productsWithoutMeasures, shippingSettingsPage } from '../../../server/domain/shipping/admin'
import { saveShippingSettings } from '../../../server/domain/shipping/settings'
import { can } from '../../../server/domain/staff/permissions'
import { SHIPPING_DONE, shippingIntentSchema, shippingSettingsSchema } from '../../../contract/admin/shipping-settings'
import { REQUEST } from '../../../contract/messages/request'
import { refuse } from '../../../server/domain/refusal'
import { describeIssue } from '../../../server/http/validate'
import { MissingMeasures, ShippingProviderCard } from '~/components/admin/shipping/ShippingParts'
import { ShippingSettingsForm } from '~/components/admin/shipping/SettingsForm'
import { PageHeader } from '~/components/admin/PageHeader'
import { answer, refused, requireStaffPage, staffAction } from '~/lib/admin.server'
import type { Route } from './+types/frete'

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = () => [{ title: 'Frete | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** /admin/frete (decisions 0128, 0133): the shipping settings (a Dono edits them), and the products without measures (they ship in the default box). */
export async function loader({ context, request }: Route.LoaderArgs) {
  const staff = await requireStaffPage(context, request, 'catalog:read')
  const [page, missing] = await Promise.all([shippingSettingsPage(context.db, context.store), productsWithoutMeasures(context.db)])
  return { ...page, missing, canEdit: can(staff.role, 'shipping:manage') }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, shippingIntentSchema, 'shipping:manage')
  const settings = shippingSettingsSchema.safeParse(input.settings)
  if (!settings.success) return refused(refuse(REQUEST.invalidField(describeIssue(settings.error.issues[0]))))
  return answer(
    await saveShippingSettings(context.db, context.store, { settings: settings.data, versao: input.versao, actor: staff.actor }),
    SHIPPING_DONE.saved,
  )
}

export default function Frete({ loaderData }: Route.ComponentProps) {
  const { provedor, validadeMinutos, settings, versao, canEdit, missing } = loaderData
  return (
    <>
      <PageHeader title="Frete" description="Origem, serviços, prazos, tabela e frete grátis; e os produtos que viajam na caixa padrão por falta de medidas." />
      <div className="flex flex-col gap-4">
        <ShippingProviderCard provedor={provedor} validadeMinutos={validadeMinutos} />
        {/* Keyed by the saved version: a save (or someone else's, on a 409) starts the form from what is stored. */}
        <ShippingSettingsForm key={versao ?? 'padrao'} settings={settings} versao={versao} canEdit={canEdit} />
        <MissingMeasures missing={missing} />
      </div>
    </>
  )
}
