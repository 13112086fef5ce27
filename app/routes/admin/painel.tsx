import { requireStaffPage } from '~/lib/admin.server'
import { PageHeader } from '~/components/admin/PageHeader'
import type { Route } from './+types/painel'

/** Placeholder of /admin until the Painel (issue 18b) replaces this route. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'dashboard:read')
  return { nome: me.nome }
}

export default function Painel({ loaderData }: Route.ComponentProps) {
  return <PageHeader title="Painel" description={`Olá, ${loaderData.nome}.`} />
}
