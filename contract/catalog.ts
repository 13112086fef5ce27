import { z } from 'zod'
import { avaliacoesSchema, notaCardSchema } from './after-sale'
import { erroSchema, reaisSchema, tituloLinkSchema } from './common'
import { promocaoCardSchema, promocaoOfertaSchema } from './promotions'
import { CATEGORIA_NAO_ENCONTRADA, MARCA_NAO_ENCONTRADA, NOT_A_VIEW_HEADER, PRODUTO_NAO_ENCONTRADO } from './messages/catalog'

// ───────────────────────────── query parameters ─────────────────────────────
// Paging, sorting and price junk never fails a request: anything malformed falls back to the default.

export const ORDENS = ['relevancia', 'menor-preco', 'maior-preco', 'mais-vendidos', 'novidades'] as const
export const ordemSchema = z.enum(ORDENS)
export type Ordem = z.infer<typeof ordemSchema>

export const SEARCH_PAGE_SIZE = 100
export const LISTING_PAGE_SIZE = 50
/** Longest search term the server looks at (longer input is cut, never refused). */
export const SEARCH_TERM_MAX = 100
export const MAX_PAGE = 10_000

/** A price in reais from the URL: "1500", "1500.5", "1500,50" or "1.500,50"; anything else is no limit. */
function parseReais(value: unknown): number | undefined {
  if (typeof value !== 'string') return undefined
  const s = value.trim().replace(/^R\$\s*/i, '')
  let n: number
  if (/^\d{1,9}([.,]\d{1,2})?$/.test(s)) n = Number(s.replace(',', '.'))
  else if (/^\d{1,3}(\.\d{3}){1,2}(,\d{1,2})?$/.test(s)) n = Number(s.replace(/\./g, '').replace(',', '.'))
  else return undefined
  return Number.isFinite(n) ? n : undefined
}

const paginaParam = z.preprocess((v) => {
  const n = typeof v === 'string' && /^\d{1,6}$/.test(v.trim()) ? Number(v.trim()) : 1
  return Math.min(Math.max(n, 1), MAX_PAGE)
}, z.number().int().min(1))

const ordemParam = ordemSchema.catch('relevancia')
const reaisParam = z.preprocess(parseReais, z.number().nonnegative().optional())

/** `pagina` (1-based), `ordem`, `min`/`max` in reais — shared by search and every listing. */
export const listingQuerySchema = z.object({
  pagina: paginaParam,
  ordem: ordemParam,
  min: reaisParam,
  max: reaisParam,
})
export type ListingQuery = z.infer<typeof listingQuerySchema>

/** GET /_next/api/pesquisa?p={term}&pagina=&ordem=&min=&max= */
export const pesquisaQuerySchema = listingQuerySchema.extend({
  p: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string()),
})
export type PesquisaQuery = z.infer<typeof pesquisaQuerySchema>

/** GET /_next/api/itens-categoria?id={ndi|token}&… */
export const itensCategoriaQuerySchema = listingQuerySchema.extend({
  id: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string()),
})
export type ItensCategoriaQuery = z.infer<typeof itensCategoriaQuerySchema>

/** GET /_next/api/detalhe-produto?id={link_real | hash | title} */
export const detalheProdutoQuerySchema = z.object({
  id: z.preprocess((v) => (typeof v === 'string' ? v : ''), z.string()),
})

export const BLOCOS = ['slider', 'ced', 'TopPdts', 'recentes'] as const
/** GET /_next/api/inicio?bloco=… (an unknown bloco is a 400). */
export const inicioQuerySchema = z.object({
  bloco: z.enum(BLOCOS, { error: 'Bloco desconhecido. Use slider, ced, TopPdts ou recentes.' }),
})
export type Bloco = z.infer<typeof inicioQuerySchema>['bloco']

// ───────────────────────────── product card ─────────────────────────────

const flag = z.union([z.literal(0), z.literal(1)])
const qtd = z.number().int().nonnegative()

/** One choosable option of a variation (e.g. "Preto"), with its own hash, price (reais) and stock. */
export const variacaoOpcaoSchema = z.object({ name: z.string(), hash: z.string(), valor: reaisSchema, qtd })
/** A variation axis (e.g. "Cor") and its options. */
export const variacaoSchema = z.object({ nome: z.string(), data: z.array(variacaoOpcaoSchema) })
export type Variacao = z.infer<typeof variacaoSchema>
export type VariacaoOpcao = z.infer<typeof variacaoOpcaoSchema>

