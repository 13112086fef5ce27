import { useSyncExternalStore } from 'react'
import type { Id, ToastOptions, UpdateOptions, toast as ToastApi } from 'react-toastify'

/**
 * The store's one toast system (react-toastify, top-right), loaded the first time a page
 * shows a toast: most visits never do, so its ~10 KB stay off the first load (decision 0060).
 * Calls made before it arrives are kept by react-toastify until its container mounts; `loading`
 * picks its id here so `update` and `dismiss` can name it at once.
 */

/** Cart toasts close after 1.5–3 s. */
export const CART_TOAST_MS = 2500

type Api = typeof ToastApi
let api: Promise<Api> | null = null
let wanted = false
const listeners = new Set<() => void>()

function load(): Promise<Api> {
  if (!api) {
    wanted = true
    for (const l of listeners) l()
    api = import('react-toastify').then((m) => m.toast)
  }
  return api
}

let seq = 0
const show =
  (kind: 'success' | 'error' | 'warning' | 'info') =>
  (content: string, options?: ToastOptions): Id => {
    const toastId = options?.toastId ?? `vt-${++seq}`
    void load().then((t) => t[kind](content, { ...options, toastId }))
    return toastId
  }

export const toast = {
  success: show('success'),
  error: show('error'),
  warning: show('warning'),
  /** A message that stays until `update` or `dismiss` names its id. */
  loading(content: string): Id {
    const toastId = `vt-${++seq}`
    void load().then((t) => t.loading(content, { toastId }))
    return toastId
  },
  update(id: Id, options: UpdateOptions): void {
    void load().then((t) => t.update(id, options))
  },
  dismiss(id?: Id): void {
    if (api) void api.then((t) => t.dismiss(id))
  },
}

/** True once a toast has been asked for: the shell then mounts the container (ToastHost). */
export function useToastsWanted(): boolean {
  return useSyncExternalStore(
    (l) => {
      listeners.add(l)
      return () => listeners.delete(l)
    },
    () => wanted,
    () => false,
  )
}
