import { cloneElement, isValidElement, type ReactElement, type ReactNode } from 'react'
import { Scripts } from 'react-router'

type ScriptsProps = Parameters<typeof Scripts>[0]

const lower = (node: ReactNode): ReactNode =>
  Array.isArray(node)
    ? node.map(lower)
    : isValidElement(node) && node.type === 'link'
      ? cloneElement(node as ReactElement<{ fetchPriority?: string }>, { fetchPriority: 'low' })
      : node

/**
 * React Router's <Scripts />, with its `<link rel="modulepreload">` tags at low fetch priority
 * (decision 0112). The page is whole in the HTML, so its hydration code is what a browser gives
 * `defer` scripts: it loads after the stylesheet-free first paint and the hero/product image, never
 * ahead of them. React Router gives the links no way to say so, so its element is taken as rendered
 * (its hooks run as this component's) and the links cloned.
 */
export function DeferredScripts(props: ScriptsProps) {
  const rendered = Scripts(props) as ReactElement<{ children?: ReactNode }> | null
  if (!rendered) return null
  const children = ([] as ReactNode[]).concat(rendered.props.children)
  return cloneElement(rendered, undefined, ...children.map(lower))
}
