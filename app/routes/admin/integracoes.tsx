import { DeliveriesTable } from '~/components/admin/integrations/DeliveriesTable'
import { KeysTable } from '~/components/admin/integrations/KeysTable'
import { NewKeyForm } from '~/components/admin/integrations/NewKeyForm'
import { PageHeader } from '~/components/admin/PageHeader'
import { useStaffAction } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import { INTEGRATIONS_DONE, integrationIntentSchema } from '../../../contract/admin/integrations'
import { API_SCOPES, createApiKey, listApiKeys, revokeApiKey, SCOPE_LABELS } from '../../../server/domain/integrations/keys'
import { listDeliveries, listWebhooks, resendDelivery } from '../../../server/domain/integrations/webhooks'
import type { Route } from './+types/integracoes'

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = () => [{ title: 'Integrações | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** /admin/integracoes (Dono): API keys for an ERP or a hub, the webhooks and their deliveries (docs/api/README.md). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'integrations:manage')
  const [chaves, webhooks, entregas] = await Promise.all([listApiKeys(context.db), listWebhooks(context.db), listDeliveries(context.db)])
  return { chaves, webhooks, entregas, escopos: API_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] })) }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, integrationIntentSchema, 'integrations:manage')
  switch (input.intent) {
    case 'criar':
      return answer(await createApiKey(context.db, { name: input.nome, scopes: input.escopos, actor: staff.actor }), INTEGRATIONS_DONE.created)
    case 'revogar':
      return answer(await revokeApiKey(context.db, { id: input.id, actor: staff.actor }), INTEGRATIONS_DONE.revoked)
    case 'reenviar':
      return answer(await resendDelivery(context.db, { id: input.id, actor: staff.actor }), INTEGRATIONS_DONE.resent)
  }
}

export default function Integracoes({ loaderData }: Route.ComponentProps) {
  const revogar = useStaffAction({ key: 'revogar' })
  const reenviar = useStaffAction({ key: 'reenviar' })
  return (
    <>
      <PageHeader
        title="Integrações"
        description="Chaves da API /api/v1 para o seu ERP ou hub de marketplaces, e as entregas dos webhooks. A documentação está em /api/v1/docs."
      />
      <KeysTable rows={loaderData.chaves} busy={revogar.busy} onRevoke={(k) => revogar.submit('revogar', { id: k.id })} />
      <NewKeyForm scopes={loaderData.escopos} />
      <section className="mt-8" aria-labelledby="webhooks-titulo">
        <h2 id="webhooks-titulo" className="mb-3 text-base font-semibold text-ink-900">
          Webhooks
        </h2>
        {loaderData.webhooks.length ? (
          <ul className="adm-card divide-y divide-ink-100 text-sm">
            {loaderData.webhooks.map((w) => (
              <li key={w.id} className="p-3">
                <p className="font-medium break-all text-ink-900">{w.url}</p>
                <p className="text-xs text-ink-500">
                  {w.ativo ? 'Ativo' : 'Desativado'} · {w.eventos.join(', ')}
                </p>
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-sm text-ink-500">Nenhum webhook cadastrado: o ERP cadastra o seu com POST /api/v1/webhooks.</p>
        )}
      </section>
      <section className="mt-8" aria-labelledby="entregas-titulo">
        <h2 id="entregas-titulo" className="mb-3 text-base font-semibold text-ink-900">
          Entregas recentes
        </h2>
        <DeliveriesTable rows={loaderData.entregas} busy={reenviar.busy} onResend={(d) => reenviar.submit('reenviar', { id: d.id })} />
      </section>
    </>
  )
}
