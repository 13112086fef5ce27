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

const hydrate = () => hydrateRoot(document.documentElement, <HydratedRouter />)

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
