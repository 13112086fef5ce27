import { CATALOG_IMPORT_STATUS_NAMES, type ImportView } from '../../../../contract/admin/catalog-columns'
import { formatDateTime } from '~/components/admin/format'
import { formatCount } from '~/lib/money'
import { ErrorTable, Preview, Stat } from './ImportTables'

/** Whether an import still has products to apply (analysed, or stopped half-way). */
export const isOpen = (view: ImportView) => view.situacao === 'analisada' || view.situacao === 'aplicando'

/**
 * An import as it stands: the dry run's counts, the progress of applying it, what was applied, and
 * the buttons to apply (or go on), pause, cancel or start over.
 */
export function ImportReport({
  view,
  applying,
  onApply,
  onPause,
  onCancel,
  onReset,
}: {
  view: ImportView
  applying: boolean
  onApply: () => void
  onPause: () => void
  onCancel: () => void
  onReset: () => void
}) {
  const r = view.relatorio
  const open = isOpen(view)
  const started = view.situacao === 'aplicando' || view.situacao === 'concluida' || applying
  const percent = view.total > 0 ? Math.round((view.feitos / view.total) * 100) : 0
  const applyErrors = r.aplicacao?.erros ?? []

  return (
    <section className="adm-card mb-6 p-4" aria-labelledby="imp-title">
      <div className="mb-3 flex flex-wrap items-baseline justify-between gap-2">
        <h2 id="imp-title" className="text-lg font-bold text-ink-900">
          {view.situacao === 'aplicando' && !applying ? 'Importação não concluída' : 'Resultado da análise'}
        </h2>
        <span className="text-sm text-ink-500">
          {CATALOG_IMPORT_STATUS_NAMES[view.situacao]} · {view.arquivo} · {formatDateTime(view.criadoEm)}
          {view.por ? ` · ${view.por}` : ''}
        </span>
      </div>
      <dl className="grid grid-cols-2 gap-3 lg:grid-cols-4">
        <Stat label="Produtos novos" value={r.novos} tone="brand" />
        <Stat label="Produtos alterados" value={r.alterados} tone="brand" />
        <Stat label="Sem alteração" value={r.iguais} />
        <Stat label="Linhas com erro" value={r.linhasComErro} tone={r.linhasComErro ? 'danger' : undefined} />
      </dl>
      <p className="mt-3 text-sm text-ink-500">
        {formatCount(r.linhas)} {r.linhas === 1 ? 'linha lida' : 'linhas lidas'} · codificação {r.codificacao} · separador{' '}
        {r.separador === '\t' ? 'tabulação' : `“${r.separador}”`}
        {r.linhasComErro
          ? ` · ${formatCount(r.produtosComErro)} ${r.produtosComErro === 1 ? 'produto será ignorado' : 'produtos serão ignorados'} por erro`
          : ''}
      </p>

      {started && view.total > 0 ? (
        <div className="mt-4">
          <div className="mb-1 flex justify-between text-sm">
            <span className="font-medium text-ink-700" id="imp-progress-label">
              {view.situacao === 'concluida' ? 'Aplicado' : applying ? 'Aplicando…' : 'Aplicado até aqui'}
            </span>
            <span className="text-ink-500">
              {formatCount(view.feitos)} de {formatCount(view.total)} ({percent}%)
            </span>
          </div>
          <div
            role="progressbar"
            aria-labelledby="imp-progress-label"
            aria-valuemin={0}
            aria-valuemax={view.total}
            aria-valuenow={view.feitos}
            className="h-3 overflow-hidden rounded-full bg-ink-100"
          >
            <div
              className={`h-full rounded-full transition-[width] ${view.situacao === 'concluida' ? 'bg-pix-600' : 'bg-brand-600'}`}
              style={{ width: `${percent}%` }}
            />
          </div>
        </div>
      ) : null}

      {view.situacao === 'concluida' ? (
        <p role="status" className="mt-4 rounded-lg bg-pix-50 px-4 py-3 text-sm text-ink-900">
          Importação concluída: {formatCount(r.aplicacao.novos)} {r.aplicacao.novos === 1 ? 'produto novo' : 'produtos novos'} e{' '}
          {formatCount(r.aplicacao.alterados)} {r.aplicacao.alterados === 1 ? 'alterado' : 'alterados'}
          {applyErrors.length ? `; ${formatCount(applyErrors.length)} não aplicados (veja abaixo)` : ''}.
        </p>
      ) : null}

      <div className="mt-4 flex flex-wrap gap-2">
        {open ? (
          <>
            <button type="button" className="adm-btn" disabled={applying || view.total === 0} onClick={onApply}>
              {applying
                ? 'Aplicando…'
                : view.situacao === 'aplicando'
                  ? 'Continuar'
                  : view.total === 0
                    ? 'Nada a aplicar'
                    : `Aplicar ${formatCount(view.total)} ${view.total === 1 ? 'produto' : 'produtos'}`}
            </button>
            {applying ? (
              <button type="button" className="adm-btn-ghost" onClick={onPause}>
                Pausar
              </button>
            ) : (
              <button type="button" className="adm-btn-ghost" onClick={onCancel}>
                Cancelar importação
              </button>
            )}
          </>
        ) : (
          <button type="button" className="adm-btn-ghost" onClick={onReset}>
            Importar outro arquivo
          </button>
        )}
      </div>

      {applyErrors.length ? <ErrorTable title="Não aplicados (mudaram depois da análise)" errors={applyErrors} /> : null}
      {r.erros.length ? (
        <ErrorTable
          title={view.situacao === 'concluida' ? 'Linhas com erro (ignoradas)' : 'Linhas com erro (serão ignoradas)'}
          errors={r.erros}
          omitted={r.errosOmitidos}
        />
      ) : null}
      {r.previa.length ? <Preview report={r} /> : null}
    </section>
  )
}
