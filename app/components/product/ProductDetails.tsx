import { EmptyStars, Stars, formatRating, reviewCount } from './Stars'
import type { Avaliacoes } from '../../../contract/after-sale'
import type { ProductDetail } from '../../../contract/catalog'

/** Styling for the server-sanitised description (p, br, strong, em, lists, h3/h4, tables). */
const richText =
  'text-[15px] leading-relaxed text-ink-700 [&_h3]:mt-5 [&_h3]:mb-2 [&_h3]:text-lg [&_h3]:font-bold [&_h3]:text-ink-900 [&_h4]:mt-4 [&_h4]:mb-1.5 [&_h4]:font-semibold [&_h4]:text-ink-900 [&_p]:my-3 [&_ul]:my-3 [&_ul]:list-disc [&_ul]:space-y-1 [&_ul]:pl-5 [&_ol]:my-3 [&_ol]:list-decimal [&_ol]:pl-5 [&_strong]:font-semibold [&_strong]:text-ink-900 [&_table]:my-3 [&_table]:w-full [&_table]:text-sm [&_td]:border [&_td]:border-ink-100 [&_td]:px-2 [&_td]:py-1 [&_th]:border [&_th]:border-ink-100 [&_th]:bg-ink-50 [&_th]:px-2 [&_th]:py-1 [&_th]:text-left'

const card = 'rounded-card bg-white p-4 shadow-card ring-1 ring-ink-100 sm:p-6'
const heading = 'mb-3 flex items-center gap-2.5 text-lg font-extrabold tracking-wide text-ink-900 uppercase'
const bar = <span className="h-5 w-1.5 rounded-full bg-accent-500" aria-hidden="true" />

/** Description: only the server-sanitised HTML (server/domain/catalog/sanitize.ts) is rendered as HTML. */
export function ProductDescription({ desc }: { desc: string }) {
  return (
    <section aria-labelledby="descricao" className={card}>
      <h2 id="descricao" className={heading}>
        {bar}
        Descrição do produto
      </h2>
      {desc.trim() ? (
        <div className={richText} data-testid="product-description" dangerouslySetInnerHTML={{ __html: desc }} />
      ) : (
        <p className="text-ink-500">Este produto ainda não tem descrição.</p>
      )}
    </section>
  )
}

/** Rows of the specifications table: the product's own, then the package dimensions and weight. */
export function specRows(detail: Pick<ProductDetail, 'especificacoes' | 'espec'>): Array<{ nome: string; valor: string }> {
  const { altu, comp, larg, peso } = detail.espec
  const pack = [
    { nome: 'Altura da embalagem', valor: altu },
    { nome: 'Comprimento da embalagem', valor: comp },
    { nome: 'Largura da embalagem', valor: larg },
    { nome: 'Peso com embalagem', valor: peso },
  ].filter((r) => r.valor)
  return [...detail.especificacoes.filter((r) => r.nome && r.valor), ...pack]
}

export function ProductSpecs({ detail }: { detail: Pick<ProductDetail, 'especificacoes' | 'espec'> }) {
  const rows = specRows(detail)
  if (rows.length === 0) return null
  return (
    <section aria-labelledby="especificacoes" className={card}>
      <h2 id="especificacoes" className={heading}>
        {bar}
        Especificações técnicas
      </h2>
      <table className="w-full text-sm">
        <tbody>
          {rows.map((r, i) => (
            <tr key={`${r.nome}-${i}`} className="odd:bg-ink-50">
              <th scope="row" className="w-2/5 px-3 py-2 text-left align-top font-semibold text-ink-900">
                {r.nome}
              </th>
              <td className="px-3 py-2 text-ink-700">{r.valor}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  )
}

const dateFormat = new Intl.DateTimeFormat('pt-BR', { day: '2-digit', month: 'long', year: 'numeric', timeZone: 'America/Sao_Paulo' })

/**
 * The reviews block: average, count, distribution and the approved reviews with
 * the store's replies. Texts are shown as text (escaped by React, links not clickable). Without an
 * approved review it stays the required empty block: 'Sem avaliações', 'Não há comentários'.
 */
export function ProductReviews({ avaliacoes }: { avaliacoes?: Avaliacoes }) {
  return (
    <section aria-labelledby="avaliacoes" className={card}>
      <h2 id="avaliacoes" className={heading}>
        {bar}
        Avaliações
      </h2>
      {avaliacoes ? (
        <ReviewList avaliacoes={avaliacoes} />
      ) : (
        <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
          <div className="flex items-center gap-3 rounded-lg bg-ink-50 px-4 py-3">
            <span className="text-3xl font-extrabold text-ink-500">0,0</span>
            <span>
              <EmptyStars size={16} />
              <span className="text-sm font-semibold text-ink-700">Sem avaliações</span>
            </span>
          </div>
          <p className="text-sm text-ink-500">Não há comentários</p>
        </div>
      )}
    </section>
  )
}

function ReviewList({ avaliacoes: a }: { avaliacoes: Avaliacoes }) {
  return (
    <div className="flex flex-col gap-5 md:flex-row md:items-start">
      <div className="flex shrink-0 flex-col gap-3 rounded-lg bg-ink-50 px-4 py-3 md:w-64">
        <div className="flex items-center gap-3">
          <span className="text-3xl font-extrabold text-ink-900">{formatRating(a.media)}</span>
          <span>
            <Stars value={a.media} size={16} />
            <span className="block text-sm font-semibold text-ink-700">
              <span className="sr-only">Nota média {formatRating(a.media)} de 5, </span>
              {reviewCount(a.qtd)}
            </span>
          </span>
        </div>
        <ul className="flex flex-col gap-1 text-xs text-ink-700" aria-label="Distribuição das notas">
          {[5, 4, 3, 2, 1].map((n) => {
            const qtd = a.distribuicao[n - 1] ?? 0
            return (
              <li key={n} className="flex items-center gap-2">
                <span className="w-16">
                  {n} {n === 1 ? 'estrela' : 'estrelas'}
                </span>
                <span className="h-2 flex-1 overflow-hidden rounded-full bg-ink-100" aria-hidden="true">
                  <span className="block h-full bg-amber-500" style={{ width: `${a.qtd ? (qtd / a.qtd) * 100 : 0}%` }} />
                </span>
                <span className="w-6 text-right">{qtd}</span>
              </li>
            )
          })}
        </ul>
      </div>
      <ol className="flex flex-1 flex-col divide-y divide-ink-100">
        {a.lista.map((r, i) => (
          <li key={`${r.data}-${i}`} className="py-3 first:pt-0" data-testid="review">
            <div className="flex flex-wrap items-center gap-2">
              <Stars value={r.nota} size={14} />
              <span className="sr-only">Nota {r.nota} de 5</span>
              <h3 className="font-semibold text-ink-900">{r.titulo}</h3>
            </div>
            <p className="mt-0.5 text-xs text-ink-500">
              {r.autor} · {dateFormat.format(new Date(r.data))} · <span className="font-semibold text-pix-600">Compra verificada</span>
            </p>
            <p className="mt-2 text-sm whitespace-pre-line text-ink-700 [overflow-wrap:anywhere]">{r.texto}</p>
            {r.resposta ? (
              <div className="mt-2 rounded-md border-l-4 border-brand-500 bg-brand-50 px-3 py-2 text-sm text-ink-700">
                <p className="text-xs font-bold text-brand-700">Resposta da loja</p>
                <p className="whitespace-pre-line [overflow-wrap:anywhere]">{r.resposta}</p>
              </div>
            ) : null}
          </li>
        ))}
      </ol>
    </div>
  )
}
