import { useState } from 'react'
import type { PricePreviewRow, ProductListIntent } from '../../../../contract/admin/products'
import { formatCents, formatCount } from '../../../../contract/money'
import type { CatalogChoices } from '../../../../server/domain/catalog/admin-products'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { useStaffAction } from '~/lib/admin-action'

type Kind = ProductListIntent['intent']
/** What a bulk action answers: how many changed, or (a price change not applied) the preview. */
type BulkAnswer = { ok: true; msg?: string; alterados: number; aplicado: boolean; preview?: PricePreviewRow[] } | { ok: false; code: string; msg: string }
type Open = null | { kind: 'ativar' | 'desativar' | 'categoria' } | { kind: 'preco'; preview: PricePreviewRow[] }

const products = (n: number) => `${formatCount(n)} ${n === 1 ? 'produto' : 'produtos'}`

/**
 * The actions on the selected products: (de)activate, move to a category, or change prices by a
 * percentage — previewed (before → after) in a dialog before anything is written.
 */
export function BulkActions({ ids, choices, onDone }: { ids: number[]; choices: CatalogChoices; onDone: () => void }) {
  const [open, setOpen] = useState<Open>(null)
  const [category, setCategory] = useState('')
  const [percent, setPercent] = useState('')
  const bulk = useStaffAction<BulkAnswer>({
    onDone: (done) => {
      if (!done.aplicado && done.preview) return setOpen({ kind: 'preco', preview: done.preview })
      setOpen(null)
      onDone()
    },
  })
  const busy = bulk.busy
  const error = bulk.answer && !bulk.answer.ok ? bulk.answer.msg : null

  function run(kind: Kind, aplicar: boolean) {
    if (kind === 'categoria') bulk.submit(kind, { ids, categoria: Number(category) })
    else if (kind === 'preco') bulk.submit(kind, { ids, percentual: Number(percent.replace(',', '.')), aplicar })
    else bulk.submit(kind, { ids })
  }

  return (
    <>
      <section aria-label="Ações em lote" className="adm-card sticky top-1 z-10 mb-3 flex flex-wrap items-end gap-3 border border-brand-100 p-3">
        <p className="w-full text-sm font-semibold text-ink-900 sm:w-auto sm:self-center">
          {formatCount(ids.length)} {ids.length === 1 ? 'selecionado' : 'selecionados'}
        </p>
        <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => setOpen({ kind: 'ativar' })}>
          Ativar
        </button>
        <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => setOpen({ kind: 'desativar' })}>
          Desativar
        </button>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="b-categoria" className="adm-label">
              Mover para
            </label>
            <select id="b-categoria" className="adm-input max-w-[14rem]" value={category} onChange={(e) => setCategory(e.target.value)}>
              <option value="">Categoria…</option>
              {choices.categorias.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </select>
          </div>
          <button type="button" className="adm-btn-ghost" disabled={busy || !category} onClick={() => setOpen({ kind: 'categoria' })}>
            Mover
          </button>
        </div>
        <div className="flex items-end gap-2">
          <div>
            <label htmlFor="b-percentual" className="adm-label">
              Preços (%)
            </label>
            <input
              id="b-percentual"
              className="adm-input w-24"
              inputMode="decimal"
              placeholder="ex.: -10"
              value={percent}
              onChange={(e) => setPercent(e.target.value)}
            />
          </div>
          <button type="button" className="adm-btn-ghost" disabled={busy || !percent.trim()} onClick={() => run('preco', false)}>
            Pré-visualizar
          </button>
        </div>
        {error ? (
          <p role="alert" className="w-full text-sm text-danger-600">
            {error}
          </p>
        ) : null}
      </section>

      <ConfirmDialog
        open={open != null && open.kind !== 'preco'}
        title={open?.kind === 'ativar' ? 'Ativar produtos' : open?.kind === 'desativar' ? 'Desativar produtos' : 'Mudar categoria'}
        confirmLabel={open?.kind === 'ativar' ? 'Ativar' : open?.kind === 'desativar' ? 'Desativar' : 'Mover'}
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => open && open.kind !== 'preco' && run(open.kind, true)}
      >
        {open?.kind === 'categoria'
          ? `Mover ${products(ids.length)} para "${choices.categorias.find((c) => String(c.id) === category)?.nome ?? ''}"?`
          : `${open?.kind === 'ativar' ? 'Ativar' : 'Desativar'} ${products(ids.length)}? ${open?.kind === 'desativar' ? 'Eles saem da loja na hora.' : 'Eles voltam à loja na hora.'}`}
      </ConfirmDialog>

      <ConfirmDialog
        open={open?.kind === 'preco'}
        title={`Mudar preços em ${percent.trim()} %`}
        confirmLabel="Aplicar novos preços"
        busy={busy}
        onClose={() => setOpen(null)}
        onConfirm={() => run('preco', true)}
      >
        {open?.kind === 'preco' ? <PricePreview preview={open.preview} /> : null}
      </ConfirmDialog>
    </>
  )
}

function PricePreview({ preview }: { preview: PricePreviewRow[] }) {
  return (
    <>
      <p className="mb-2">Confira antes de aplicar. Os preços das opções e do atacado mudam na mesma proporção.</p>
      <div className="max-h-72 overflow-y-auto rounded ring-1 ring-ink-100">
        <table className="w-full text-left text-xs" data-testid="price-preview">
          <thead className="sticky top-0 bg-ink-50 text-ink-500">
            <tr>
              <th scope="col" className="px-2 py-1.5">
                Produto
              </th>
              <th scope="col" className="px-2 py-1.5 text-right">
                Antes → Depois
              </th>
            </tr>
          </thead>
          <tbody>
            {preview.map((r) => (
              <tr key={r.id} className="border-t border-ink-100">
                <td className="px-2 py-1.5">
                  <span className="line-clamp-2">{r.titulo}</span>
                  {r.opcoes || r.atacado ? (
                    <span className="text-ink-500">
                      {[r.opcoes ? `${r.opcoes} opções` : '', r.atacado ? `${r.atacado} faixa(s) de atacado` : ''].filter(Boolean).join(' · ')}
                    </span>
                  ) : null}
                </td>
                <td className="px-2 py-1.5 text-right whitespace-nowrap tabular-nums">
                  {formatCents(r.antes)} → <strong>{formatCents(r.depois)}</strong>
                  {r.deAntes != null ? (
                    <span className="block text-ink-500">
                      de {formatCents(r.deAntes)} → {r.deDepois == null ? 'sem "de"' : formatCents(r.deDepois)}
                    </span>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </>
  )
}
