import type { Logger } from 'pino'
import { inBackground } from './background'

/**
 * Runs a background job every `intervalMs`, never two rounds at once in this process (another
 * instance may run its own round: each job shares the work out in the database). A failed round is
 * logged with `failure` and the next one runs on time. A round runs in the background the shutdown
 * waits for (background.ts): the stop function ends the timer, not a round under way. Returns the
 * stop function.
 */
export function every(intervalMs: number, log: Logger, failure: string, round: () => Promise<void>): () => void {
  let running = false
  const timer = setInterval(() => {
    if (running) return
    running = true
    void inBackground(
      round()
        .catch((err: unknown) => log.warn({ err }, failure))
        .finally(() => (running = false)),
    )
  }, intervalMs)
  timer.unref()
  return () => clearInterval(timer)
}
