import { toast } from '~/lib/toast'
import type { CallFailure } from '~/lib/api'

/**
 * Toasts of the back office, through the store's one toast system (~/lib/toast, mounted by root.tsx):
 * a result said once, top-right. A failed call shows the server's pt-BR message.
 */
export function toastResult(result: { ok: true } | CallFailure, success: string): boolean {
  if (result.ok) toast.success(success)
  else toast.error(result.msg)
  return result.ok
}
