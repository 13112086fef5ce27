import { Link, data, useNavigation } from 'react-router'
import { COUPON_STATES, campaignCsvPath, couponListQuerySchema } from '../../../contract/admin/promotions'
import { formatCount } from '../../../contract/money'
import { isRefusal } from '../../../server/domain/refusal'
import { listCampaigns, listCoupons } from '../../../server/domain/promotions/admin-coupons'
import { listPromotions } from '../../../server/domain/promotions/admin-promotions'
import { can } from '../../../server/domain/staff/permissions'
import { ErrorNote, SearchField, SelectField } from '~/components/admin/Field'
import { FilterForm } from '~/components/admin/FilterForm'
import { PageHeader } from '~/components/admin/PageHeader'
import { Pager } from '~/components/admin/Pager'
import { CouponTable } from '~/components/admin/promotions/CouponTable'
import { PromotionTable } from '~/components/admin/promotions/PromotionTable'
import { requireStaffPage } from '~/lib/admin.server'
import { AdminError } from './frame'
import type { Route } from './+types/promocoes'

/** /admin/promocoes — the coupons (searched, filtered and paged by the URL) and the automatic promotions. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'promotions:read')
  const raw = Object.fromEntries(new URL(request.url).searchParams)
  const [campaigns, promotions] = await Promise.all([listCampaigns(context.db), listPromotions(context.db)])
  const canWrite = can(me.role, 'promotions:write')
  const parsed = couponListQuerySchema.safeParse(raw)
  const coupons = parsed.success ? await listCoupons(context.db, parsed.data) : null
  const erro = !parsed.success ? (parsed.error.issues[0]?.message ?? 'Filtro inválido.') : isRefusal(coupons) ? coupons.message : null
  const page = { raw, campaigns, promotions, canWrite, erro, coupons: isRefusal(coupons) ? null : coupons }
  return erro ? data(page, { status: 400 }) : page
}

export const meta: Route.MetaFunction = () => [{ title: 'Promoções | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

export default function Promocoes({ loaderData }: Route.ComponentProps) {
  const { raw, campaigns, promotions, canWrite, erro, coupons } = loaderData
  const navigation = useNavigation()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/promocoes'
  const filters: Record<string, string> = { q: raw.q ?? '', situacao: raw.situacao ?? '', campanha: raw.campanha ?? '' }
  const campaign = campaigns.find((c) => c.name === raw.campanha)
  return (
    <>
      <PageHeader
        title="Promoções"
        description="Cupons de desconto e promoções automáticas. Toda mudança fica na Auditoria."
        actions={
          canWrite ? (
            <>
              <Link to="/admin/promocoes/automaticas/nova" className="adm-btn-ghost">
                Nova promoção automática
              </Link>
              <Link to="/admin/promocoes/cupons/novo" className="adm-btn">
                Novo cupom
              </Link>
            </>
          ) : null
        }
      />
      <section aria-labelledby="cupons-titulo">
        <h2 id="cupons-titulo" className="mb-3 font-bold text-ink-900">
          Cupons
        </h2>
        <FilterForm clear="/admin/promocoes" actionsClassName="sm:col-span-2 lg:justify-end">
          <SearchField defaultValue={filters.q} placeholder="Código do cupom" minLength={2} className="sm:col-span-2 lg:col-span-1" />
          <SelectField
            id="f-situacao"
            name="situacao"
            label="Situação"
            defaultValue={filters.situacao}
            all="Todos"
            options={Object.entries(COUPON_STATES)}
            className="lg:col-span-1"
          />
          <SelectField
            id="f-campanha"
            name="campanha"
            label="Campanha"
            defaultValue={filters.campanha}
            all="Todas"
            options={campaigns.map((c) => [c.name, `${c.name} · ${formatCount(c.used)}/${formatCount(c.codes)} usados`])}
            className="sm:col-span-2"
          />
        </FilterForm>
        <ErrorNote>{erro}</ErrorNote>
        {campaign ? (
          <p className="mb-3 flex flex-wrap items-center justify-between gap-2 text-sm text-ink-700">
            <span>
              Campanha <strong>{campaign.name}</strong>: {formatCount(campaign.used)} de {formatCount(campaign.codes)} códigos usados.
            </span>
            <a href={campaignCsvPath(campaign.name)} className="adm-btn-ghost" download>
              Exportar códigos (CSV)
            </a>
          </p>
        ) : null}
        <CouponTable rows={coupons?.rows ?? []} loading={loading} filtered={Boolean(filters.q || filters.situacao || filters.campanha)} />
        {coupons ? <Pager base="/admin/promocoes" keep={filters} prev={coupons.prev} next={coupons.next} /> : null}
      </section>
      <section aria-labelledby="automaticas-titulo" className="mt-8">
        <h2 id="automaticas-titulo" className="mb-1 font-bold text-ink-900">
          Promoções automáticas
        </h2>
        <p className="mb-3 text-sm text-ink-500">
          Sem código: valem sozinhas no período, nos produtos do alcance, e aparecem nos cards e na página do produto.
        </p>
        <PromotionTable rows={promotions} />
      </section>
    </>
  )
}

export function ErrorBoundary() {
  return <AdminError />
}
