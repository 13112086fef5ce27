import { productsWithoutMeasures, shippingSettings } from '../../../server/domain/shipping/admin'
import { MissingMeasures, ShippingSettingsCard } from '~/components/admin/shipping/ShippingParts'
import { PageHeader } from '~/components/admin/PageHeader'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/frete'

export const meta: Route.MetaFunction = () => [{ title: 'Frete | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

/** /admin/frete (decision 0128): how the store quotes, and the products without measures (they ship in the default box). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'catalog:read')
  return { settings: shippingSettings(context.db, context.store), missing: await productsWithoutMeasures(context.db) }
}

export default function Frete({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <PageHeader title="Frete" description="Como a loja cota o frete, e os produtos que viajam na caixa padrão por falta de medidas." />
      <div className="flex flex-col gap-4">
        <ShippingSettingsCard settings={loaderData.settings} />
        <MissingMeasures missing={loaderData.missing} />
      </div>
    </>
  )
}
