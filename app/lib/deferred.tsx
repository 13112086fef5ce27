import { memo, useEffect, useRef, useState, type ComponentType } from 'react'

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
    const [Part, setPart] = useState<ComponentType<P> | null>(() => loaded)
    useEffect(() => {
      if (Part || !box.current) return
      let live = true
      const stop = trigger(() => {
        loading ??= load().then((c) => (loaded = c))
        void loading.then((c) => live && setPart(() => c))
      }, box.current)
      return () => {
        live = false
        stop?.()
      }
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
