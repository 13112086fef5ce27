import { sql, type SQL } from 'drizzle-orm'
import { SEARCH_PAGE_SIZE, SEARCH_TERM_MAX, type PesquisaQuery, type PesquisaResponse } from '../../../contract/catalog'
import { foldText } from '../../lib/text'
import { loadCards } from './cards'
import { EMPTY_PAGE, pageOfProducts, type PageResult } from './listing'
import { pricingRules, type CatalogDeps } from './rules'
import { rememberSearch } from '../session/search-history'
import { cleanText, rows } from '../../db/sql'
import { getVocabulary, suggestTerm } from './vocabulary'

/** Under this many results the search also tries near spellings and offers a "did you mean" (vqd). */
export const FEW_RESULTS = 5
const MAX_TOKENS = 8

/** Whatever tells the visitor's session, if they have one (RequestContext.session fits). */
export type SessionSource = { current(): { id: string } | null }

export type NormalisedTerm = {
  /** What the shopper typed: trimmed, spaces collapsed, cut at 100 characters. */
  term: string
  /** Accent-free lower-case words the index is searched with (at most 8). */
  tokens: string[]
}

export function normalizeTerm(raw: string): NormalisedTerm {
  const collapsed = cleanText(raw).replace(/\s+/g, ' ').trim()
  const term = Array.from(collapsed).slice(0, SEARCH_TERM_MAX).join('').trim()
  const tokens = (foldText(term).match(/[a-z0-9]+/g) ?? []).slice(0, MAX_TOKENS)
  return { term, tokens }
}

/**
 * to_tsquery text for the words, all required, the last one also as a prefix ("smartph" finds
 * "smartphone"). Tokens are [a-z0-9]+ only, so no tsquery syntax can get in.
 */
export function tsqueryText(tokens: readonly string[]): string {
  return tokens.map((t, i) => (i === tokens.length - 1 && t.length >= 2 ? `${t}:*` : t)).join(' & ')
}

/** The same query restricted to title words (weight A of search_tsv): every word in the title. */
export function titleTsqueryText(tokens: readonly string[]): string {
  return tokens.map((t, i) => (i === tokens.length - 1 && t.length >= 2 ? `${t}:*A` : `${t}:A`)).join(' & ')
}

/** Any of the words (the last as a prefix): what a category or brand name must contain. */
const anyTsqueryText = (tokens: readonly string[]): string => tsqueryText(tokens).replaceAll(' & ', ' | ')

const tsq = (tokens: readonly string[]) => sql`to_tsquery('portuguese', ${tsqueryText(tokens)})`

/** Categories (with their subcategories) and brands whose names carry one of the words. */
type NamedFacets = { categories: number[]; brands: number[] }

async function facetsNamed(db: CatalogDeps['db'], tokens: readonly string[]): Promise<NamedFacets> {
  const any = sql`to_tsquery('portuguese', ${anyTsqueryText(tokens)})`
  const [row] = await rows<{ categories: string | null; brands: string | null }>(
    db,
    sql`WITH named AS (SELECT id FROM categories WHERE to_tsvector('portuguese', unaccent(titulo)) @@ ${any})
        SELECT (SELECT string_agg(id::text, ',') FROM categories WHERE id IN (SELECT id FROM named) OR parent_id IN (SELECT id FROM named)) AS categories,
               (SELECT string_agg(id::text, ',') FROM brands WHERE to_tsvector('portuguese', unaccent(titulo)) @@ ${any}) AS brands`,
  )
  const ids = (text: string | null | undefined) => (text ? text.split(',').map(Number) : [])
  return { categories: ids(row?.categories), brands: ids(row?.brands) }
}

/**
 * Relevance in tiers (decision 0062): every word in the title first, then products of a category or
 * brand the words name, then the rest (words found only in the specifications); within a tier the
 * full-text rank (title weight A over B) and a bonus for the phrase in the title.
 */
function rankOf(tokens: readonly string[], facets: NamedFacets): SQL {
  const list = (ids: number[]) =>
    sql.join(
      ids.map((id) => sql`${id}`),
      sql`, `,
    )
  const named = [
    ...(facets.categories.length ? [sql`p.category_id IN (${list(facets.categories)})`] : []),
    ...(facets.brands.length ? [sql`p.brand_id IN (${list(facets.brands)})`] : []),
  ]
  const inFacet = named.length ? sql.join(named, sql` OR `) : sql`false`
  const phrase = tokens.join(' ')
  return sql`CASE WHEN p.search_tsv @@ to_tsquery('portuguese', ${titleTsqueryText(tokens)}) THEN 20 WHEN ${inFacet} THEN 10 ELSE 0 END
    + ts_rank(p.search_tsv, ${tsq(tokens)}) + CASE WHEN strpos(p.search_title, ${phrase}) > 0 THEN 1 ELSE 0 END`
}

/**
 * GET /_next/api/pesquisa: Portuguese full-text search over titles, brands, categories and specs,
 * accent- and case-insensitive, the last word also as a prefix. When it finds little (< 5), `vqd`
 * suggests the closest catalog term and what that term finds joins the results. A non-blank term is
 * queued for the search history of the visitor's session when they have one (search-history.ts): a
 * search, a read, never creates a session row.
 */
export async function searchCatalog(deps: CatalogDeps, query: PesquisaQuery, session?: SessionSource | null): Promise<PesquisaResponse> {
  const { term, tokens } = normalizeTerm(query.p)
  const mine = term ? session?.current() : null
  // The history row is written in a batch; the answer does not wait for it.
  if (mine) void rememberSearch(deps.db, mine.id, term)
  const found = await findProducts(deps, tokens, query)
  const rules = pricingRules(deps.store)
  const data = await loadCards(deps.db, found.page.ids, rules, deps.tags)
  return [
    {
      data,
      ...(found.vqd ? { vqd: found.vqd } : {}),
      termo: term,
      total: found.page.total,
      pagina: found.page.pagina,
      paginas: found.page.paginas,
      categorias: found.page.categorias,
      marcas: found.page.marcas,
    },
  ]
}

async function findProducts(deps: CatalogDeps, tokens: string[], query: PesquisaQuery): Promise<{ page: PageResult; vqd?: string }> {
  if (tokens.length === 0) return { page: EMPTY_PAGE }
  const { db } = deps
  const typed = tsq(tokens)
  const common = {
    query,
    pageSize: SEARCH_PAGE_SIZE,
    facets: ['categorias', 'marcas'] as const,
    preferIndex: true,
    from: 'product_search' as const,
    tags: deps.tags,
  }
  const exact = await pageOfProducts(db, {
    ...common,
    where: sql`p.search_tsv @@ ${typed}`,
    rank: rankOf(tokens, await facetsNamed(db, tokens)),
  })
  if (exact.total >= FEW_RESULTS) return { page: exact }

  // Few or no results: correct the typed words against the title vocabulary (pg_trgm similarity)
  // and add what the corrected term finds, ranked after what was typed.
  const vqd = await getVocabulary(db)
    .then((v) => suggestTerm(v, tokens))
    .catch(() => undefined)
  if (!vqd) return { page: exact }
  const corrected = vqd.split(' ')
  const fixed = tsq(corrected)
  const page = await pageOfProducts(db, {
    ...common,
    where: sql`p.search_tsv @@ ${typed} OR p.search_tsv @@ ${fixed}`,
    rank: sql`CASE WHEN p.search_tsv @@ ${typed} THEN 100 + ${rankOf(tokens, await facetsNamed(db, tokens))} ELSE ${rankOf(corrected, await facetsNamed(db, corrected))} END`,
  })
  return { page, vqd }
}
