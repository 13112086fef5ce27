import { createElement, useEffect, useRef, useState } from 'react'
import { calls } from '../../../contract/calls'

/**
 * The registration captcha: ALTCHA's widget (proof of work in the browser, no third party) asking
 * the store for its challenge. `onChange` gets the solved payload, or '' when it expires or resets.
 * The widget is a custom element loaded only in the browser.
 */
export function Captcha({ onChange, error }: { onChange: (payload: string) => void; error?: string }) {
  const host = useRef<HTMLDivElement>(null)
  const [ready, setReady] = useState(false)
  const report = useRef(onChange)
  report.current = onChange

  useEffect(() => {
    let live = true
    void Promise.all([import('altcha'), import('altcha/i18n/pt-br')]).then(() => live && setReady(true))
    return () => {
      live = false
    }
  }, [])

  useEffect(() => {
    const widget = host.current?.querySelector('altcha-widget')
    if (!widget) return
    const onState = (event: Event) => {
      const { state, payload } = (event as CustomEvent<{ state: string; payload?: string }>).detail
      report.current(state === 'verified' && payload ? payload : '')
    }
    widget.addEventListener('statechange', onState)
    return () => widget.removeEventListener('statechange', onState)
  }, [ready])

  return (
    <div ref={host}>
      <span className="mb-1 block text-sm font-semibold text-ink-700">Verificação anti-robô</span>
      {ready ? (
        createElement('altcha-widget', { challenge: calls.captcha.path, language: 'pt-br', name: 'altcha', 'data-testid': 'captcha' })
      ) : (
        <div className="skeleton h-16 w-full max-w-[260px]" />
      )}
      {error ? (
        <p role="alert" className="mt-1 text-sm font-medium text-danger-600">
          {error}
        </p>
      ) : null}
    </div>
  )
}
