import { Fragment, options } from 'preact'
import { hydrateRoot } from 'react-dom/client'
import { HydratedRouter } from 'react-router/dom'

// The browser runs on Preact (decision 0136), which hydrates an element, not a document: the root
// layout's <html> is a fragment here, so its <head> and <body> hydrate the document element's own.
const previous = options.vnode
options.vnode = (vnode) => {
  if (vnode.type === 'html') vnode.type = Fragment
  previous?.(vnode)
}

// Preact matches a server node by its tag alone, in order, so the <head> must hold exactly the nodes
// the client renders there. React's server adds two kinds it does not: the scripts' module preloads,
// hoisted from the body, and its own preloads of the first screen's images, written before anything
// of the page's head — before the theme-color <meta> that app/root.tsx puts first after the viewport.
// Left in place, every later link (the canonical, a route's stylesheet) would be matched one off and
// dropped. Both have done their work by now.
const hydrate = () => {
  const first = document.head.querySelector('meta[name="theme-color"]')
  for (const link of document.head.querySelectorAll('link')) {
    const beforeThePage = first !== null && (link.compareDocumentPosition(first) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
    if (link.rel === 'modulepreload' || beforeThePage) link.remove()
  }
  hydrateRoot(document.documentElement, <HydratedRouter />)
}

// The router's first render waits (it throws a promise) until the page's data is decoded. A boundary
// that suspends while hydrating would keep only its first node of the server's markup, so the wait
// happens before hydrating: the router's first call starts the decoding and hands back its promise.
let decoding: unknown
try {
  ;(HydratedRouter as (props: object) => unknown)({})
} catch (thrown) {
  decoding = thrown
}
if (decoding instanceof Promise) void decoding.then(hydrate, hydrate)
else hydrate()
