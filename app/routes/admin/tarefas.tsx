import { FailedJobsTable } from '~/components/admin/jobs/FailedJobsTable'
import { PageHeader } from '~/components/admin/PageHeader'
import { useStaffAction } from '~/lib/admin-action'
import { answer, requireStaffPage, staffAction } from '~/lib/admin.server'
import { jobIntentSchema } from '../../../contract/admin/jobs'
import { JOBS_DONE } from '../../../contract/messages/jobs'
import { listFailedJobs, retryFailedJob } from '../../../server/jobs/failed'
import type { Route } from './+types/tarefas'

export { shouldRevalidate } from '~/lib/admin-action'

export const meta: Route.MetaFunction = () => [{ title: 'Tarefas com falha | Painel' }, { name: 'robots', content: 'noindex, nofollow' }]

/** /admin/tarefas (Dono, Operação): the jobs out of retries (docs/decisions/0125-durable-jobs.md). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'jobs:manage')
  return { tarefas: await listFailedJobs(context.db) }
}

export async function action({ context, request }: Route.ActionArgs) {
  const { staff, input } = await staffAction(context, request, jobIntentSchema, 'jobs:manage')
  switch (input.intent) {
    case 'tentar':
      return answer(await retryFailedJob(context.db, { queue: input.fila, id: input.id, actor: staff.actor }), JOBS_DONE.retried)
  }
}

export default function Tarefas({ loaderData }: Route.ComponentProps) {
  const retry = useStaffAction({ key: 'tentar' })
  return (
    <>
      <PageHeader
        title="Tarefas com falha"
        description="E-mails e rodadas agendadas que falharam em todas as tentativas, com o último erro. Corrija a causa e tente de novo."
      />
      <FailedJobsTable rows={loaderData.tarefas} busy={retry.busy} onRetry={(job) => retry.submit('tentar', { fila: job.fila, id: job.id })} />
    </>
  )
}