/** Interest-free instalments: qtd× of valor (reais). */
export const parcelasSchema = z.object({ qtd: z.number().int().min(1), valor: reaisSchema })
export type Parcelas = z.infer<typeof parcelasSchema>

/**
 * Product card plus what a card shows besides: `hash`, the Pix price, instalments and the
 * wholesale unit price. `valor` is the list price in reais — for a product with variations, the lowest
 * option price. `img` is served by `/_next/img/{img}` ('' when the product has no image). `qtd` is the
 * total stock.
 */
export const productCardSchema = z.object({
  hash: z.string(),
  link_real: z.string(),
  img: z.string(),
  titulo: z.string(),
  valor: reaisSchema,
  qtd,
  video: flag,
  atacado: flag,
  categoria: tituloLinkSchema,
  /** `link` is the brand link (/marca/{link}/); both fields are '' for a product without brand. */
  marca: tituloLinkSchema,
  vari_pdt: z.array(variacaoSchema),
  valorPix: reaisSchema,
  parcelas: parcelasSchema,
  valorAtacado: reaisSchema.nullable(),
  /**
   * The "de" price shown struck through; absent unless set and above `valor`. Under a promotion, at
   * least `valor` (the card shows "de valorDe por promocao.valor").
   */
  valorDe: reaisSchema.optional(),
  /**
   * The automatic promotion running on it (docs/decisions/0127-promotions.md): its name and the price
   * of one unit with it; `valorPix`, `parcelas` and `valorAtacado` are then priced after it. Absent
   * when none runs.
   */
  promocao: promocaoCardSchema.optional(),
  /** Approved reviews' average and count; absent while the product has none. */
  nota: notaCardSchema.optional(),
})
export type ProductCard = z.infer<typeof productCardSchema>

/** A category in a breadcrumb or sub-list: links to /categoria/{ndi}. */
export const categoriaRefSchema = z.object({ titulo: z.string(), ndi: z.string() })
/** A sidebar facet: categories link by ndi, brands by brand link; qtd = matching products. */
export const facetaSchema = z.object({ titulo: z.string(), link: z.string(), qtd })
export type Faceta = z.infer<typeof facetaSchema>

const paginacao = {
  total: qtd,
  pagina: z.number().int().min(1),
  paginas: z.number().int().min(1),
}

// ───────────────────────────── home ─────────────────────────────

/** Slide image path is under /_next/static/. */
export const slideSchema = z.object({ imagem: z.string(), titulo: z.string(), link: z.string() })
export const categoriaDestaqueSchema = z.object({
  ndi: z.string(),
  titulo: z.string(),
  /** The featured product the image links to, and its first image (/_next/img/{imagem}). */
  link_real: z.string(),
  imagem: z.string(),
  /** Up to 6 products; titles are full (the UI cuts them with truncateAtWord(…, 25)). */
  data: z.array(z.object({ titulo: z.string(), link_real: z.string() })),
})
export type Slide = z.infer<typeof slideSchema>
export type CategoriaDestaque = z.infer<typeof categoriaDestaqueSchema>

export const inicioResponseSchemas = {
  slider: z.array(slideSchema),
  ced: z.array(categoriaDestaqueSchema).max(6),
  TopPdts: z.array(productCardSchema),
  recentes: z.array(productCardSchema),
} as const
export type InicioResponse<B extends Bloco> = z.infer<(typeof inicioResponseSchemas)[B]>

// ───────────────────────────── search ─────────────────────────────

export const pesquisaResultadoSchema = z.object({
  data: z.array(productCardSchema),
  /** "Did you mean": the closest catalog term, only when the search found little (< 5) or nothing. */
  vqd: z.string().optional(),
  /** The term as searched (trimmed, cut at 100 characters). */
  termo: z.string(),
  ...paginacao,
  categorias: z.array(facetaSchema),
  marcas: z.array(facetaSchema),
})
/** An array whose first (only) entry has data and optionally vqd. */
export const pesquisaResponseSchema = z.tuple([pesquisaResultadoSchema])
export type PesquisaResponse = z.infer<typeof pesquisaResponseSchema>

// ───────────────────────────── product detail ─────────────────────────────

export const atacadoSchema = z.union([z.literal(0), z.object({ min: z.number().int().min(1), valor: reaisSchema })])
export type Atacado = z.infer<typeof atacadoSchema>

