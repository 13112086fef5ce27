import { reasons } from './reason'

/** The back office's "Tarefas com falha": a job tried again. */
export const JOBS = reasons('jobs', {
  notFailed: ['conflict', 'Esta tarefa não está mais com falha: já foi tentada de novo ou removida.'],
})

export const JOBS_DONE = {
  retried: 'Tarefa enviada de novo para a fila.',
} as const
