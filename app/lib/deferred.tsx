import { memo, useEffect, useLayoutEffect, useRef, useState, type ComponentType } from 'react'

/**
 * Parts of a page whose code loads only when they are used (decision 0060). The server renders them
 * as usual, so the HTML is complete everywhere. In the browser the part's box keeps the server's
 * markup untouched (an empty dangerouslySetInnerHTML is not compared while hydrating) until its code
 * arrives; then the part renders into the box with the same markup. No Suspense boundary: the server
 * would stream a boundary's content after the page and move it in later (a layout shift), and a
 * boundary waiting for code would hold up the router's navigations.
 *
 * `server` is the component itself on the server and null in the browser build, which then keeps
 * only the dynamic import: `import.meta.env.SSR ? (await import('./X')).X : null`.
 */
type Load<P> = () => Promise<ComponentType<P>>
type Trigger = (go: () => void, box: HTMLElement) => (() => void) | void

/** The box's text fields, in document order. */
const fieldsOf = (box: HTMLElement) => [...box.querySelectorAll<HTMLInputElement | HTMLTextAreaElement>('input, textarea')]

/** Types `value` into a field React renders, as the shopper would (its onChange runs). */
function retype(el: HTMLElement | null, value: string): void {
  if (!(el instanceof HTMLInputElement || el instanceof HTMLTextAreaElement) || el.value === value) return
  Object.getOwnPropertyDescriptor(Object.getPrototypeOf(el), 'value')?.set?.call(el, value)
  el.dispatchEvent(new Event('input', { bubbles: true }))
}

function deferred<P extends object>(server: ComponentType<P> | null, trigger: Trigger, load: Load<P>, className?: string): ComponentType<P> {
  if (server) {
    const Server = server
    return memo((props: P) => (
      <div className={className}>
        <Server {...props} />
      </div>
    ))
  }
  let loaded: ComponentType<P> | null = null
  let loading: Promise<ComponentType<P>> | null = null
  return memo((props: P) => {
    const box = useRef<HTMLDivElement>(null)
    const typed = useRef<{ values: Record<number, string>; focus: number | null }>({ values: {}, focus: null })
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded)
    useEffect(() => {
      if (Part || !box.current) return
      let live = true
      const stop = trigger(() => {
        loading ??= load().then((c) => (loaded = c))
        void loading.then((c) => live && setPart(() => c))
      }, box.current)
      // What the shopper does to the server's markup until the part renders (see below): the fields
      // are told apart by their place in the box, as the part renders the same markup (its ids, made
      // by useId in a render the server did not do, may differ).
      const field = box.current
      const placeOf = (el: EventTarget | null) => (el instanceof HTMLElement ? fieldsOf(field).indexOf(el as HTMLInputElement) : -1)
      const record = (event: Event) => {
        const at = placeOf(event.target)
        if (at >= 0) typed.current.values[at] = (event.target as HTMLInputElement).value
      }
      const focused = (event: Event) => {
        const at = placeOf(event.target)
        if (at >= 0) typed.current.focus = at
      }
      field.addEventListener('input', record)
      field.addEventListener('focusin', focused)
      return () => {
        live = false
        stop?.()
        field.removeEventListener('input', record)
        field.removeEventListener('focusin', focused)
      }
    }, [Part])
    // Before the browser handles another key: a later keystroke lands in the part's own field.
    useLayoutEffect(() => {
      if (!Part) return
      // What the shopper did to the server's markup while the code loaded is not lost: the field that
      // had the focus has it again, and what was typed is typed again into the part's fields.
      const fields = box.current ? fieldsOf(box.current) : []
      for (const [at, value] of Object.entries(typed.current.values)) retype(fields[Number(at)] ?? null, value)
      const lost = !document.activeElement || document.activeElement === document.body
      if (typed.current.focus !== null && lost) fields[typed.current.focus]?.focus()
    }, [Part])
    if (!Part) return <div ref={box} className={className} dangerouslySetInnerHTML={{ __html: '' }} suppressHydrationWarning />
    return (
      <div ref={box} className={className}>
        <Part {...props} />
      </div>
    )
  })
}

/** Loads on screens matching `query` (at once, or when the window is resized to match). */
export function forViewport<P extends object>(query: string, load: Load<P>, server: ComponentType<P> | null, className?: string): ComponentType<P> {
  return deferred(
    server,
    (go) => {
      const media = window.matchMedia(query)
      if (media.matches) return go()
      const onChange = () => media.matches && go()
      media.addEventListener('change', onChange)
      return () => media.removeEventListener('change', onChange)
    },
    load,
    className,
  )
}

/** Loads when the part comes near the screen (below-the-fold content a shopper may never scroll to). */
export function whenVisible<P extends object>(load: Load<P>, server: ComponentType<P> | null, className?: string): ComponentType<P> {
  return deferred(
    server,
    (go, box) => {
      if (typeof IntersectionObserver === 'undefined') return go()
      const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '200px 0px' })
      seen.observe(box)
      return () => seen.disconnect()
    },
    load,
    className,
  )
}

/**
 * Loads at the shopper's first touch of the part: a pointer over it or down on it, or the focus
 * moving into it (a form every visitor sees and few use). Until then the server's markup is the part.
 */
export function whenTouched<P extends object>(load: Load<P>, server: ComponentType<P> | null, className?: string): ComponentType<P> {
  return deferred(
    server,
    (go, box) => {
      const touched = () => go()
      const events = ['pointerenter', 'pointerdown', 'focusin'] as const
      for (const name of events) box.addEventListener(name, touched, { passive: true })
      return () => {
        for (const name of events) box.removeEventListener(name, touched)
      }
    },
    load,
    className,
  )
}
