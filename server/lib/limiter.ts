import { REQUEST } from '../../contract/messages/request'
import { Refusal } from '../domain/refusal'

/** The store is too busy for this request right now; try again shortly ('unavailable': 503 + Retry-After). */
export class BusyError extends Refusal {
  constructor() {
    super(REQUEST.busy)
  }
}

export type Limiter = {
  run<T>(task: () => Promise<T>): Promise<T>
  /** Tasks running and waiting (tests, metrics). */
  readonly active: number
  readonly waiting: number
}

/**
 * At most `concurrency` tasks at once, at most `maxQueue` waiting in arrival order; a task beyond
 * that is refused at once with BusyError rather than queued without end.
 */
export function limiter(concurrency: number, maxQueue: number): Limiter {
  let active = 0
  const queue: Array<() => void> = []
  const release = () => {
    active--
    const next = queue.shift()
    if (next) {
      active++
      next()
    }
  }
  return {
    get active() {
      return active
    },
    get waiting() {
      return queue.length
    },
    run<T>(task: () => Promise<T>): Promise<T> {
      if (active < concurrency) {
        active++
        return task().finally(release)
      }
      if (queue.length >= maxQueue) return Promise.reject(new BusyError())
      return new Promise<T>((resolve, reject) => {
        queue.push(() => task().then(resolve, reject).finally(release))
      })
    },
  }
}
