import { CallsTable } from '~/components/admin/integrations/CallsTable'
import { DeliveriesTable } from '~/components/admin/integrations/DeliveriesTable'
import { KeysTable } from '~/components/admin/integrations/KeysTable'
import { NewKeyForm } from '~/components/admin/integrations/NewKeyForm'
import { NewWebhookForm } from '~/components/admin/integrations/NewWebhookForm'
import { WebhooksList } from '~/components/admin/integrations/WebhooksList'
import { PageHeader } from '~/components/admin/PageHeader'
import { useStaffAction } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import { apiCallsQuerySchema, INTEGRATIONS_DONE, integrationIntentSchema } from '../../../contract/admin/integrations'
import { listApiCalls } from '../../../server/domain/integrations/calls'
import { INTEGRATION_EVENT_TYPES } from '../../../server/domain/integrations/events'
import { API_SCOPES, createApiKey, listApiKeys, revokeApiKey, SCOPE_LABELS } from '../../../server/domain/integrations/keys'
import {
  createWebhook,
  EVENT_LABELS,
  listDeliveries,
  listWebhooks,
  removeWebhook,
  resendDelivery,
  rotateWebhookSecret,
  sendTestWebhook,
} from '../../../server/domain/integrations/webhooks'
import type { Route } from './+types/integracoes'

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = () => [{ title: 'Integrações | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** Each webhook's latest deliveries shown beside it. */
const RECENT_PER_WEBHOOK = 5

/**
 * /admin/integracoes (Dono): API keys for an ERP or a hub, their calls (the request log, filtered by
 * the URL's `chave`, `classe`, `metodo`, `antes`), the webhooks and their deliveries (docs/api/README.md).
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'integrations:manage')
  const parsed = apiCallsQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  const query = parsed.success ? parsed.data : {}
  const [chaves, endpoints, entregas, chamadas] = await Promise.all([
    listApiKeys(context.db),
    listWebhooks(context.db),
    listDeliveries(context.db),
    listApiCalls(context.db, query),
  ])
  const webhooks = await Promise.all(
    endpoints.map(async (w) => ({ ...w, entregas: await listDeliveries(context.db, { endpointId: w.id, limit: RECENT_PER_WEBHOOK }) })),
  )
  return {
    chaves,
    webhooks,
    entregas,
    chamadas: { ...chamadas, query, invalid: parsed.success ? null : (parsed.error.issues[0]?.message ?? 'Filtro inválido.') },
    escopos: API_SCOPES.map((value) => ({ value, label: SCOPE_LABELS[value] })),
    eventos: INTEGRATION_EVENT_TYPES.map((value) => ({ value, label: EVENT_LABELS[value] })),
  }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, integrationIntentSchema, 'integrations:manage')
  const policy = { allowPrivate: context.env.WEBHOOKS_ALLOW_PRIVATE === 'true' }
  switch (input.intent) {
    case 'criar':
      return answer(await createApiKey(context.db, { name: input.nome, scopes: input.escopos, actor: staff.actor }), INTEGRATIONS_DONE.created)
    case 'revogar':
      return answer(await revokeApiKey(context.db, { id: input.id, actor: staff.actor }), INTEGRATIONS_DONE.revoked)
    case 'reenviar':
      return answer(await resendDelivery(context.db, { id: input.id, actor: staff.actor }), INTEGRATIONS_DONE.resent)
    case 'cadastrar_webhook':
      return answer(
        await createWebhook(context.db, { url: input.url, events: input.eventos, actor: staff.actor, apiKeyId: null, policy }),
        INTEGRATIONS_DONE.webhookCreated,
      )
    case 'remover_webhook':
      return answer(await removeWebhook(context.db, { id: input.id, actor: staff.actor }), INTEGRATIONS_DONE.webhookRemoved)
    case 'testar_webhook':
      return answer(await sendTestWebhook(context.db, { id: input.id, policy }))
    case 'rotacionar_segredo':
      return answer(await rotateWebhookSecret(context.db, { id: input.id, actor: staff.actor }), INTEGRATIONS_DONE.rotated)
  }
}

export default function Integracoes({ loaderData }: Route.ComponentProps) {
  const revogar = useStaffAction({ key: 'revogar' })
  const reenviar = useStaffAction({ key: 'reenviar' })
  return (
    <>
      <PageHeader
        title="Integrações"
        description="Chaves da API /api/v1 para o seu ERP ou hub de marketplaces, os webhooks e suas entregas. A documentação está em /api/v1/docs."
      />
      <KeysTable rows={loaderData.chaves} busy={revogar.busy} onRevoke={(k) => revogar.submit('revogar', { id: k.id })} />
      <NewKeyForm scopes={loaderData.escopos} />
      <section className="mt-8" aria-labelledby="webhooks-titulo">
        <h2 id="webhooks-titulo" className="mb-3 text-base font-semibold text-ink-900">
          Webhooks
        </h2>
        <WebhooksList rows={loaderData.webhooks} />
        <NewWebhookForm events={loaderData.eventos} />
      </section>
      <section className="mt-8" aria-labelledby="entregas-titulo">
        <h2 id="entregas-titulo" className="mb-3 text-base font-semibold text-ink-900">
          Entregas recentes
        </h2>
        <DeliveriesTable rows={loaderData.entregas} busy={reenviar.busy} onResend={(d) => reenviar.submit('reenviar', { id: d.id })} />
      </section>
      <CallsTable
        rows={loaderData.chamadas.linhas}
        next={loaderData.chamadas.proxima}
        query={loaderData.chamadas.query}
        invalid={loaderData.chamadas.invalid}
        keys={loaderData.chaves}
      />
    </>
  )
}
