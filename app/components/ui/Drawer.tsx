import { useEffect, useRef } from 'react'
import { CloseIcon } from './icons'

/**
 * A side panel over the page (the category panel on the left, the cart panel on the right): closes
 * on its close button, the overlay, a click anywhere outside it and Escape; the page behind does
 * not scroll while it is open, and focus returns to what opened it. Transitions: 300 ms, backdrop
 * 150 ms.
 */
export function Drawer({
  open,
  onClose,
  side,
  titleId,
  title,
  closeLabel,
  overlayTestId,
  className = '',
  children,
}: {
  open: boolean
  onClose: () => void
  side: 'left' | 'right'
  titleId: string
  title: React.ReactNode
  closeLabel: string
  overlayTestId?: string
  className?: string
  children: React.ReactNode
}) {
  const closeButton = useRef<HTMLButtonElement>(null)
  const panel = useRef<HTMLDivElement>(null)

  useEffect(() => {
    if (!open) return
    const opener = document.activeElement as HTMLElement | null
    closeButton.current?.focus()
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && onClose()
    // A click anywhere outside the panel closes it (the overlay covers most of that).
    const onPointer = (e: PointerEvent) => {
      if (panel.current && !panel.current.contains(e.target as Node)) onClose()
    }
    document.addEventListener('keydown', onKey)
    document.addEventListener('pointerdown', onPointer)
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKey)
      document.removeEventListener('pointerdown', onPointer)
      document.body.style.overflow = ''
      opener?.focus?.()
    }
  }, [open, onClose])

  const hidden = side === 'left' ? '-translate-x-full' : 'translate-x-full'
  return (
    <div className={`fixed inset-0 z-50 ${open ? '' : 'pointer-events-none'}`} aria-hidden={!open}>
      <div
        data-testid={overlayTestId}
        className={`absolute inset-0 bg-ink-900/50 transition-opacity duration-150 ${open ? 'opacity-100' : 'opacity-0'}`}
        onClick={onClose}
      />
      <div
        ref={panel}
        role="dialog"
        aria-modal="true"
        aria-labelledby={titleId}
        inert={!open}
        className={`absolute inset-y-0 ${side === 'left' ? 'left-0' : 'right-0'} flex w-[86vw] flex-col bg-white shadow-pop transition-transform duration-300 ${
          open ? 'translate-x-0' : hidden
        } ${className}`}
      >
        <div className="flex items-center justify-between bg-brand-700 px-5 py-4 text-white">
          <h2 id={titleId} className="text-lg font-bold">
            {title}
          </h2>
          <button ref={closeButton} type="button" onClick={onClose} className="rounded-full p-1.5 hover:bg-white/15" aria-label={closeLabel}>
            <CloseIcon />
          </button>
        </div>
        {children}
      </div>
    </div>
  )
}
