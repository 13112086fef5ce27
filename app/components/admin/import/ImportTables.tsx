import type { ReactNode } from 'react'
import { CATALOG_COLUMNS, CATALOG_IMPORT_BATCH, type ImportLineError, type ImportReport } from '../../../../contract/admin/catalog-columns'
import { formatCount } from '~/lib/money'

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

/** One count of the dry run. */
export function Stat({ label, value, tone }: { label: string; value: number; tone?: 'brand' | 'danger' }) {
  return (
    <div className="rounded-lg border border-ink-100 px-3 py-2">
      <dt className="text-xs text-ink-500">{label}</dt>
      <dd className={`text-2xl font-bold ${tone === 'danger' ? 'text-danger-600' : tone === 'brand' ? 'text-brand-700' : 'text-ink-900'}`}>
        {formatCount(value)}
      </dd>
    </div>
  )
}

/** Lines left out, each with its reason (the first 200; the rest counted). */
export function ErrorTable({ title, errors, omitted = 0 }: { title: string; errors: ImportLineError[]; omitted?: number }) {
  const rest = errors.length - ERRORS_SHOWN + omitted
  return (
    <div className="mt-5">
      <h3 className="mb-2 font-semibold text-danger-600">{title}</h3>
      <ScrollTable headers={['Linha', 'SKU', 'Motivo']}>
        {errors.slice(0, ERRORS_SHOWN).map((e, i) => (
          <tr key={`${e.linha}-${i}`}>
            <td className="px-3 py-2 align-top text-ink-500">{e.linha}</td>
            <td className="px-3 py-2 align-top font-mono text-xs whitespace-nowrap">{e.sku ?? '—'}</td>
            <td className="px-3 py-2 text-ink-900">{e.motivo}</td>
          </tr>
        ))}
      </ScrollTable>
      {rest > 0 ? <p className="mt-2 text-sm text-ink-500">E mais {formatCount(rest)} erros não mostrados: corrija estes e analise de novo.</p> : null}
    </div>
  )
}

/** The first products to apply, with what changes in each. */
export function Preview({ report }: { report: ImportReport }) {
  const r = report
  return (
    <div className="mt-5">
      <h3 className="mb-2 font-semibold text-ink-900">Prévia {r.novos + r.alterados > r.previa.length ? `(os primeiros ${r.previa.length})` : ''}</h3>
      <ScrollTable headers={['Linha', 'SKU', 'Título', 'O que muda']}>
        {r.previa.map((p) => (
          <tr key={p.sku}>
            <td className="px-3 py-2 text-ink-500">{p.linha}</td>
            <td className="px-3 py-2 font-mono text-xs whitespace-nowrap">{p.sku}</td>
            <td className="max-w-[16rem] truncate px-3 py-2">{p.titulo}</td>
            <td className="px-3 py-2">
              {p.tipo === 'novo' ? <span className="font-medium text-brand-700">novo</span> : p.mudancas.map((m) => MUDANCAS[m] ?? m).join(', ')}
            </td>
          </tr>
        ))}
      </ScrollTable>
    </div>
  )
}

/** The spreadsheet's columns, from contract/admin/catalog-columns.ts. */
export function ColumnsHelp() {
  return (
    <details className="adm-card p-4 text-sm">
      <summary className="cursor-pointer font-semibold text-ink-900">Colunas da planilha</summary>
      <p className="mt-2 text-ink-500">
        Um produto por linha; um produto com variações ocupa uma linha por opção, com o mesmo SKU. Uma coluna que não está no arquivo fica como está na loja.
        Produtos são aplicados em lotes de {CATALOG_IMPORT_BATCH}: um erro nunca grava metade de um produto.
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
  )
}

/** A short table of the import's lines: a scrolling box with the header row kept in view. */
function ScrollTable({ headers, children }: { headers: string[]; children: ReactNode }) {
  return (
    <div className="max-h-96 overflow-auto rounded-lg border border-ink-100">
      <table className="w-full text-left text-sm">
        <thead className="sticky top-0 bg-white text-xs text-ink-500 uppercase">
          <tr>
            {headers.map((h) => (
              <th key={h} className="px-3 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-ink-100">{children}</tbody>
      </table>
    </div>
  )
}
