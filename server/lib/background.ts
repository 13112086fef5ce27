/**
 * Work nobody awaits: the e-mails sent once a change is committed (an order cancelled, placed or
 * paid; an account's messages) and the rounds of the timer jobs (every.ts, maintenance.ts). The
 * shutdown waits for it before the database closes (main.ts), so a stop right after a cancellation
 * neither cuts its e-mail nor fails the order event that records it, and a round under way ends.
 */
const running = new Set<Promise<void>>()

/** Runs `task` known to the shutdown; answers the task itself. */
export function inBackground(task: Promise<void>): Promise<void> {
  running.add(task)
  const done = () => void running.delete(task)
  task.then(done, done)
  return task
}

/** Settles once the background work begun so far, and any it begins meanwhile, is done (failed or not). */
export async function backgroundSettled(): Promise<void> {
  while (running.size > 0) await Promise.allSettled([...running])
}
