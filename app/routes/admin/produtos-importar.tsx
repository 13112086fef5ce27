import { useRef, useState } from 'react'
import { Link } from 'react-router'
import { CATALOG_COLUMNS, CATALOG_IMPORT_BATCH, CATALOG_IMPORT_STATUS_NAMES, type ImportLineError, type ImportView } from '../../../contract/admin/catalog-columns'
import { unfinishedImport } from '../../../server/domain/catalog/import/analyse'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { formatDateTime } from '~/components/admin/format'
import { ErrorNotice } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { formatCount } from '~/lib/money'
import { toast } from '~/lib/toast'
import type { Route } from './+types/produtos-importar'

/**
 * /admin/produtos/importar — a catalog spreadsheet: sent, analysed (the dry run: new, changed,
 * unchanged, each bad line with its reason), applied on confirmation a batch at a time with a
 * progress bar; an import left unfinished (a closed tab, a restart) is offered to go on.
 */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'catalog:write')
  return { atual: await unfinishedImport(context.db) }
}

export const meta: Route.MetaFunction = () => [{ title: 'Importar produtos | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

const ERRORS_SHOWN = 200
const MUDANCAS: Record<string, string> = {
  titulo: 'título',
  link: 'link',
  categoria: 'categoria',
  marca: 'marca',
  preco: 'preço',
  preco_de: 'preço "de"',
  estoque: 'estoque',
  ativo: 'ativo',
  peso_g: 'peso',
  altura_mm: 'altura',
  largura_mm: 'largura',
  comprimento_mm: 'comprimento',
  atacado: 'atacado',
  especificacoes: 'especificações',
  descricao: 'descrição',
  opcoes: 'opções',
}

/** Sends the file's bytes as they are (the server detects the encoding). */
async function sendFile(file: File): Promise<{ ok: true; view: ImportView } | { ok: false; msg: string }> {
  try {
    const res = await fetch(`/admin/api/importacoes?arquivo=${encodeURIComponent(file.name)}`, {
      method: 'POST',
      headers: { 'content-type': 'text/csv' },
      body: file,
      credentials: 'same-origin',
    })
    if (res.status === 401) window.location.assign(`/admin/entrar?volta=${encodeURIComponent(window.location.pathname)}`)
    const body = (await res.json().catch(() => ({}))) as { importacao?: ImportView; msg?: string }
    if (res.ok && body.importacao) return { ok: true, view: body.importacao }
    return { ok: false, msg: body.msg ?? (res.status === 413 ? 'Arquivo grande demais (até 20 MB).' : 'Não foi possível enviar o arquivo. Tente novamente.') }
  } catch {
    return { ok: false, msg: 'Sem conexão com a loja. Confira a internet e tente novamente.' }
  }
}

export default function ImportarProdutos({ loaderData }: Route.ComponentProps) {
  const [view, setView] = useState<ImportView | null>(loaderData.atual)
  const [file, setFile] = useState<File | null>(null)
  const [erro, setErro] = useState<string | null>(null)
  const [sending, setSending] = useState(false)
  const [applying, setApplying] = useState(false)
  const [confirm, setConfirm] = useState<'aplicar' | 'cancelar' | null>(null)
  const stop = useRef(false)
  const input = useRef<HTMLInputElement>(null)

  async function analisar(e: React.FormEvent) {
    e.preventDefault()
    if (!file) return setErro('Escolha o arquivo CSV.')
    setErro(null)
    setSending(true)
    const result = await sendFile(file)
    setSending(false)
    if (!result.ok) return setErro(result.msg)
    setView(result.view)
    setFile(null)
    if (input.current) input.current.value = ''
  }

  async function aplicar() {
    if (!view) return
    setConfirm(null)
    setApplying(true)
    stop.current = false
    let current = view
    while (!stop.current && current.situacao !== 'concluida' && current.situacao !== 'cancelada') {
      const result = await adminCall('importacaoAplicar', { id: current.id })
      if (!result.ok) {
        toast.error(result.msg)
        break
      }
      current = result.data.importacao as ImportView
      setView(current)
    }
    setApplying(false)
    if (current.situacao === 'concluida') toast.success('Importação concluída.')
  }

  async function cancelar() {
    if (!view) return
    stop.current = true
    setConfirm(null)
    const result = await adminCall('importacaoCancelar', { id: view.id })
    if (!result.ok) return toast.error(result.msg)
    setView(null)
    toast.success('Importação cancelada.')
  }

  const r = view?.relatorio
  const open = view && (view.situacao === 'analisada' || view.situacao === 'aplicando')
  const started = view && (view.situacao === 'aplicando' || view.situacao === 'concluida' || applying)
  const percent = view && view.total > 0 ? Math.round((view.feitos / view.total) * 100) : 0
  const applyErrors = r?.aplicacao?.erros ?? []

  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/admin/produtos" className="text-brand-700 hover:underline">
          ← Produtos
        </Link>
      </p>
      <PageHeader
        title="Importar produtos"
        description="Envie uma planilha CSV, confira o resultado da análise e só então aplique."
        actions={
          <>
            <a href="/admin/api/catalogo-modelo.csv" className="adm-btn-ghost" download>
              Baixar modelo
            </a>
            <a href="/admin/api/catalogo.csv" className="adm-btn-ghost" download>
              Exportar catálogo
            </a>
          </>
        }
      />

      {!open ? (
        <form onSubmit={analisar} className="adm-card mb-6 flex flex-col gap-3 p-4 sm:flex-row sm:items-end" aria-label="Enviar planilha">
          <div className="min-w-0 flex-1">
            <label htmlFor="arquivo" className="adm-label">
              Arquivo CSV
            </label>
            <input
              ref={input}
              id="arquivo"
              type="file"
              accept=".csv,text/csv"
              className="adm-input file:mr-3 file:rounded file:border-0 file:bg-ink-50 file:px-2 file:py-1"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
            <p className="mt-1 text-xs text-ink-500">Separado por ponto e vírgula (no Excel: “CSV UTF-8”), até 20 MB e 50.000 linhas. A análise não muda nada na loja.</p>
          </div>
          <button type="submit" className="adm-btn" disabled={sending || !file}>
            {sending ? 'Analisando…' : 'Analisar arquivo'}
          </button>
        </form>
      ) : null}
      <ErrorNotice message={erro} />

      {view && r ? (
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
            {formatCount(r.linhas)} {r.linhas === 1 ? 'linha lida' : 'linhas lidas'} · codificação {r.codificacao} · separador {r.separador === '\t' ? 'tabulação' : `“${r.separador}”`}
            {r.linhasComErro ? ` · ${formatCount(r.produtosComErro)} ${r.produtosComErro === 1 ? 'produto será ignorado' : 'produtos serão ignorados'} por erro` : ''}
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
                <div className={`h-full rounded-full transition-[width] ${view.situacao === 'concluida' ? 'bg-pix-600' : 'bg-brand-600'}`} style={{ width: `${percent}%` }} />
              </div>
            </div>
          ) : null}

          {view.situacao === 'concluida' ? (
            <p role="status" className="mt-4 rounded-lg bg-pix-50 px-4 py-3 text-sm text-ink-900">
              Importação concluída: {formatCount(r.aplicacao.novos)} {r.aplicacao.novos === 1 ? 'produto novo' : 'produtos novos'} e {formatCount(r.aplicacao.alterados)}{' '}
              {r.aplicacao.alterados === 1 ? 'alterado' : 'alterados'}
              {applyErrors.length ? `; ${formatCount(applyErrors.length)} não aplicados (veja abaixo)` : ''}.
            </p>
          ) : null}

          <div className="mt-4 flex flex-wrap gap-2">
            {open ? (
              <>
                <button type="button" className="adm-btn" disabled={applying || view.total === 0} onClick={() => (view.situacao === 'aplicando' ? aplicar() : setConfirm('aplicar'))}>
                  {applying ? 'Aplicando…' : view.situacao === 'aplicando' ? 'Continuar' : view.total === 0 ? 'Nada a aplicar' : `Aplicar ${formatCount(view.total)} ${view.total === 1 ? 'produto' : 'produtos'}`}
                </button>
                {applying ? (
                  <button type="button" className="adm-btn-ghost" onClick={() => (stop.current = true)}>
                    Pausar
                  </button>
                ) : (
                  <button type="button" className="adm-btn-ghost" onClick={() => setConfirm('cancelar')}>
                    Cancelar importação
                  </button>
                )}
              </>
            ) : (
              <button type="button" className="adm-btn-ghost" onClick={() => setView(null)}>
                Importar outro arquivo
              </button>
            )}
          </div>

          {applyErrors.length ? <ErrorTable title="Não aplicados (mudaram depois da análise)" errors={applyErrors} /> : null}
          {r.erros.length ? <ErrorTable title={view.situacao === 'concluida' ? 'Linhas com erro (ignoradas)' : 'Linhas com erro (serão ignoradas)'} errors={r.erros} omitted={r.errosOmitidos} /> : null}
          {r.previa.length ? (
            <div className="mt-5">
              <h3 className="mb-2 font-semibold text-ink-900">Prévia {r.novos + r.alterados > r.previa.length ? `(os primeiros ${r.previa.length})` : ''}</h3>
              <div className="max-h-96 overflow-auto rounded-lg border border-ink-100">
                <table className="w-full text-left text-sm">
                  <thead className="sticky top-0 bg-white text-xs text-ink-500 uppercase">
                    <tr>
                      <th className="px-3 py-2">Linha</th>
                      <th className="px-3 py-2">SKU</th>
                      <th className="px-3 py-2">Título</th>
                      <th className="px-3 py-2">O que muda</th>
                    </tr>
                  </thead>
                  <tbody className="divide-y divide-ink-100">
                    {r.previa.map((p) => (
                      <tr key={p.sku}>
                        <td className="px-3 py-2 text-ink-500">{p.linha}</td>
                        <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{p.sku}</td>
                        <td className="max-w-[16rem] truncate px-3 py-2">{p.titulo}</td>
                        <td className="px-3 py-2">{p.tipo === 'novo' ? <span className="font-medium text-brand-700">novo</span> : p.mudancas.map((m) => MUDANCAS[m] ?? m).join(', ')}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            </div>
          ) : null}
        </section>
      ) : null}

      <details className="adm-card p-4 text-sm">
        <summary className="cursor-pointer font-semibold text-ink-900">Colunas da planilha</summary>
        <p className="mt-2 text-ink-500">
          Um produto por linha; um produto com variações ocupa uma linha por opção, com o mesmo SKU. Uma coluna que não está no arquivo fica como está na loja. Produtos são aplicados em lotes de{' '}
          {CATALOG_IMPORT_BATCH}: um erro nunca grava metade de um produto.
        </p>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full text-left">
            <tbody className="divide-y divide-ink-100">
              {CATALOG_COLUMNS.map((c) => (
                <tr key={c.name}>
                  <th scope="row" className="py-2 pr-3 align-top font-mono text-xs whitespace-nowrap text-ink-900">
                    {c.name}
                    {c.required ? <span className="ml-1 text-danger-600">*</span> : null}
                  </th>
                  <td className="py-2 text-ink-700">{c.doc}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>

      <ConfirmDialog open={confirm === 'aplicar'} title="Aplicar a importação?" confirmLabel="Aplicar" onConfirm={aplicar} onClose={() => setConfirm(null)}>
        {view && r ? (
          <p>
            {formatCount(r.novos)} {r.novos === 1 ? 'produto novo será criado' : 'produtos novos serão criados'} e {formatCount(r.alterados)}{' '}
            {r.alterados === 1 ? 'alterado' : 'alterados'}, em lotes de {CATALOG_IMPORT_BATCH}.{r.linhasComErro ? ' As linhas com erro ficam de fora.' : ''} Mantenha a página aberta; se ela fechar, volte aqui e
            continue.
          </p>
        ) : null}
      </ConfirmDialog>
      <ConfirmDialog open={confirm === 'cancelar'} title="Cancelar a importação?" confirmLabel="Cancelar importação" danger onConfirm={cancelar} onClose={() => setConfirm(null)}>
        <p>O que já foi aplicado continua na loja; o restante do arquivo não será aplicado.</p>
      </ConfirmDialog>
    </>
  )
}

function Stat({ label, value, tone }: { label: string; value: number; tone?: 'brand' | 'danger' }) {
  return (
    <div className="rounded-lg border border-ink-100 px-3 py-2">
      <dt className="text-xs text-ink-500">{label}</dt>
      <dd className={`text-2xl font-bold ${tone === 'danger' ? 'text-danger-600' : tone === 'brand' ? 'text-brand-700' : 'text-ink-900'}`}>{formatCount(value)}</dd>
    </div>
  )
}

function ErrorTable({ title, errors, omitted = 0 }: { title: string; errors: ImportLineError[]; omitted?: number }) {
  const rest = errors.length - ERRORS_SHOWN + omitted
  return (
    <div className="mt-5">
      <h3 className="mb-2 font-semibold text-danger-600">{title}</h3>
      <div className="max-h-96 overflow-auto rounded-lg border border-ink-100">
        <table className="w-full text-left text-sm">
          <thead className="sticky top-0 bg-white text-xs text-ink-500 uppercase">
            <tr>
              <th className="px-3 py-2">Linha</th>
              <th className="px-3 py-2">SKU</th>
              <th className="px-3 py-2">Motivo</th>
            </tr>
          </thead>
          <tbody className="divide-y divide-ink-100">
            {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
              <tr key={`${e.linha}-${i}`}>
                <td className="px-3 py-2 align-top text-ink-500">{e.linha}</td>
                <td className="px-3 py-2 align-top font-mono text-xs whitespace-nowrap">{e.sku ?? '—'}</td>
                <td className="px-3 py-2 text-ink-900">{e.motivo}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      {rest > 0 ? <p className="mt-2 text-sm text-ink-500">E mais {formatCount(rest)} erros não mostrados: corrija estes e analise de novo.</p> : null}
    </div>
  )
}
