import { useEffect, useState } from 'react'
import { Form, Link, data, useNavigation, useRevalidator } from 'react-router'
import {
  PRODUCT_BULK_MAX,
  PRODUCT_SORT_NAMES,
  PRODUCT_SORTS,
  PRODUCT_STOCK_FILTER_NAMES,
  PRODUCT_STOCK_FILTERS,
  productListQuerySchema,
} from '../../../contract/admin/products'
import { catalogChoices, listAdminProducts, type PricePreview } from '../../../server/domain/catalog/admin/products'
import { isRefusal } from '../../../server/domain/refusal'
import { can } from '../../../server/domain/staff/permissions'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { EmptyState } from '~/components/admin/EmptyState'
import { ErrorNotice } from '~/components/admin/PageBits'
import { PageHeader } from '~/components/admin/PageHeader'
import { adminCall } from '~/lib/admin-api'
import { requireStaffPage } from '~/lib/admin.server'
import { imageUrl } from '~/lib/image'
import { formatBRL, formatCount } from '~/lib/money'
import { toast } from '~/lib/toast'
import type { Route } from './+types/produtos'

/** /admin/produtos — the catalog, filtered, searched and sorted by the URL, a keyset page at a time. */
export async function loader({ context, request }: Route.LoaderArgs) {
  const me = await requireStaffPage(context, request, 'catalog:read')
  const url = new URL(request.url)
  const raw = Object.fromEntries(url.searchParams)
  const choices = await catalogChoices(context.db)
  const canWrite = can(me.role, 'catalog:write')
  const parsed = productListQuerySchema.safeParse(raw)
  if (!parsed.success) return data({ raw, erro: parsed.error.issues[0]?.message ?? 'Filtro inválido.', list: null, choices, canWrite }, { status: 400 })
  const list = await listAdminProducts(context.db, parsed.data)
  if (isRefusal(list)) return data({ raw, erro: list.message, list: null, choices, canWrite }, { status: 400 })
  return { raw, erro: null, list, choices, canWrite }
}

export const meta: Route.MetaFunction = () => [{ title: 'Produtos | Painel Vitrine' }, { name: 'robots', content: 'noindex, nofollow' }]

type Row = NonNullable<Route.ComponentProps['loaderData']['list']>['rows'][number]

/** The page's URL with some parameters changed (undefined removes one). */
function withParams(raw: Record<string, string>, change: Record<string, string | undefined>): string {
  const params = new URLSearchParams()
  for (const [k, v] of Object.entries({ ...raw, ...change })) if (v) params.set(k, v)
  const q = params.toString()
  return q ? `?${q}` : '?'
}

const brl = (cents: number | null) => (cents == null ? '—' : formatBRL(cents / 100))

function StockBadge({ row }: { row: Row }) {
  const tone = row.estoque <= 0 ? 'bg-danger-600/10 text-danger-600' : row.estoque < 8 ? 'bg-accent-400/15 text-ink-700' : 'bg-pix-50 text-pix-600'
  const label = row.estoque <= 0 ? 'Esgotado' : formatCount(row.estoque)
  return (
    <span className={`inline-block rounded px-1.5 py-0.5 text-xs font-semibold whitespace-nowrap ${tone}`} title={row.variacoes ? 'Soma das opções ativas' : undefined}>
      {label}
      {row.variacoes ? <span className="hidden font-normal sm:inline"> (opções)</span> : null}
    </span>
  )
}

type Bulk = null | { kind: 'ativar' | 'desativar' | 'categoria' } | { kind: 'preco'; preview: PricePreview }