export const productDetailSchema = z.object({
  hash: z.string(),
  link_real: z.string(),
  titulo: z.string().max(255),
  /** Sanitised HTML (p, br, strong, em, ul, ol, li, h3, h4, tables; no attributes). */
  desc: z.string(),
  valor: reaisSchema,
  qtd,
  video: z.array(z.object({ link: z.string(), mime: z.string() })),
  /** `alt`: the image's alternative text set in the back office, when it has one. */
  imgs: z.array(z.object({ link: z.string(), alt: z.string().optional() })),
  categoria: tituloLinkSchema,
  marca: tituloLinkSchema,
  atacado: atacadoSchema,
  variacao: z.array(variacaoSchema),
  /** Package dimensions with units: "15,2 cm", "0,21 kg". */
  espec: z.object({ altu: z.string(), comp: z.string(), larg: z.string(), peso: z.string() }),
  especificacoes: z.array(z.object({ nome: z.string().max(255), valor: z.string().max(255) })),
  /** crr = 1 when the product is in the shopper's cart. */
  crr: z.object({ crr: flag }),
  valorPix: reaisSchema,
  parcelas: parcelasSchema,
  /** Category path, top-level first. */
  breadcrumb: z.array(categoriaRefSchema),
  sku: z.string(),
  /** The "de" price shown struck through; absent unless set and above `valor`. */
  valorDe: reaisSchema.optional(),
  /**
   * The automatic promotions running on it (docs/decisions/0127-promotions.md): `valor`, the options'
   * and the wholesale prices stay list prices, and the buy box takes off the best one for the quantity
   * chosen; `valorPix` and `parcelas` are those of one unit after it. Absent when none runs.
   */
  promocoes: z.array(promocaoOfertaSchema).optional(),
  /** Approved reviews; absent while the product has none ('Sem avaliações'). */
  avaliacoes: avaliacoesSchema.optional(),
})
export type ProductDetail = z.infer<typeof productDetailSchema>

/** [detail, similares (≤ 12 cards)] */
export const detalheProdutoResponseSchema = z.tuple([productDetailSchema, z.array(productCardSchema).max(12)])
export type DetalheProdutoResponse = z.infer<typeof detalheProdutoResponseSchema>

// ───────────────────────────── listings ─────────────────────────────

export const itensCategoriaResponseSchema = z.object({
  titulo: z.string(),
  ndi: z.string(),
  data: z.array(productCardSchema),
  ...paginacao,
  subcategorias: z.array(categoriaRefSchema),
  breadcrumb: z.array(categoriaRefSchema),
  marcas: z.array(facetaSchema),
})
export type ItensCategoria = z.infer<typeof itensCategoriaResponseSchema>

/**
 * Brand listing item: the spec's quirk keeps `marca` a number (the brand id; 0 = none), so the card's
 * brand object travels as `marcaInfo`.
 */
export const itemMarcaSchema = productCardSchema.omit({ marca: true }).extend({
  marca: z.number().int().nonnegative(),
  marcaInfo: tituloLinkSchema,
})
export type ItemMarca = z.infer<typeof itemMarcaSchema>

/** GET /_next/api/itens-marca/{link}?pagina=&ordem=&min=&max= */
export const itensMarcaResponseSchema = z.object({
  titulo: z.string(),
  link: z.string(),
  data: z.array(itemMarcaSchema),
  ...paginacao,
  /** Categories of the brand's products, linking to /marca/{link}/{titulo}/. */
  categorias: z.array(facetaSchema),
})
export type ItensMarca = z.infer<typeof itensMarcaResponseSchema>

/**
 * The page /marca/{mc}/{name}/: a brand within a category, with the header and pagination the page
 * shows. Its loader reads it from the domain; the wire call answers the cards alone (below).
 */
export const marcaCategoriaSchema = z.object({
  titulo: z.string(),
  marca: tituloLinkSchema,
  categoria: tituloLinkSchema,
  data: z.array(productCardSchema),
  ...paginacao,
})
export type MarcaCategoria = z.infer<typeof marcaCategoriaSchema>

/** GET /_next/api/busca-esp/{mc}/{name}/?pagina=&ordem=&min=&max= — the product list itself. */
export const buscaEspResponseSchema = z.array(productCardSchema)

// ───────────────────────────── failures ─────────────────────────────

export { CATEGORIA_NAO_ENCONTRADA, MARCA_NAO_ENCONTRADA, NOT_A_VIEW_HEADER, PRODUTO_NAO_ENCONTRADO }

/** Every catalog call may answer `{estado:'erro', msg}` (404 for unknown ids, 400 for an unknown bloco). */
export const catalogoErroSchema = erroSchema
