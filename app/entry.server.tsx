import { PassThrough } from 'node:stream'
import { createReadableStreamFromReadable } from '@react-router/node'
import type { RenderToPipeableStreamOptions } from 'react-dom/server'
import { renderToPipeableStream } from 'react-dom/server'
import { ServerRouter, type AppLoadContext, type EntryContext } from 'react-router'
import { NonceProvider } from './lib/nonce'

export const streamTimeout = 5_000

/**
 * React Router's default Node entry, plus the CSP nonce (server/http/csp.ts): React's own inline
 * scripts, the router's (hydration data, streamed loader data) and root.tsx's (app/lib/nonce.ts)
 * carry the nonce of this answer's policy.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
) {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders })
  }
  const nonce = loadContext.cspNonce ?? ''
  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false
    // Every page is sent whole: loaders have finished before rendering (no page streams data), so
    // waiting for all costs nothing, and the product cards' Suspense boundaries (decision 0112) arrive
    // in place instead of as fallbacks filled in by a script after the page.
    const readyOption: keyof RenderToPipeableStreamOptions = 'onAllReady'
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000)

    const { pipe, abort } = renderToPipeableStream(
      <NonceProvider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceProvider>,
      {
        nonce,
        // Never outline a finished boundary (React moves one larger than this after the page by a
        // script): every card stays where the HTML puts it, also for a browser without JavaScript.
        progressiveChunkSize: Number.MAX_SAFE_INTEGER,
        [readyOption]() {
          shellRendered = true
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId)
              timeoutId = undefined
              callback()
            },
          })
          const stream = createReadableStreamFromReadable(body)
          responseHeaders.set('Content-Type', 'text/html')
          pipe(body)
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }))
        },
        onShellError(error: unknown) {
          reject(error)
        },
        onError(error: unknown) {
          responseStatusCode = 500
          // Errors inside the shell are logged here; a failed shell is logged by React Router.
          if (shellRendered) console.error(error)
        },
      },
    )
  })
}
