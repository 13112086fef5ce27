import { EmptyStars } from './Stars'
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

/** The reviews block, empty for now (spec §2): 'Sem avaliações', 'Não há comentários'. */
export function ProductReviews() {
  return (
    <section aria-labelledby="avaliacoes" className={card}>
      <h2 id="avaliacoes" className={heading}>
        {bar}
        Avaliações
      </h2>
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
    </section>
  )
}
