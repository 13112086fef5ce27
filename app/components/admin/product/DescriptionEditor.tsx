import { useMemo, useRef, useState } from 'react'

/** The tags the storefront keeps (server/domain/catalog/sanitize.ts); the server sanitises again on save. */
const ALLOWED = new Set(['P', 'BR', 'STRONG', 'EM', 'UL', 'OL', 'LI', 'H3', 'H4', 'TABLE', 'THEAD', 'TBODY', 'TR', 'TH', 'TD'])
const RENAMED: Record<string, string> = { B: 'STRONG', I: 'EM', H1: 'H3', H2: 'H3', H5: 'H4', H6: 'H4' }

/**
 * The preview's copy of the HTML: rebuilt from text nodes and allowed tags only, without a single
 * attribute (so nothing in it can run or load), like the storefront's sanitiser keeps it.
 */
function previewHtml(html: string): string {
  if (typeof DOMParser === 'undefined') return ''
  const source = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html').body
  const out = document.createElement('div')
  const copy = (from: Node, to: Node) => {
    from.childNodes.forEach((node) => {
      if (node.nodeType === Node.TEXT_NODE) to.appendChild(document.createTextNode(node.textContent ?? ''))
      else if (node.nodeType === Node.ELEMENT_NODE) {
        const tag = RENAMED[(node as Element).tagName] ?? (node as Element).tagName
        if (tag === 'SCRIPT' || tag === 'STYLE' || tag === 'TEMPLATE') return
        if (ALLOWED.has(tag)) copy(node, to.appendChild(document.createElement(tag)))
        else copy(node, to)
      }
    })
  }
  copy(source, out)
  return out.innerHTML
}

const TOOLS: Array<{ label: string; title: string; open: string; close: string; block?: boolean }> = [
  { label: 'N', title: 'Negrito', open: '<strong>', close: '</strong>' },
  { label: 'I', title: 'Itálico', open: '<em>', close: '</em>' },
  { label: 'Título', title: 'Subtítulo', open: '<h3>', close: '</h3>', block: true },
  { label: '¶', title: 'Parágrafo', open: '<p>', close: '</p>', block: true },
  { label: '• Lista', title: 'Lista (uma linha por item)', open: '<ul>', close: '</ul>', block: true },
]

/**
 * The description: HTML in a textarea with a few formatting buttons, and a preview of what the product
 * page will show. No rich-text library: the admin bundle stays small (decision 0090).
 */
export function DescriptionEditor({
  id,
  value,
  onChange,
  disabled,
  error,
}: {
  id: string
  value: string
  onChange: (value: string) => void
  disabled?: boolean
  error?: string
}) {
  const ref = useRef<HTMLTextAreaElement>(null)
  const [preview, setPreview] = useState(false)
  const html = useMemo(() => (preview ? previewHtml(value) : ''), [preview, value])

  function apply(tool: (typeof TOOLS)[number]) {
    const el = ref.current
    if (!el) return
    const { selectionStart: start, selectionEnd: end } = el
    let inner = value.slice(start, end)
    if (tool.open === '<ul>') {
      const lines = (inner || 'Item').split(/\n+/).filter((l) => l.trim())
      inner = `\n${lines.map((l) => `  <li>${l.trim()}</li>`).join('\n')}\n`
    } else if (!inner) inner = tool.block ? 'Texto' : 'texto'
    const before = value.slice(0, start)
    const text = `${tool.open}${inner}${tool.close}`
    const lead = tool.block && before && !before.endsWith('\n') ? '\n' : ''
    onChange(`${before}${lead}${text}${value.slice(end)}`)
    requestAnimationFrame(() => {
      el.focus()
      const at = before.length + lead.length + tool.open.length
      el.setSelectionRange(at, at + inner.length)
    })
  }

  return (
    <div>
      <div className="mb-1 flex flex-wrap items-center gap-1" role="toolbar" aria-label="Formatação da descrição">
        {TOOLS.map((t) => (
          <button
            key={t.title}
            type="button"
            title={t.title}
            aria-label={t.title}
            className="rounded px-2 py-1 text-xs font-semibold text-ink-700 ring-1 ring-ink-200 hover:bg-ink-50 disabled:opacity-50"
            disabled={disabled || preview}
            onClick={() => apply(t)}
          >
            {t.label}
          </button>
        ))}
        <span className="flex-1" />
        <button
          type="button"
          className="rounded px-2 py-1 text-xs font-semibold text-brand-700 ring-1 ring-brand-100 hover:bg-brand-50"
          aria-pressed={preview}
          onClick={() => setPreview((v) => !v)}
        >
          {preview ? 'Editar' : 'Pré-visualizar'}
        </button>
      </div>
      {preview ? (
        <div
          className="prose-desc min-h-40 rounded-lg border border-ink-200 bg-white p-3 text-sm text-ink-700"
          data-testid="description-preview"
          dangerouslySetInnerHTML={{ __html: html || '<p>(sem descrição)</p>' }}
        />
      ) : (
        <textarea
          ref={ref}
          id={id}
          className="adm-input min-h-40 font-mono text-xs"
          value={value}
          onChange={(e) => onChange(e.target.value)}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-erro` : `${id}-dica`}
        />
      )}
      <p id={`${id}-dica`} className="mt-1 text-xs text-ink-500">
        Parágrafos, negrito, itálico, subtítulos, listas e tabelas. Links, imagens e estilos são removidos ao salvar.
      </p>
    </div>
  )
}
