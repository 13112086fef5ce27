import { useEffect, useRef, type ReactNode } from 'react'

/**
 * A modal question before an action that changes something (native <dialog>: focus is trapped and
 * Esc closes it). `busy` disables the buttons while the call runs; the caller closes it after.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  danger,
  busy,
  onConfirm,
  onClose,
}: {
  open: boolean
  title: string
  children?: ReactNode
  confirmLabel: string
  danger?: boolean
  busy?: boolean
  onConfirm: () => void
  onClose: () => void
}) {
  const ref = useRef<HTMLDialogElement>(null)
  useEffect(() => {
    const dialog = ref.current
    if (!dialog) return
    if (open && !dialog.open) dialog.showModal()
    if (!open && dialog.open) dialog.close()
  }, [open])
  return (
    <dialog
      ref={ref}
      onClose={onClose}
      aria-labelledby="adm-confirm-title"
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-(--radius-card) p-0 shadow-(--shadow-pop) backdrop:bg-ink-900/40"
    >
      <form
        method="dialog"
        className="flex flex-col gap-4 p-5"
        onSubmit={(e) => {
          e.preventDefault()
          onConfirm()
        }}
      >
        <h2 id="adm-confirm-title" className="text-lg font-bold text-ink-900">
          {title}
        </h2>
        {children ? <div className="text-sm text-ink-700">{children}</div> : null}
        <div className="flex justify-end gap-2">
          <button type="button" className="adm-btn-ghost" onClick={onClose} disabled={busy}>
            Cancelar
          </button>
          <button type="submit" className={danger ? 'adm-btn-danger' : 'adm-btn'} disabled={busy}>
            {busy ? 'Aguarde…' : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  )
}
