import { z } from 'zod'

/** The job queues as the back office names them (server/jobs/queues.ts). */
export const QUEUE_LABELS: Record<string, string> = {
  email: 'E-mail',
  'pedidos-vencidos': 'Pedidos vencidos',
  'conciliacao-pagamentos': 'Conciliação de pagamentos',
  'promocoes-agenda': 'Início e fim de promoções',
  webhooks: 'Webhooks',
  'webhooks-rodada': 'Webhooks pendentes',
  manutencao: 'Manutenção',
}

/** /admin/tarefas — "Tentar de novo" a failed job. */
export const jobIntentSchema = z.discriminatedUnion('intent', [
  z.strictObject({
    intent: z.literal('tentar'),
    fila: z.string().trim().min(1).max(100),
    id: z.uuid({ error: 'Tarefa inválida.' }),
  }),
])
