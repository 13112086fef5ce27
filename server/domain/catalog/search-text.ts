import { foldText } from '../../lib/text'

/**
 * What writers (seed, import) store in products.search_title / search_body: accent-free lower-case
 * text. The title is weighted A in search_tsv; brand, category and specifications B.
 */
export function searchColumns(product: {
  titulo: string
  marca?: string | null
  categorias?: ReadonlyArray<string>
  especificacoes?: ReadonlyArray<{ nome: string; valor: string }>
}): { searchTitle: string; searchBody: string } {
  const fold = (s: string) => foldText(s).replace(/\s+/g, ' ').trim()
  const body = [product.marca ?? '', ...(product.categorias ?? []), ...(product.especificacoes ?? []).map((e) => `${e.nome} ${e.valor}`)]
  return { searchTitle: fold(product.titulo), searchBody: fold(body.filter(Boolean).join(' ')) }
}
