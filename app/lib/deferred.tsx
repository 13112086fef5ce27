import { lazy, memo, Suspense, useEffect, useRef, type ComponentType } from 'react'

/**
 * Parts of a page whose code loads only when they are used (decision 0060). The server renders them
 * as usual, so the HTML is complete everywhere; in the browser the part keeps that HTML until its
 * code arrives, then hydrates. Each part sits in its own Suspense boundary on both sides (the
 * markup must match), memoised so a re-render with the same props leaves a waiting part alone.
 *
 * `server` is the component itself on the server and null in the browser build, which then keeps
 * only the dynamic import: `import.meta.env.SSR ? (await import('./X')).X : null`.
 */
type Load<P> = () => Promise<ComponentType<P>>

function deferred<P extends object>(server: ComponentType<P> | null, whenReady: (go: () => void, el: HTMLElement | null) => (() => void) | void, load: Load<P>, className?: string): ComponentType<P> {
  if (server) {
    const Server = server
    return memo((props: P) => (
      <div className={className}>
        <Suspense fallback={null}>
          <Server {...props} />
        </Suspense>
      </div>
    ))
  }
  let go: () => void = () => {}
  const ready = new Promise<{ default: ComponentType<P> }>((resolve) => {
    let started = false
    go = () => {
      if (started) return
      started = true
      void load().then((c) => resolve({ default: c }))
    }
  })
  const Lazy = lazy(() => ready)
  return memo((props: P) => {
    const box = useRef<HTMLDivElement>(null)
    useEffect(() => whenReady(go, box.current) ?? undefined, [])
    return (
      <div ref={box} className={className}>
        <Suspense fallback={null}>
          <Lazy {...props} />
        </Suspense>
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
    (go, el) => {
      if (!el || typeof IntersectionObserver === 'undefined') return go()
      const seen = new IntersectionObserver((entries) => entries.some((e) => e.isIntersecting) && go(), { rootMargin: '200px 0px' })
      seen.observe(el)
      return () => seen.disconnect()
    },
    load,
    className,
  )
}