export default function Produtos({ loaderData }: Route.ComponentProps) {
  const { raw, erro, list, choices, canWrite } = loaderData
  const navigation = useNavigation()
  const revalidator = useRevalidator()
  const loading = navigation.state === 'loading' && navigation.location.pathname === '/admin/produtos'
  const filters: Record<string, string> = Object.fromEntries(Object.entries(raw as Record<string, string>).filter(([k, v]) => v && k !== 'apos' && k !== 'antes'))
  const rows = list?.rows ?? []
  const [selected, setSelected] = useState<Set<number>>(new Set())
  const [bulk, setBulk] = useState<Bulk>(null)
  const [busy, setBusy] = useState(false)
  const [category, setCategory] = useState('')
  const [percent, setPercent] = useState('')
  const [bulkError, setBulkError] = useState<string | null>(null)
  const activeFilters = ['categoria', 'marca', 'ativo', 'estoque', 'video', 'atacado'].filter((k) => filters[k]).length
  const [moreFilters, setMoreFilters] = useState(false)
  // A new page or filter starts with no selection.
  useEffect(() => setSelected(new Set()), [list])

  const count = list ? `${list.totalCapped ? 'mais de ' : ''}${formatCount(list.total)} ${list.total === 1 ? 'produto' : 'produtos'}` : ''
  const allOnPage = rows.length > 0 && rows.every((r) => selected.has(r.id))
  const toggle = (id: number) =>
    setSelected((s) => {
      const next = new Set(s)
      if (next.has(id)) next.delete(id)
      else next.add(id)
      return next
    })
  const ids = [...selected]

  async function run(acao: 'ativar' | 'desativar' | 'categoria' | 'preco', aplicar: boolean) {
    setBusy(true)
    setBulkError(null)
    const percentual = Number(percent.replace(',', '.'))
    const result = await adminCall('produtosLote', {
      ids,
      acao,
      ...(acao === 'categoria' ? { categoria: Number(category) } : {}),
      ...(acao === 'preco' ? { percentual, aplicar } : {}),
    })
    setBusy(false)
    if (!result.ok) {
      setBulkError(result.msg)
      toast.error(result.msg)
      return
    }
    const answer = result.data as unknown as { alterados: number; preview?: PricePreview; aplicado: boolean }
    if (acao === 'preco' && !aplicar && answer.preview) {
      setBulk({ kind: 'preco', preview: answer.preview })
      return
    }
    toast.success(`${formatCount(answer.alterados)} ${answer.alterados === 1 ? 'produto alterado' : 'produtos alterados'}.`)
    setBulk(null)
    setSelected(new Set())
    revalidator.revalidate()
  }

  return (
    <>
      <PageHeader
        title="Produtos"
        description={count || 'Busque, filtre e edite os produtos da loja.'}
        actions={
          <>
            {/* The CSV of what the filters show (the spreadsheet's columns: docs/catalogo.md). */}
            <a href={`/admin/api/catalogo.csv${withParams(filters, {}).replace(/^\?$/, '')}`} className="adm-btn-ghost" download>
              Exportar CSV
            </a>
            {canWrite ? (
              <>
                <Link to="/admin/produtos/importar" className="adm-btn-ghost">
                  Importar planilha
                </Link>
                <Link to="/admin/produtos/novo" className="adm-btn">
                  Novo produto
                </Link>
              </>
            ) : null}
          </>
        }
      />
      <Form method="get" className="adm-card mb-4 grid gap-3 p-4 sm:grid-cols-2 lg:grid-cols-6" aria-label="Filtros">
        <div className="sm:col-span-2">
          <label htmlFor="f-q" className="adm-label">
            Busca
          </label>
          <input id="f-q" name="q" type="search" defaultValue={raw.q ?? ''} placeholder="Título, código (SKU) ou marca" className="adm-input" minLength={2} maxLength={100} />
        </div>
        {/* On a phone the filters beyond the search open on demand. */}
        <div id="f-mais" className={`${moreFilters ? 'grid' : 'hidden'} gap-3 sm:contents`}>
          <div className="sm:col-span-2">
            <label htmlFor="f-categoria" className="adm-label">
              Categoria
            </label>
            <select id="f-categoria" name="categoria" defaultValue={raw.categoria ?? ''} className="adm-input">
              <option value="">Todas</option>
              {choices.categorias.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.nome}
                </option>
              ))}
            </select>
          </div>
          <div className="sm:col-span-2">
            <label htmlFor="f-marca" className="adm-label">
              Marca
            </label>
            <select id="f-marca" name="marca" defaultValue={raw.marca ?? ''} className="adm-input">
              <option value="">Todas</option>
              {choices.marcas.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.nome}
                </option>
              ))}
            </select>
          </div>
          <YesNo id="f-ativo" name="ativo" label="Situação" value={raw.ativo} yes="Ativos" no="Inativos" />
          <div>
            <label htmlFor="f-estoque" className="adm-label">
              Estoque
            </label>
            <select id="f-estoque" name="estoque" defaultValue={raw.estoque ?? ''} className="adm-input">
              <option value="">Todos</option>
              {PRODUCT_STOCK_FILTERS.map((s) => (
                <option key={s} value={s}>
                  {PRODUCT_STOCK_FILTER_NAMES[s]}
                </option>
              ))}
            </select>
          </div>
          <YesNo id="f-video" name="video" label="Vídeo" value={raw.video} yes="Com vídeo" no="Sem vídeo" />
          <YesNo id="f-atacado" name="atacado" label="Atacado" value={raw.atacado} yes="Com atacado" no="Sem atacado" />
          <div className="sm:col-span-2">
            <label htmlFor="f-ordem" className="adm-label">
              Ordem
            </label>
            <select id="f-ordem" name="ordem" defaultValue={raw.ordem ?? 'recentes'} className="adm-input">
              {PRODUCT_SORTS.map((s) => (
                <option key={s} value={s}>
                  {PRODUCT_SORT_NAMES[s]}
                </option>
              ))}
            </select>
          </div>
        </div>
        <div className="flex items-end gap-2 sm:col-span-2 lg:col-span-6 lg:justify-end">
          <button type="button" className="adm-btn-ghost mr-auto sm:hidden" aria-expanded={moreFilters} aria-controls="f-mais" onClick={() => setMoreFilters((v) => !v)}>
            {moreFilters ? 'Menos filtros' : `Mais filtros${activeFilters ? ` (${activeFilters})` : ''}`}
          </button>
          <button type="submit" className="adm-btn">
            Filtrar
          </button>
          <Link to="/admin/produtos" className="adm-btn-ghost">
            Limpar
          </Link>
        </div>
      </Form>
      <ErrorNotice message={erro} />

      {canWrite && selected.size > 0 ? (
        <section aria-label="Ações em lote" className="adm-card sticky top-1 z-10 mb-3 flex flex-wrap items-end gap-3 border border-brand-100 p-3">
          <p className="w-full text-sm font-semibold text-ink-900 sm:w-auto sm:self-center">
            {formatCount(selected.size)} {selected.size === 1 ? 'selecionado' : 'selecionados'}
          </p>
          <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => setBulk({ kind: 'ativar' })}>
            Ativar
          </button>
          <button type="button" className="adm-btn-ghost" disabled={busy} onClick={() => setBulk({ kind: 'desativar' })}>
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
            <button type="button" className="adm-btn-ghost" disabled={busy || !category} onClick={() => setBulk({ kind: 'categoria' })}>
              Mover
            </button>
          </div>
          <div className="flex items-end gap-2">
            <div>
              <label htmlFor="b-percentual" className="adm-label">
                Preços (%)
              </label>
              <input id="b-percentual" className="adm-input w-24" inputMode="decimal" placeholder="ex.: -10" value={percent} onChange={(e) => setPercent(e.target.value)} />
            </div>
            <button type="button" className="adm-btn-ghost" disabled={busy || !percent.trim()} onClick={() => run('preco', false)}>
              Pré-visualizar
            </button>
          </div>
          {bulkError ? (
            <p role="alert" className="w-full text-sm text-danger-600">
              {bulkError}
            </p>
          ) : null}
        </section>
      ) : null}

      <div className="adm-card overflow-x-auto" aria-busy={loading || undefined}>
        <table className={`w-full border-collapse text-left text-sm ${loading ? 'opacity-60' : ''}`}>
          <caption className="sr-only">Produtos</caption>
          <thead>
            <tr className="border-b border-ink-100 bg-ink-50 text-xs tracking-wide text-ink-500 uppercase">
              {canWrite ? (
                <th scope="col" className="w-10 px-3 py-3">
                  <input
                    type="checkbox"
                    aria-label="Selecionar todos desta página"
                    checked={allOnPage}
                    onChange={() => setSelected((s) => (allOnPage ? new Set([...s].filter((id) => !rows.some((r) => r.id === id))) : new Set([...s, ...rows.map((r) => r.id)].slice(0, PRODUCT_BULK_MAX))))}
                  />
                </th>
              ) : null}
              <th scope="col" className="px-3 py-3 font-semibold">
                Produto
              </th>
              <th scope="col" className="hidden px-3 py-3 font-semibold md:table-cell">
                Categoria · Marca
              </th>
              <th scope="col" className="px-3 py-3 text-right font-semibold">
                Preço
              </th>
              <th scope="col" className="hidden px-3 py-3 text-right font-semibold sm:table-cell">
                Estoque
              </th>
              <th scope="col" className="hidden px-3 py-3 font-semibold sm:table-cell">
                Situação
              </th>
            </tr>
          </thead>
          <tbody>
            {rows.length === 0 ? (
              <tr>
                <td colSpan={canWrite ? 6 : 5}>
                  <EmptyState title="Nenhum produto encontrado com estes filtros." />
                </td>
              </tr>
            ) : (
              rows.map((p) => (
                <tr key={p.id} className={`border-b border-ink-100 align-top last:border-0 hover:bg-brand-50/40 ${selected.has(p.id) ? 'bg-brand-50/60' : ''}`}>
                  {canWrite ? (
                    <td className="px-3 py-3">
                      <input type="checkbox" aria-label={`Selecionar ${p.titulo}`} checked={selected.has(p.id)} onChange={() => toggle(p.id)} />
                    </td>
                  ) : null}
                  <td className="px-3 py-3">
                    <div className="flex gap-3">
                      {p.img ? (
                        <img src={imageUrl(p.img, { width: 160, quality: 70 })} alt="" width={40} height={40} loading="lazy" className="hidden h-10 w-10 shrink-0 rounded object-contain ring-1 ring-ink-100 sm:block" />
                      ) : (
                        <span aria-hidden="true" className="hidden h-10 w-10 shrink-0 rounded bg-ink-50 ring-1 ring-ink-100 sm:block" />
                      )}
                      <span className="min-w-0">
                        <Link to={`/admin/produtos/${p.id}`} className="line-clamp-2 font-semibold text-brand-700 hover:underline">
                          {p.titulo}
                        </Link>
                        <span className="block text-xs text-ink-500">
                          {p.sku}
                          {p.video ? ' · vídeo' : ''}
                          {p.atacado ? ' · atacado' : ''}
                          <span className="sm:hidden">{p.ativo ? '' : ' · inativo'}</span>
                        </span>
                      </span>
                    </div>
                  </td>
                  <td className="hidden px-3 py-3 md:table-cell">
                    <span className="block max-w-[14rem] truncate">{p.categoria}</span>
                    <span className="block max-w-[14rem] truncate text-xs text-ink-500">{p.marca ?? 'Sem marca'}</span>
                  </td>
                  <td className="px-3 py-3 text-right whitespace-nowrap tabular-nums">
                    {p.precoDeCents != null && p.precoDeCents > p.precoCents ? <s className="block text-xs text-ink-500">{brl(p.precoDeCents)}</s> : null}
                    {brl(p.precoCents)}
                    {/* On a phone the stock goes under the price (its column is hidden). */}
                    <span className="mt-1 block sm:hidden">
                      <StockBadge row={p} />
                    </span>
                  </td>
                  <td className="hidden px-3 py-3 text-right sm:table-cell">
                    <StockBadge row={p} />
                  </td>
                  <td className="hidden px-3 py-3 sm:table-cell">
                    {p.ativo ? <span className="text-pix-600">Ativo</span> : <span className="text-ink-500">Inativo</span>}
                  </td>
                </tr>
              ))
            )}
          </tbody>
        </table>
      </div>
      {list && (list.prev || list.next) ? (
        <nav aria-label="Páginas" className="mt-4 flex items-center justify-between gap-2">
          {list.prev ? (
            <Link to={withParams(filters, { antes: list.prev })} className="adm-btn-ghost" rel="prev">
              ← Anteriores
            </Link>
          ) : (
            <span />
          )}
          {list.next ? (
            <Link to={withParams(filters, { apos: list.next })} className="adm-btn-ghost" rel="next">
              Próximos →
            </Link>
          ) : null}
        </nav>
      ) : null}

      <ConfirmDialog
        open={bulk != null && bulk.kind !== 'preco'}
        title={bulk?.kind === 'ativar' ? 'Ativar produtos' : bulk?.kind === 'desativar' ? 'Desativar produtos' : 'Mudar categoria'}
        confirmLabel={bulk?.kind === 'ativar' ? 'Ativar' : bulk?.kind === 'desativar' ? 'Desativar' : 'Mover'}
        busy={busy}
        onClose={() => setBulk(null)}
        onConfirm={() => bulk && bulk.kind !== 'preco' && run(bulk.kind, true)}
      >
        {bulk?.kind === 'categoria'
          ? `Mover ${formatCount(selected.size)} ${selected.size === 1 ? 'produto' : 'produtos'} para "${choices.categorias.find((c) => String(c.id) === category)?.nome ?? ''}"?`
          : `${bulk?.kind === 'ativar' ? 'Ativar' : 'Desativar'} ${formatCount(selected.size)} ${selected.size === 1 ? 'produto' : 'produtos'}? ${bulk?.kind === 'desativar' ? 'Eles saem da loja na hora.' : 'Eles voltam à loja na hora.'}`}
      </ConfirmDialog>

      <ConfirmDialog
        open={bulk?.kind === 'preco'}
        title={`Mudar preços em ${percent.trim()} %`}
        confirmLabel="Aplicar novos preços"
        busy={busy}
        onClose={() => setBulk(null)}
        onConfirm={() => run('preco', true)}
      >
        {bulk?.kind === 'preco' ? (
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
                  {bulk.preview.map((r) => (
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
                        {brl(r.antes)} → <strong>{brl(r.depois)}</strong>
                        {r.deAntes != null ? (
                          <span className="block text-ink-500">
                            de {brl(r.deAntes)} → {r.deDepois == null ? 'sem "de"' : brl(r.deDepois)}
                          </span>
                        ) : null}
                      </td>
                    </tr>
                  ))}
                </tbody>
              </table>
            </div>
          </>
        ) : null}
      </ConfirmDialog>
    </>
  )
}

function YesNo({ id, name, label, value, yes, no }: { id: string; name: string; label: string; value: string | undefined; yes: string; no: string }) {
  return (
    <div>
      <label htmlFor={id} className="adm-label">
        {label}
      </label>
      <select id={id} name={name} defaultValue={value ?? ''} className="adm-input">
        <option value="">Todos</option>
        <option value="sim">{yes}</option>
        <option value="nao">{no}</option>
      </select>
    </div>
  )
}
