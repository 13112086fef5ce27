import { sql } from 'drizzle-orm'
import {
  type AnyPgColumn,
  bigint,
  boolean,
  check,
  customType,
  date,
  index,
  integer,
  jsonb,
  pgSequence,
  pgTable,
  primaryKey,
  real,
  serial,
  smallint,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core'
import { ROLES } from '../domain/staff/permissions'
import { API_V1_EVENTS, API_V1_SCOPES } from '../../contract/api-v1'

/** Money is always integer centavos in the database. */
const cents = (name: string) => integer(name)
/** Every point in time is stored with its time zone. */
const timestamptz = <N extends string>(name: N) => timestamp(name, { withTimezone: true })
const createdAt = () => timestamptz('created_at').notNull().defaultNow()
const updatedAt = () => timestamptz('updated_at').notNull().defaultNow()
/** Display order among siblings. */
const position = () => integer('position').notNull().default(0)
/** A required link to a parent row, deleted with it. */
const belongsTo = <N extends string>(name: N, parent: () => AnyPgColumn) => integer(name).notNull().references(parent, { onDelete: 'cascade' })

const tsvector = customType<{ data: string }>({ dataType: () => 'tsvector' })

// ───────────────────────────── catalog ─────────────────────────────

export const categories = pgTable(
  'categories',
  {
    id: serial('id').primaryKey(),
    parentId: integer('parent_id').references((): AnyPgColumn => categories.id, { onDelete: 'cascade' }),
    titulo: text('titulo').notNull(),
    /** Readable, URL-safe id used in /categoria/{ndi}. */
    ndi: text('ndi').notNull(),
    /** Opaque URL-safe id, also accepted in /categoria/{token}. */
    token: text('token').notNull(),
    position: position(),
    /** Listed in the top menu (Sgt). */
    suggested: boolean('suggested').notNull().default(false),
    /** Hidden by staff: out of menus, panels and listings; its products keep their own pages. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('categories_ndi_uq').on(t.ndi), uniqueIndex('categories_token_uq').on(t.token), index('categories_parent_idx').on(t.parentId)],
)

export const brands = pgTable(
  'brands',
  {
    id: serial('id').primaryKey(),
    titulo: text('titulo').notNull(),
    /** URL-safe id used in /marca/{link}/. */
    link: text('link').notNull(),
    /** Hidden by staff: out of the facets and brand pages. */
    hidden: boolean('hidden').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('brands_link_uq').on(t.link)],
)

export const products = pgTable(
  'products',
  {
    id: serial('id').primaryKey(),
    /** Opaque public id (detalhe-produto, cart calls, local storage _pdt). */
    hash: text('hash').notNull(),
    /** Readable unique slug: /produto/{link_real}. */
    linkReal: text('link_real').notNull(),
    titulo: text('titulo').notNull(),
    /** Description HTML, sanitised when stored. */
    descricao: text('descricao').notNull().default(''),
    priceCents: cents('price_cents').notNull(),
    /** The optional "de" price shown struck through above the price (only when above it). */
    compareAtCents: cents('compare_at_cents'),
    /** Stock when the product has no variations; ignored otherwise (options hold stock). */
    stock: integer('stock').notNull().default(0),
    /**
     * What the product can sell (decision 0092): the sum of its active options' stock when it has
     * options, else `stock`. Kept by the database (triggers of migration product_stock_total, on
     * products.stock and on the options' stock, active, insert and delete); never written here.
     */
    stockTotal: integer('stock_total').notNull().default(0),
    categoryId: integer('category_id')
      .notNull()
      .references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    sku: text('sku').notNull(),
    /** Package dimensions for shipping: millimetres and grams. */
    alturaMm: integer('altura_mm').notNull().default(0),
    comprimentoMm: integer('comprimento_mm').notNull().default(0),
    larguraMm: integer('largura_mm').notNull().default(0),
    pesoG: integer('peso_g').notNull().default(0),
    /**
     * Fiscal data of the NF-e's item (docs/decisions/0129-nfe.md; contract/fiscal.ts validates them):
     * the NCM (8 digits; null: the product cannot be invoiced yet), the CEST when the item is under
     * tax substitution (7 digits), the ICMS origin (0–8), the GTIN (EAN-8/12/13, GTIN-14, or 'SEM GTIN')
     * and the commercial unit ('UN').
     */
    ncm: text('ncm'),
    cest: text('cest'),
    origem: integer('origem').notNull().default(0),
    gtin: text('gtin').notNull().default('SEM GTIN'),
    unidade: text('unidade').notNull().default('UN'),
    /** Key/value technical specifications shown on the product page. */
    especificacoes: jsonb('especificacoes').$type<Array<{ nome: string; valor: string }>>().notNull().default([]),
    active: boolean('active').notNull().default(true),
    /**
     * Bumped by every back-office save of the product's own fields: two staff saving one product at
     * once — the second is refused (optimistic concurrency). Checkout's stock moves leave it alone.
     */
    version: integer('version').notNull().default(1),
    /** Denormalised best-seller counter ('mais vendidos'); views live in product_stats. */
    soldCount: integer('sold_count').notNull().default(0),
    /** Accent-free lower-case text the search indexes (title; and brand + category + specs). */
    searchTitle: text('search_title').notNull().default(''),
    searchBody: text('search_body').notNull().default(''),
    searchTsv: tsvector('search_tsv').generatedAlwaysAs(
      sql`setweight(to_tsvector('portuguese', coalesce(search_title, '')), 'A') || setweight(to_tsvector('portuguese', coalesce(search_body, '')), 'B')`,
    ),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_hash_uq').on(t.hash),
    uniqueIndex('products_link_real_uq').on(t.linkReal),
    uniqueIndex('products_sku_uq').on(t.sku),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    index('products_created_idx').on(t.createdAt),
    // The back office lists the active products that cannot be invoiced (no NCM).
    index('products_without_ncm_idx')
      .on(t.id)
      .where(sql`${t.ncm} IS NULL`),
    check('products_ncm_ck', sql`${t.ncm} IS NULL OR ${t.ncm} ~ '^[0-9]{8}$'`),
    check('products_cest_ck', sql`${t.cest} IS NULL OR ${t.cest} ~ '^[0-9]{7}$'`),
    check('products_origem_ck', sql`${t.origem} BETWEEN 0 AND 8`),
    check('products_gtin_ck', sql`${t.gtin} = 'SEM GTIN' OR ${t.gtin} ~ '^([0-9]{8}|[0-9]{12,14})$'`),
    // Category listings and 'SIMILARES' walk a category by best sellers.
    index('products_category_sold_idx')
      .on(t.categoryId, t.soldCount.desc(), t.id)
      .where(sql`${t.active}`),
    index('products_title_trgm_idx').using('gin', sql`${t.searchTitle} gin_trgm_ops`),
    // The back office's list (decision 0092): keyset pages by price and by title, and the few inactive.
    index('products_price_idx').on(t.priceCents, t.id),
    index('products_title_sort_idx').on(sql`lower(${t.titulo})`, t.id),
    index('products_inactive_idx')
      .on(t.id)
      .where(sql`NOT ${t.active}`),
    // The stock filter's two narrow classes (esgotado, menos de 8 = PRODUCT_LOW_STOCK): few rows each.
    index('products_sold_out_idx')
      .on(t.id)
      .where(sql`${t.stockTotal} <= 0`),
    index('products_low_stock_idx')
      .on(t.id)
      .where(sql`${t.stockTotal} BETWEEN 1 AND 7`),
  ],
)

export const productImages = pgTable(
  'product_images',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    position: position(),
    /** Path of the original under DATA_DIR/media (served by /_next/img/{link}). */
    link: text('link').notNull(),
    alt: text('alt').notNull().default(''),
    width: integer('width').notNull().default(0),
    height: integer('height').notNull().default(0),
  },
  (t) => [index('product_images_product_idx').on(t.productId, t.position)],
)

export const productVideos = pgTable(
  'product_videos',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    position: position(),
    /** File name under DATA_DIR/media/videos (served by /video/{link}). */
    link: text('link').notNull(),
    mimeType: text('mime_type').notNull().default('video/mp4'),
    posterLink: text('poster_link'),
  },
  (t) => [index('product_videos_product_idx').on(t.productId, t.position)],
)

/** A variation axis of a product, e.g. "Cor" or "Capacidade". */
export const variations = pgTable(
  'variations',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    nome: text('nome').notNull(),
    position: position(),
  },
  (t) => [index('variations_product_idx').on(t.productId)],
)

/** One choosable option of a variation, with its own hash, price and stock. */
export const variationOptions = pgTable(
  'variation_options',
  {
    id: serial('id').primaryKey(),
    variationId: belongsTo('variation_id', () => variations.id),
    productId: belongsTo('product_id', () => products.id),
    name: text('name').notNull(),
    hash: text('hash').notNull(),
    priceCents: cents('price_cents').notNull(),
    stock: integer('stock').notNull().default(0),
    position: position(),
    /** A value in carts or orders is deactivated, never deleted (orders keep their snapshots). */
    active: boolean('active').notNull().default(true),
    /** This option's parcel when it differs from the product's (mm and g); null: the product's measure (decision 0133). */
    alturaMm: integer('altura_mm'),
    larguraMm: integer('largura_mm'),
    comprimentoMm: integer('comprimento_mm'),
    pesoG: integer('peso_g'),
  },
  (t) => [uniqueIndex('variation_options_hash_uq').on(t.hash), index('variation_options_product_idx').on(t.productId)],
)

export const LINK_REDIRECT_KINDS = ['produto', 'categoria', 'marca'] as const

/**
 * An old link of a renamed product, category or brand: answered forever with a 301 to the
 * current one, so search engines and shared links keep working. A link taken again by
 * a new row stops redirecting (the row is deleted when the link is reused).
 */
export const linkRedirects = pgTable(
  'link_redirects',
  {
    id: serial('id').primaryKey(),
    kind: text('kind', { enum: LINK_REDIRECT_KINDS }).notNull(),
    oldLink: text('old_link').notNull(),
    /** products.id, categories.id or brands.id. */
    targetId: integer('target_id').notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('link_redirects_kind_old_uq').on(t.kind, t.oldLink), index('link_redirects_target_idx').on(t.kind, t.targetId)],
)

/**
 * Every change of a product's or option's stock, written by row triggers on
 * products.stock and variation_options.stock (migration catalog_back_office) — so checkout,
 * cancellations, returns, the back office, an import and psql are all recorded. Who and why come
 * from transaction-local settings (server/domain/catalog/stock-ledger.ts: stockContext); a change
 * without them is recorded as made in the database directly. Append-only.
 */
export const stockLedger = pgTable(
  'stock_ledger',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    productId: integer('product_id')
      .notNull()
      .references(() => products.id, { onDelete: 'cascade' }),
    /** Null for the product's own stock (or an option deleted since: `item` still names it). */
    optionId: integer('option_id').references(() => variationOptions.id, { onDelete: 'set null' }),
    /** The option as it was named at the move ('Cor: Azul'); null for the product's own stock. */
    item: text('item'),
    before: integer('before').notNull(),
    after: integer('after').notNull(),
    /** pt-BR, e.g. 'Pedido', 'Cancelamento', 'Ajuste', 'Recebimento', 'Importação', 'Devolução'. */
    reason: text('reason').notNull(),
    actorKind: text('actor_kind', { enum: ['staff', 'customer', 'system', 'cli', 'api', 'database'] }).notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    /** The order that took or gave back the stock (its public code, known before the order row). */
    orderCode: text('order_code'),
    at: timestamptz('at').notNull().defaultNow(),
  },
  (t) => [index('stock_ledger_product_idx').on(t.productId, t.id)],
)

export const CATALOG_IMPORT_STATUSES = ['analisada', 'aplicando', 'concluida', 'cancelada'] as const

/**
 * A catalog spreadsheet import: analysed first (the dry run's report), then applied in
 * batches on confirmation; `nextRow` is where applying goes on after an interruption (resumable).
 */
export const catalogImports = pgTable(
  'catalog_imports',
  {
    id: text('id').primaryKey(),
    staffId: integer('staff_id').references(() => staff.id, { onDelete: 'set null' }),
    fileName: text('file_name').notNull(),
    status: text('status', { enum: CATALOG_IMPORT_STATUSES }).notNull().default('analisada'),
    /** The parsed, validated rows to apply (the dry run's result), in file order. */
    rows: jsonb('rows').$type<unknown[]>().notNull().default([]),
    totalRows: integer('total_rows').notNull().default(0),
    nextRow: integer('next_row').notNull().default(0),
    /** Counts and the errors (line, pt-BR reason) the dry run found. */
    report: jsonb('report').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('catalog_imports_created_idx').on(t.createdAt)],
)

/** Wholesale (atacado): from minQty pieces the unit price is priceCents. */
export const wholesaleTiers = pgTable(
  'wholesale_tiers',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    minQty: integer('min_qty').notNull(),
    priceCents: cents('price_cents').notNull(),
  },
  (t) => [uniqueIndex('wholesale_tiers_product_min_uq').on(t.productId, t.minQty)],
)

/**
 * The search copy of each product: what a search reads of every match (decision 0014), in rows a
 * sixth the width of products' (whose descriptions spread 100k products over 280 MB). Kept by
 * statement triggers on products (migration 0004): writers never write it themselves.
 */
export const productSearch = pgTable(
  'product_search',
  {
    id: integer('id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull(),
    categoryId: integer('category_id').notNull(),
    /** 0 when the product has no brand. */
    brandId: integer('brand_id').notNull(),
    priceCents: cents('price_cents').notNull(),
    soldCount: integer('sold_count').notNull(),
    /** products.created_at in microseconds since 1970 (what the match set sorts 'novidades' by). */
    createdUs: bigint('created_us', { mode: 'number' }).notNull(),
    searchTitle: text('search_title').notNull(),
    searchTsv: tsvector('search_tsv').notNull(),
  },
  (t) => [index('product_search_tsv_idx').using('gin', t.searchTsv)],
)

/**
 * Page-view counter per product ('MAIS ACESSADOS'). A narrow table of its own: a view bumps one
 * small row instead of rewriting the product row and its search indexes.
 */
export const productStats = pgTable(
  'product_stats',
  {
    productId: integer('product_id')
      .primaryKey()
      .references(() => products.id, { onDelete: 'cascade' }),
    viewCount: integer('view_count').notNull().default(0),
  },
  (t) => [index('product_stats_views_idx').on(t.viewCount.desc(), t.productId)],
)

/**
 * Views per product per day (São Paulo calendar day): the store owner's traffic figures without a
 * row per page view, and no shopper identity kept with them.
 */
export const productViewsDaily = pgTable(
  'product_views_daily',
  {
    productId: belongsTo('product_id', () => products.id),
    day: date('day').notNull(),
    views: integer('views').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.productId, t.day] }), index('product_views_daily_day_idx').on(t.day)],
)

export const homeSlides = pgTable('home_slides', {
  id: serial('id').primaryKey(),
  titulo: text('titulo').notNull(),
  /** Image path under /_next/static/. */
  imagem: text('imagem').notNull(),
  /** Where the slide leads (internal path). */
  link: text('link').notNull().default('/'),
  position: position(),
  active: boolean('active').notNull().default(true),
})

/** 'CATEGORIAS EM DESTAQUE': a category shown on the home with an image link to one product. */
export const featuredCategories = pgTable(
  'featured_categories',
  {
    id: serial('id').primaryKey(),
    categoryId: belongsTo('category_id', () => categories.id),
    productId: belongsTo('product_id', () => products.id),
    position: position(),
  },
  (t) => [uniqueIndex('featured_categories_category_uq').on(t.categoryId)],
)

// ───────────────────────────── customers and sessions ─────────────────────────────

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    sobrenome: text('sobrenome').notNull().default(''),
    /** Stored lower-case. */
    email: text('email').notNull(),
    /** CPF (11 digits) or CNPJ (14 characters), digits/characters only. */
    documento: text('documento'),
    /** A company customer ("Comprar como empresa"): its razão social, and its IE (digits) or 'ISENTO'; null for a person. */
    razaoSocial: text('razao_social'),
    inscricaoEstadual: text('inscricao_estadual'),
    telefone: text('telefone'),
    passwordHash: text('password_hash').notNull(),
    /** 'removed': personal data anonymised at the customer's request (LGPD); the row stays for its orders. */
    status: text('status', { enum: ['active', 'suspended', 'removed'] })
      .notNull()
      .default('active'),
    /** Marketing e-mails only with this opt-in (LGPD), unchecked at registration. */
    marketingOptIn: boolean('marketing_opt_in').notNull().default(false),
    termsAcceptedAt: timestamptz('terms_accepted_at'),
    updatedAt: updatedAt(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('customers_email_uq').on(t.email)],
)

/**
 * Single-use tokens of the account flows, stored as the SHA-256 of what the shopper holds:
 * 'acesso' (TokenAcess, bound to a session), 'senha' (TokenPass, bound to a session and a
 * customer), 'recuperacao' (the e-mailed password-reset link, bound to a customer). Used = deleted.
 */
export const authTokens = pgTable(
  'auth_tokens',
  {
    id: text('id').primaryKey(),
    kind: text('kind', { enum: ['acesso', 'senha', 'recuperacao'] }).notNull(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'cascade' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('auth_tokens_expires_idx').on(t.expiresAt), index('auth_tokens_customer_idx').on(t.customerId)],
)

/** LGPD requests of a customer (data export, deletion), kept as the record of what was asked and done. */
export const privacyRequests = pgTable(
  'privacy_requests',
  {
    id: serial('id').primaryKey(),
    customerId: belongsTo('customer_id', () => customers.id),
    kind: text('kind', { enum: ['exportacao', 'exclusao'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('privacy_requests_customer_idx').on(t.customerId)],
)

/** Server-side sessions for visitors and customers; the cookie holds the token, we keep its SHA-256. */
export const sessions = pgTable(
  'sessions',
  {
    id: text('id').primaryKey(),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    expiresAt: timestamptz('expires_at').notNull(),
    /** Small per-session state (login step tokens, checkout progress). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
  },
  (t) => [index('sessions_customer_idx').on(t.customerId), index('sessions_expires_idx').on(t.expiresAt)],
)

export const searchHistory = pgTable(
  'search_history',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    term: text('term').notNull(),
    searchedAt: timestamptz('searched_at').notNull().defaultNow(),
  },
  (t) => [uniqueIndex('search_history_session_term_uq').on(t.sessionId, t.term)],
)

export const carts = pgTable(
  'carts',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id').references(() => sessions.id, { onDelete: 'set null' }),
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'cascade' }),
    /** The coupon the shopper applied (upper case): the cart's, so it follows the cart across devices and login. */
    couponCode: text('coupon_code'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('carts_session_uq').on(t.sessionId),
    // A logged-in customer has one cart, the same on every device (server/domain/cart/owner.ts).
    uniqueIndex('carts_customer_uq')
      .on(t.customerId)
      .where(sql`${t.customerId} IS NOT NULL`),
    // The maintenance job's idle clean-up walks anonymous carts by age (deleteIdleCarts).
    index('carts_anonymous_idle_idx')
      .on(t.updatedAt)
      .where(sql`${t.customerId} IS NULL`),
  ],
)

export const cartItems = pgTable(
  'cart_items',
  {
    id: serial('id').primaryKey(),
    cartId: belongsTo('cart_id', () => carts.id),
    productId: belongsTo('product_id', () => products.id),
    optionId: integer('option_id').references(() => variationOptions.id, { onDelete: 'cascade' }),
    /** Opaque id of the line on the wire (cart page `token`). */
    token: text('token').notNull(),
    quantity: integer('quantity').notNull(),
    addedAt: timestamptz('added_at').notNull().defaultNow(),
  },
  (t) => [
    unique('cart_items_line_uq').on(t.cartId, t.productId, t.optionId).nullsNotDistinct(),
    uniqueIndex('cart_items_token_uq').on(t.token),
    // Whether a variation value is in a cart (the editor deactivates it instead of deleting), and the
    // cascade when one is deleted.
    index('cart_items_option_idx')
      .on(t.optionId)
      .where(sql`${t.optionId} IS NOT NULL`),
  ],
)

export const addresses = pgTable(
  'addresses',
  {
    id: serial('id').primaryKey(),
    customerId: belongsTo('customer_id', () => customers.id),
    nome: text('nome').notNull(),
    sobrenome: text('sobrenome').notNull().default(''),
    telefone: text('telefone').notNull().default(''),
    destinatario: text('destinatario').notNull().default(''),
    /** 8 digits. */
    cep: text('cep').notNull(),
    estado: text('estado').notNull(),
    cidade: text('cidade').notNull(),
    bairro: text('bairro').notNull(),
    rua: text('rua').notNull(),
    numero: text('numero').notNull(),
    complemento: text('complemento').notNull().default(''),
    isDefault: boolean('is_default').notNull().default(false),
    createdAt: createdAt(),
  },
  (t) => [
    index('addresses_customer_idx').on(t.customerId),
    // At most one principal address per customer.
    uniqueIndex('addresses_default_uq')
      .on(t.customerId)
      .where(sql`is_default`),
  ],
)

/**
 * One CEP look-up of a customer (consultar-cep → cod → busca-endereco / salvar-endereco; check-cep):
 * what the CEP resolved to and who answered (`fonte`). A cod is valid for an hour; the online
 * provider's answers are kept 30 days and answer their CEP while it is down (server/domain/address).
 */
export const cepLookups = pgTable(
  'cep_lookups',
  {
    cod: text('cod').primaryKey(),
    customerId: belongsTo('customer_id', () => customers.id),
    cep: text('cep').notNull(),
    estado: text('estado').notNull(),
    cidade: text('cidade').notNull(),
    /** Empty when only the city is known (a city-wide CEP): the shopper types them. */
    bairro: text('bairro').notNull(),
    rua: text('rua').notNull(),
    /** 'provedor' (CEP_PROVIDER_URL), 'logradouros' (bundled street list), 'faixas' (bundled ranges: city only). */
    fonte: text('fonte', { enum: ['provedor', 'logradouros', 'faixas'] }).notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index('cep_lookups_created_idx').on(t.createdAt),
    index('cep_lookups_provider_idx')
      .on(t.cep, t.createdAt)
      .where(sql`fonte = 'provedor'`),
  ],
)

// ───────────────────────────── orders ─────────────────────────────

export type OrderAddress = {
  destinatario: string
  cep: string
  rua: string
  numero: string
  complemento: string
  bairro: string
  cidade: string
  estado: string
}

/**
 * Order numbers (VT-2026-000124): the sequence's value, six digits, after the year. The boleto's
 * nosso número takes the code's digits (at most 10), so the sequence stays under 1 000 000; the
 * seed's demo order is 000123.
 */
export const orderCodeSeq = pgSequence('order_code_seq', { startWith: 124, maxValue: 999_999 })

export const ORDER_STATUSES = ['aguardando_pagamento', 'pago', 'em_separacao', 'enviado', 'entregue', 'cancelado', 'expirado'] as const

export const orders = pgTable(
  'orders',
  {
    id: serial('id').primaryKey(),
    /** Public order number shown to the shopper. */
    code: text('code').notNull(),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** 'expirado' is legacy: unpaid orders past their deadline become 'cancelado' with cancelReason 'expirado'. */
    status: text('status', { enum: ORDER_STATUSES }).notNull().default('aguardando_pagamento'),
    paymentMethod: text('payment_method', { enum: ['pix', 'cartao', 'boleto'] }).notNull(),
    /** The buyer record used at checkout (prefills compra[] next time). */
    buyerNome: text('buyer_nome').notNull(),
    buyerEmail: text('buyer_email').notNull(),
    buyerCpf: text('buyer_cpf').notNull(),
    buyerCelular: text('buyer_celular').notNull(),
    /**
     * A company buyer's inscrição estadual (digits) or 'ISENTO'; null for a consumer. With a CNPJ in
     * buyer_cpf and an IE, the NF-e goes to a taxpayer (CFOP 6102 out of state, decision 0129).
     */
    buyerIe: text('buyer_ie'),
    /**
     * "Comprar como empresa": the company's CNPJ (characters only) and razão social, the NF-e's
     * recipient (buyer_cpf stays the person's); null for a consumer.
     */
    buyerCnpj: text('buyer_cnpj'),
    buyerRazaoSocial: text('buyer_razao_social'),
    shippingMethod: text('shipping_method').notNull(),
    /** The option index of calcular-frete-qqer (0 Padrão, 1 Expressa, 2 Retirar em uma estação). */
    shippingIndex: integer('shipping_index'),
    /** The provider's service the order ships with ('padrao', 'expressa', Melhor Envio's '1', '2'…); null for pickup and older orders. */
    shippingService: text('shipping_service'),
    /** Promised delivery time in business days, and the pickup station when index 2. */
    shippingDays: integer('shipping_days'),
    station: jsonb('station').$type<{ id: string; nome: string; endereco: string }>(),
    shippingAddress: jsonb('shipping_address').$type<OrderAddress>().notNull(),
    subtotalCents: cents('subtotal_cents').notNull(),
    /** Every discount: automatic promotions, the coupon (shipping included) and Pix (order_discounts has each line). */
    discountCents: cents('discount_cents').notNull().default(0),
    /** The coupon the order used, as typed then (its use is in coupon_uses). */
    couponCode: text('coupon_code'),
    shippingCents: cents('shipping_cents').notNull().default(0),
    totalCents: cents('total_cents').notNull(),
    installments: integer('installments').notNull().default(1),
    /** Payment details the shopper needs (Pix copia-e-cola, boleto line), by method. */
    payment: jsonb('payment').$type<Record<string, unknown>>().notNull().default({}),
    /** The checkout's placement key: a retry of the same placement finds this order (server/domain/order/place.ts). */
    placementKey: text('placement_key'),
    trackingCode: text('tracking_code'),
    /** Who carries a shipped order (server/domain/order/carriers.ts): its tracking link. */
    carrier: text('carrier'),
    /** Why an order was cancelled: 'expirado' (unpaid at its deadline), 'pagamento' (capture failed), 'operador'. */
    cancelReason: text('cancel_reason'),
    /**
     * Something staff must act on, null when nothing: 'pago_apos_cancelamento' (money arrived for a
     * cancelled order whose stock was gone: refund it, server/domain/payment/late.ts).
     */
    attention: text('attention'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    paidAt: timestamptz('paid_at'),
    /** Unpaid Pix / boleto: when the expiry job cancels it and releases the stock. */
    expiresAt: timestamptz('expires_at'),
  },
  (t) => [
    uniqueIndex('orders_code_uq').on(t.code),
    index('orders_customer_idx').on(t.customerId, t.createdAt),
    uniqueIndex('orders_placement_key_uq').on(t.placementKey),
    // The expiry job walks unpaid orders by deadline.
    index('orders_awaiting_expiry_idx')
      .on(t.expiresAt)
      .where(sql`status = 'aguardando_pagamento'`),
    // The back office's order list: keyset pages by date or total, filtered by status or method
    // (docs/decisions/0044-admin-order-list.md); its free text has a trigram index (custom migration).
    index('orders_created_idx').on(t.createdAt, t.id),
    // The integrations API's list (GET /api/v1/pedidos): keyset pages by last change, alone or within a status.
    index('orders_updated_idx').on(t.updatedAt, t.id),
    index('orders_status_updated_idx').on(t.status, t.updatedAt, t.id),
    index('orders_status_created_idx').on(t.status, t.createdAt, t.id),
    index('orders_method_created_idx').on(t.paymentMethod, t.createdAt, t.id),
    index('orders_total_idx').on(t.totalCents, t.id),
    // A whole e-mail typed in the search is looked up exactly (trigrams of an e-mail are too common).
    index('orders_buyer_email_idx').on(t.buyerEmail),
    // The dashboard sums paid revenue by day.
    index('orders_paid_idx')
      .on(t.paidAt)
      .where(sql`paid_at IS NOT NULL`),
  ],
)

export const orderItems = pgTable(
  'order_items',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    productId: integer('product_id').references(() => products.id, { onDelete: 'set null' }),
    optionId: integer('option_id').references(() => variationOptions.id, { onDelete: 'set null' }),
    titulo: text('titulo').notNull(),
    /** The chosen option as shown ('Cor: Azul'), null without variations. */
    variacao: text('variacao'),
    imagem: text('imagem'),
    quantity: integer('quantity').notNull(),
    unitPriceCents: cents('unit_price_cents').notNull(),
    /** The list price at the time, and the wholesale tier that applied (null when none). */
    listUnitPriceCents: cents('list_unit_price_cents'),
    wholesale: jsonb('wholesale').$type<{ min: number; cents: number }>(),
    totalCents: cents('total_cents').notNull(),
    /** Σ of this line's discounts (order_discounts): the shopper paid totalCents − discountCents for it. */
    discountCents: cents('discount_cents').notNull().default(0),
  },
  (t) => [
    index('order_items_order_idx').on(t.orderId),
    // Whether a variation value is in an order (kept, deactivated), and the SET NULL when one is deleted.
    index('order_items_option_idx')
      .on(t.optionId)
      .where(sql`${t.optionId} IS NOT NULL`),
  ],
)

export const PAYMENT_ROW_STATUSES = ['pending', 'authorized', 'paid', 'voided', 'refunded'] as const

/** The provider's payment of an order (decision 0017): safe details only, never a card number or CVV. */
export const payments = pgTable(
  'payments',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    provider: text('provider').notNull(),
    providerPaymentId: text('provider_payment_id').notNull(),
    method: text('method', { enum: ['pix', 'cartao', 'boleto'] }).notNull(),
    status: text('status', { enum: PAYMENT_ROW_STATUSES }).notNull(),
    amountCents: cents('amount_cents').notNull(),
    /** The provider's Payment as it last reported it. */
    details: jsonb('details').$type<Record<string, unknown>>().notNull(),
    /** When reconciliation last asked the provider (server/domain/payment/reconcile.ts): its claim on the row. */
    checkedAt: timestamptz('checked_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('payments_provider_id_uq').on(t.provider, t.providerPaymentId),
    index('payments_order_idx').on(t.orderId),
    // Reconciliation walks the payments not yet settled.
    index('payments_open_idx')
      .on(t.createdAt)
      .where(sql`status IN ('pending', 'authorized')`),
  ],
)

/** Webhook events already applied, by webhookEventKey (orderCode:id): the same event twice changes nothing. */
export const paymentEvents = pgTable('payment_events', {
  key: text('key').primaryKey(),
  orderId: belongsTo('order_id', () => orders.id),
  status: text('status').notNull(),
  receivedAt: timestamptz('received_at').notNull().defaultNow(),
})

export const REFUND_STATUSES = ['pending', 'done', 'failed'] as const

/**
 * Money given back on an order (server/domain/payment/refund.ts): written before the provider is
 * asked, with the idempotency key every retry reuses, so a refund is asked once however often it is
 * retried, and the sum of an order's pending and done refunds never passes what was paid.
 */
export const refunds = pgTable(
  'refunds',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    paymentId: integer('payment_id')
      .notNull()
      .references(() => payments.id),
    amountCents: cents('amount_cents').notNull(),
    reason: text('reason').notNull(),
    actorKind: text('actor_kind', { enum: ['staff', 'customer', 'system', 'cli', 'api'] }).notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    /** The provider's id of the refund, once it answered. */
    providerRefundId: text('provider_refund_id'),
    idempotencyKey: text('idempotency_key').notNull(),
    /** pending: asked (or about to be); done: the provider refunded; failed: the provider said no. */
    status: text('status', { enum: REFUND_STATUSES }).notNull().default('pending'),
    /** The provider's message when it said no. */
    failure: text('failure'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('refunds_idempotency_key_uq').on(t.idempotencyKey),
    index('refunds_order_idx').on(t.orderId),
    index('refunds_pending_idx')
      .on(t.createdAt)
      .where(sql`status = 'pending'`),
  ],
)

export const ORDER_EVENT_KINDS = [
  'placed', // the order was written (checkout)
  'paid', // the payment was confirmed
  'status', // a move along the order's life: em_separacao, enviado (tracking), entregue
  'cancelled', // cancelled: by the expiry job, the shopper, staff or the command line
  'refund', // money given back (amount, provider id)
  'payment', // a provider event recorded but not applied, or a reconciliation finding
  'email', // an e-mail sent to the buyer about this order
  'note', // an internal note by staff (never shown to the buyer)
  'return', // a return (direito de arrependimento) asked, approved, received, refunded
  'shipping', // the carrier's label bought or cancelled, and each tracking event (posted, delivered)
  'invoice', // the NF-e: issued, rejected, re-issued, cancelled (docs/decisions/0129-nfe.md)
] as const

/**
 * The order's timeline (docs/architecture.md): every event of an
 * order, who did it, in the same transaction as the change. Read by the back office's order page and
 * the customer's order page (which never shows notes). Append-only.
 */
export const orderEvents = pgTable(
  'order_events',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    kind: text('kind', { enum: ORDER_EVENT_KINDS }).notNull(),
    /** The Actor's kind and id (server/domain/actor.ts), and how it was named at the time. */
    actorKind: text('actor_kind', { enum: ['staff', 'customer', 'system', 'cli', 'api'] }).notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    /** What happened, for people (pt-BR), e.g. "Pedido enviado — rastreio AA123456789BR". */
    summary: text('summary').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [index('order_events_order_idx').on(t.orderId, t.id)],
)

// ───────────────────────────── after-sale ─────────────────────────────

export const REVIEW_STATUSES = ['pendente', 'aprovada', 'oculta'] as const

/**
 * A buyer's review of a product bought in a delivered order: one per customer and
 * product, shown on the product page once staff approve it. Title and text are plain text (shown
 * escaped, links not clickable); `reply` is the store's answer.
 */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    productId: belongsTo('product_id', () => products.id),
    customerId: belongsTo('customer_id', () => customers.id),
    /** The delivered order the product was bought in ("Compra verificada"). */
    orderId: belongsTo('order_id', () => orders.id),
    rating: integer('rating').notNull(),
    title: text('title').notNull(),
    body: text('body').notNull(),
    /** How the author is shown: first name and the initial of the last ("Maria S."). */
    authorName: text('author_name').notNull(),
    status: text('status', { enum: REVIEW_STATUSES }).notNull().default('pendente'),
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('reviews_customer_product_uq').on(t.customerId, t.productId),
    // The product page and cards read only approved reviews of one product.
    index('reviews_product_approved_idx')
      .on(t.productId, t.createdAt)
      .where(sql`status = 'aprovada'`),
    index('reviews_status_idx').on(t.status, t.createdAt),
  ],
)

export const CONTACT_MESSAGE_STATUSES = ['nova', 'respondida', 'encerrada'] as const

/** A 'Fale conosco' message: e-mailed to the store and kept for the back office's Mensagens. */
export const contactMessages = pgTable(
  'contact_messages',
  {
    id: serial('id').primaryKey(),
    /** The logged-in customer who wrote it; null for a visitor. */
    customerId: integer('customer_id').references(() => customers.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    email: text('email').notNull(),
    orderCode: text('order_code'),
    subject: text('subject').notNull(),
    message: text('message').notNull(),
    status: text('status', { enum: CONTACT_MESSAGE_STATUSES }).notNull().default('nova'),
    reply: text('reply'),
    repliedAt: timestamptz('replied_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_messages_status_idx').on(t.status, t.createdAt)],
)

export const RETURN_STATUSES = ['solicitada', 'aprovada', 'recebida', 'reembolsada', 'recusada'] as const

/** A withdrawal (direito de arrependimento, CDC art. 49) asked for some or all items of a delivered order. */
export const returnRequests = pgTable(
  'return_requests',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    customerId: belongsTo('customer_id', () => customers.id),
    /** One of RETURN_REASONS (contract/after-sale.ts). */
    reason: text('reason').notNull(),
    details: text('details').notNull().default(''),
    status: text('status', { enum: RETURN_STATUSES }).notNull().default('solicitada'),
    /** Set when staff refuse it ('recusada'): one of RETURN_REFUSAL_REASONS (contract/after-sale.ts) and their words. */
    refusalReason: text('refusal_reason'),
    refusalDetails: text('refusal_details'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One live request per order (asking twice is answered with the first); a refused one is history,
  // so the shopper may ask again within the 7 days (docs/decisions/0111-return-refusal.md).
  (t) => [
    uniqueIndex('return_requests_order_uq')
      .on(t.orderId)
      .where(sql`${t.status} <> 'recusada'`),
    index('return_requests_status_idx').on(t.status, t.createdAt),
  ],
)

export const returnRequestItems = pgTable(
  'return_request_items',
  {
    id: serial('id').primaryKey(),
    returnRequestId: belongsTo('return_request_id', () => returnRequests.id),
    orderItemId: belongsTo('order_item_id', () => orderItems.id),
    quantity: integer('quantity').notNull(),
    /** Set by staff on receipt: the item goes back to stock. */
    resellable: boolean('resellable'),
  },
  (t) => [uniqueIndex('return_request_items_uq').on(t.returnRequestId, t.orderItemId)],
)

/** The sandbox provider's own records (its "gateway side"), shared by every instance on one database. */
export const sandboxPayments = pgTable('sandbox_payments', {
  id: text('id').primaryKey(),
  payment: jsonb('payment').$type<Record<string, unknown>>().notNull(),
  updatedAt: updatedAt(),
})

/** A shipping option as the shopper chose it: which quote, which service, at what price and delivery. */
export type ChosenShipping = {
  key: string
  servico: string | null
  valorCents: number
  prazo: number
  previsao: string
  /** When the provider answered (ms): the price holds for the store's quote validity from then. */
  at: number
}

/**
 * One checkout per session (docs/decisions/0024-one-checkout-two-entries.md): the buyer, the delivery address, the shipping
 * option and station, the payment method, filled by either entry (/checkout…, /compras/finalizar).
 * `placementKey` is the idempotency key of placing its order; a change after placing starts a new key.
 */
export const checkouts = pgTable(
  'checkouts',
  {
    id: serial('id').primaryKey(),
    sessionId: text('session_id')
      .notNull()
      .references(() => sessions.id, { onDelete: 'cascade' }),
    customerId: belongsTo('customer_id', () => customers.id),
    placementKey: text('placement_key').notNull(),
    nome: text('nome'),
    email: text('email'),
    /** Digits only. */
    cpf: text('cpf'),
    celular: text('celular'),
    /** "Comprar como empresa": the CNPJ (characters only), razão social and IE (digits) or 'ISENTO'; null buys as a person. */
    empresa: jsonb('empresa').$type<{ cnpj: string; razaoSocial: string; ie: string }>(),
    addressId: integer('address_id').references(() => addresses.id, { onDelete: 'set null' }),
    shippingIndex: integer('shipping_index'),
    /**
     * The option's price as quoted when the shopper chose it (docs/decisions/0128-shipping-providers.md):
     * the order's price while the quote is valid for the same CEP and parcel; placement quotes again after.
     */
    shippingQuote: jsonb('shipping_quote').$type<ChosenShipping>(),
    stationId: text('station_id'),
    paymentMethod: text('payment_method', { enum: ['pix', 'cartao', 'boleto'] }),
    parcelas: integer('parcelas').notNull().default(1),
    /** The order placed from this checkout (and placementKey), until the shopper changes something. */
    orderId: integer('order_id').references(() => orders.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('checkouts_session_uq').on(t.sessionId), index('checkouts_customer_idx').on(t.customerId)],
)

// ───────────────────────────── promotions (docs/decisions/0127-promotions.md) ─────────────────────────────

export const COUPON_KINDS = ['percentual', 'fixo', 'frete'] as const
export const PROMOTION_KINDS = ['percentual', 'fixo'] as const
/** What a coupon or a promotion applies to; empty lists mean every product. Categories include their subcategories. */
export type PromoScope = { produtos?: number[]; categorias?: number[]; marcas?: number[]; excluidos?: number[] }

export const coupons = pgTable(
  'coupons',
  {
    id: serial('id').primaryKey(),
    /** Upper case, trimmed: codes are compared case-insensitively. */
    code: text('code').notNull(),
    /** The campaign a batch of generated single-use codes belongs to. */
    campaign: text('campaign'),
    kind: text('kind', { enum: COUPON_KINDS }).notNull(),
    /** percentual: 1–100; fixo: centavos; frete: 0. */
    value: integer('value').notNull().default(0),
    /** Free shipping on every service, or up to the cheapest one's price. */
    shippingScope: text('shipping_scope', { enum: ['todos', 'mais_barato'] })
      .notNull()
      .default('todos'),
    /** Measured on the items after automatic promotions. */
    minCents: cents('min_cents').notNull().default(0),
    startsAt: timestamptz('starts_at'),
    endsAt: timestamptz('ends_at'),
    /** Uses in the whole store (null: no limit); usesCount is taken and given back inside order transactions. */
    totalUses: integer('total_uses'),
    usesCount: integer('uses_count').notNull().default(0),
    /** Uses per customer, counted by account and by CPF (null: no limit). */
    perCustomer: integer('per_customer'),
    firstPurchase: boolean('first_purchase').notNull().default(false),
    scope: jsonb('scope').$type<PromoScope>().notNull().default({}),
    /** Whether it also discounts items an automatic promotion already discounts. */
    combines: boolean('combines').notNull().default(true),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('coupons_code_uq').on(t.code),
    index('coupons_campaign_idx').on(t.campaign),
    // Defence in depth behind the back office's rules (server/domain/promotions/admin-rules.ts): no
    // coupon worth more than the items, no limit below one, no end before its start.
    check('coupons_code_ck', sql`${t.code} <> '' AND ${t.code} = upper(btrim(${t.code}))`),
    check('coupons_value_ck', sql`${t.value} >= 0 AND (${t.kind} <> 'percentual' OR ${t.value} BETWEEN 1 AND 100) AND (${t.kind} <> 'fixo' OR ${t.value} > 0)`),
    check('coupons_min_ck', sql`${t.minCents} >= 0`),
    check(
      'coupons_uses_ck',
      sql`${t.usesCount} >= 0 AND (${t.totalUses} IS NULL OR ${t.totalUses} >= 1) AND (${t.perCustomer} IS NULL OR ${t.perCustomer} >= 1)`,
    ),
    check('coupons_window_ck', sql`${t.startsAt} IS NULL OR ${t.endsAt} IS NULL OR ${t.endsAt} >= ${t.startsAt}`),
  ],
)

export const couponUses = pgTable(
  'coupon_uses',
  {
    id: serial('id').primaryKey(),
    couponId: belongsTo('coupon_id', () => coupons.id),
    orderId: belongsTo('order_id', () => orders.id),
    customerId: integer('customer_id')
      .notNull()
      .references(() => customers.id),
    /** Digits only: a second account of the same person counts too. */
    cpf: text('cpf').notNull(),
    createdAt: createdAt(),
    /** Given back: the order was cancelled or expired before payment. */
    releasedAt: timestamptz('released_at'),
  },
  (t) => [
    uniqueIndex('coupon_uses_order_uq').on(t.orderId),
    index('coupon_uses_customer_idx').on(t.couponId, t.customerId),
    index('coupon_uses_cpf_idx').on(t.couponId, t.cpf),
  ],
)

export const promotions = pgTable(
  'promotions',
  {
    id: serial('id').primaryKey(),
    /** Shown on cards, product pages and the cart ('Semana do Smartphone'). */
    name: text('name').notNull(),
    kind: text('kind', { enum: PROMOTION_KINDS }).notNull(),
    /** percentual: 1–100 off each unit; fixo: centavos off each unit. */
    value: integer('value').notNull(),
    /** Progressive rule: applies from this many units of the same product in the cart. */
    minQuantity: integer('min_quantity').notNull().default(1),
    scope: jsonb('scope').$type<PromoScope>().notNull().default({}),
    startsAt: timestamptz('starts_at').notNull(),
    endsAt: timestamptz('ends_at'),
    active: boolean('active').notNull().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index('promotions_running_idx')
      .on(t.startsAt)
      .where(sql`active`),
    check('promotions_value_ck', sql`${t.value} >= 1 AND (${t.kind} <> 'percentual' OR ${t.value} <= 100)`),
    check('promotions_min_quantity_ck', sql`${t.minQuantity} >= 1`),
    check('promotions_window_ck', sql`${t.endsAt} IS NULL OR ${t.endsAt} >= ${t.startsAt}`),
  ],
)

export const DISCOUNT_SOURCES = ['promocao', 'cupom', 'frete', 'pix'] as const

/** Each discount of an order, per item (shipping's has no item): what a partial return refunds by. */
export const orderDiscounts = pgTable(
  'order_discounts',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    orderItemId: integer('order_item_id').references(() => orderItems.id, { onDelete: 'cascade' }),
    source: text('source', { enum: DISCOUNT_SOURCES }).notNull(),
    promotionId: integer('promotion_id').references(() => promotions.id, { onDelete: 'set null' }),
    couponId: integer('coupon_id').references(() => coupons.id, { onDelete: 'set null' }),
    /** As the shopper read it: 'Semana do Smartphone', 'Cupom BEMVINDO10', 'Desconto Pix'. */
    label: text('label').notNull(),
    amountCents: cents('amount_cents').notNull(),
  },
  (t) => [
    index('order_discounts_order_idx').on(t.orderId),
    index('order_discounts_coupon_idx').on(t.couponId),
    index('order_discounts_promotion_idx').on(t.promotionId),
  ],
)

// ───────────────────────────── fiscal (NF-e) and integrations ─────────────────────────────

export const INVOICE_PURPOSES = ['venda', 'devolucao'] as const
export const INVOICE_SOURCES = ['focusnfe', 'erp'] as const
export const INVOICE_STATUSES = ['pendente', 'processando', 'autorizada', 'rejeitada', 'cancelada'] as const

/**
 * An order's NF-e (shared plumbing of issues "NF-e" and "Integrations"): the sale's invoice, or the
 * entry invoice of a received return (purpose 'devolucao', referencing the sale's key). Issued by the
 * store through its fiscal provider (source 'focusnfe'), or by the shop's ERP and set through
 * /api/v1 (source 'erp'). The access key is checked with contract/fiscal.ts before it is written.
 */
export const invoices = pgTable(
  'invoices',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    purpose: text('purpose', { enum: INVOICE_PURPOSES }).notNull().default('venda'),
    /** The received return an entry invoice is for (purpose 'devolucao'). */
    returnRequestId: integer('return_request_id').references(() => returnRequests.id),
    source: text('source', { enum: INVOICE_SOURCES }).notNull(),
    /** The provider's reference, one per order and purpose, so a retry never issues twice; null for an ERP's. */
    reference: text('reference'),
    status: text('status', { enum: INVOICE_STATUSES }).notNull().default('pendente'),
    /** 44 digits, check digit verified (contract/fiscal.ts). */
    accessKey: text('access_key'),
    number: integer('number'),
    series: integer('series'),
    protocol: text('protocol'),
    authorizedAt: timestamptz('authorized_at'),
    /** SEFAZ's (or the provider's) words when rejected, for the back office. */
    statusMessage: text('status_message'),
    /** The XML and the DANFE in the store's media storage (server/integrations/storage), fetched once. */
    xmlStorageKey: text('xml_storage_key'),
    danfeStorageKey: text('danfe_storage_key'),
    /** Where an ERP keeps the XML (source 'erp'). */
    xmlUrl: text('xml_url'),
    cancelledAt: timestamptz('cancelled_at'),
    cancelJustification: text('cancel_justification'),
    /**
     * On a sale invoice: since when it is owed an entry invoice (finalidade devolução) — the order was
     * cancelled more than 24 h after the authorization, SEFAZ refused the cancellation, or a return was
     * received. Settled when the order's entry invoice is authorized.
     */
    returnRequiredAt: timestamptz('return_required_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One sale invoice per order; one entry invoice per received return.
    uniqueIndex('invoices_sale_uq')
      .on(t.orderId)
      .where(sql`${t.purpose} = 'venda'`),
    uniqueIndex('invoices_return_uq')
      .on(t.returnRequestId)
      .where(sql`${t.returnRequestId} IS NOT NULL`),
    uniqueIndex('invoices_reference_uq').on(t.reference),
    uniqueIndex('invoices_access_key_uq').on(t.accessKey),
    index('invoices_status_idx').on(t.status, t.updatedAt),
    check('invoices_access_key_ck', sql`${t.accessKey} IS NULL OR ${t.accessKey} ~ '^[0-9]{44}$'`),
  ],
)

/** The events an integration can follow (outgoing webhooks, issue "Integrations"). */
export const INTEGRATION_EVENT_TYPES = API_V1_EVENTS

/**
 * Every event, recorded in the same transaction as the change it tells of
 * (server/domain/integrations/events.ts: recordEvent), in order: the id is the order of delivery per
 * resource. `resource` names what changed ('pedido:000123', 'produto:42').
 */
export const integrationEvents = pgTable(
  'integration_events',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    type: text('type', { enum: INTEGRATION_EVENT_TYPES }).notNull(),
    resource: text('resource').notNull(),
    /** The event's payload as recorded (what every receiver gets, exactly). */
    data: jsonb('data').$type<Record<string, unknown>>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('integration_events_resource_idx').on(t.resource, t.id), index('integration_events_created_idx').on(t.createdAt)],
)

export const API_SCOPES = API_V1_SCOPES

/**
 * A key of the integrations API (/api/v1): shown once as `vt_…`, kept as its SHA-256 only; `prefix`
 * (its first characters) names it on screens. Revoked keys stay, for the audit log's sake.
 */
export const apiKeys = pgTable(
  'api_keys',
  {
    id: serial('id').primaryKey(),
    name: text('name').notNull(),
    /** Hex SHA-256 of the whole key. */
    keyHash: text('key_hash').notNull(),
    prefix: text('prefix').notNull(),
    scopes: text('scopes', { enum: API_SCOPES }).array().notNull(),
    /** Null when made by the command line. */
    createdBy: integer('created_by').references(() => staff.id, { onDelete: 'set null' }),
    createdAt: createdAt(),
    lastUsedAt: timestamptz('last_used_at'),
    /** Calls made with the key, and how many of them read (GET): counted in each process, written with last_used_at (at most once a minute). */
    callCount: bigint('call_count', { mode: 'number' }).notNull().default(0),
    readCount: bigint('read_count', { mode: 'number' }).notNull().default(0),
    revokedAt: timestamptz('revoked_at'),
  },
  (t) => [uniqueIndex('api_keys_hash_uq').on(t.keyHash)],
)

/** A POST's `Idempotency-Key` per API key: the first answer, given again to a retry of the same request. */
export const apiIdempotency = pgTable(
  'api_idempotency',
  {
    keyId: integer('key_id')
      .notNull()
      .references(() => apiKeys.id, { onDelete: 'cascade' }),
    idempotencyKey: text('idempotency_key').notNull(),
    /** Method, path and SHA-256 of the body: the same key with another request is refused (422). */
    fingerprint: text('fingerprint').notNull(),
    status: integer('status').notNull(),
    body: jsonb('body').$type<unknown>().notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.keyId, t.idempotencyKey] }), index('api_idempotency_created_idx').on(t.createdAt)],
)

/**
 * The request log of /api/v1 (docs/api/README.md "Registro de chamadas"): one row per call, the
 * refused ones included (a 401 has no key; the presented token is never kept). Written in batches
 * off the request path and at shutdown; kept 30 days (the maintenance round). `requestId` is the
 * answer's `X-Request-Id` and ties the call to the audit lines its writes recorded.
 */
export const apiCalls = pgTable(
  'api_calls',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    requestId: uuid('request_id').notNull(),
    /** Null when refused before a key was known (no Authorization, or a token that is no active key). */
    keyId: integer('key_id').references(() => apiKeys.id, { onDelete: 'cascade' }),
    method: text('method').notNull(),
    /** The route as documented (/pedidos/{codigo}); null for a path that is no route (404). */
    route: text('route'),
    /** The path asked, with the query (values of secret-looking parameters removed). */
    path: text('path').notNull(),
    status: smallint('status').notNull(),
    /** The error's `codigo` when the answer was a refusal. */
    errorCode: text('error_code'),
    durationMs: real('duration_ms').notNull(),
    /** The client's address as server/http/client.ts computes it (through trusted proxies). */
    ip: text('ip').notNull(),
    idempotencyKey: text('idempotency_key'),
    at: timestamptz('at').notNull(),
  },
  (t) => [
    index('api_calls_key_idx').on(t.keyId, t.id),
    index('api_calls_key_class_idx').on(t.keyId, sql`(${t.status} / 100)`, t.id),
    index('api_calls_at_idx').on(t.at),
  ],
)

/** Where webhooks go: an https URL, the events it wants, its `whsec_` secret (Standard Webhooks). */
export const webhookEndpoints = pgTable('webhook_endpoints', {
  id: serial('id').primaryKey(),
  url: text('url').notNull(),
  events: text('events', { enum: INTEGRATION_EVENT_TYPES }).array().notNull(),
  secret: text('secret').notNull(),
  /** The secret before the last rotation: messages are signed with both until `previousSecretUntil`, then it is dropped. */
  previousSecret: text('previous_secret'),
  previousSecretUntil: timestamptz('previous_secret_until'),
  /** The API key that registered it (null from the back office). */
  apiKeyId: integer('api_key_id').references(() => apiKeys.id, { onDelete: 'set null' }),
  active: boolean('active').notNull().default(true),
  /** Since when every attempt failed (null after a success): days of it disable the endpoint. */
  failingSince: timestamptz('failing_since'),
  disabledAt: timestamptz('disabled_at'),
  createdAt: createdAt(),
  deletedAt: timestamptz('deleted_at'),
})

export const WEBHOOK_DELIVERY_STATUSES = ['pendente', 'entregue', 'falhou'] as const

/** One event to one endpoint: delivered at least once, in event order per resource and endpoint. */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    endpointId: belongsTo('endpoint_id', () => webhookEndpoints.id),
    eventId: bigint('event_id', { mode: 'number' })
      .notNull()
      .references(() => integrationEvents.id, { onDelete: 'cascade' }),
    /** The event's resource: deliveries of one resource to one endpoint go one at a time, in order. */
    resource: text('resource').notNull(),
    status: text('status', { enum: WEBHOOK_DELIVERY_STATUSES }).notNull().default('pendente'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamptz('next_attempt_at').notNull().defaultNow(),
    /** A sender holds it until then (another instance leaves it alone). */
    lockedUntil: timestamptz('locked_until'),
    lastStatus: integer('last_status'),
    lastAnswer: text('last_answer'),
    lastError: text('last_error'),
    lastDurationMs: integer('last_duration_ms'),
    lastAttemptAt: timestamptz('last_attempt_at'),
    deliveredAt: timestamptz('delivered_at'),
    createdAt: createdAt(),
  },
  (t) => [
    index('webhook_deliveries_lane_idx')
      .on(t.endpointId, t.resource, t.id)
      .where(sql`status = 'pendente'`),
    index('webhook_deliveries_due_idx')
      .on(t.nextAttemptAt)
      .where(sql`status = 'pendente'`),
    index('webhook_deliveries_endpoint_idx').on(t.endpointId, t.id),
  ],
)

// ───────────────────────────── marketing and protection ─────────────────────────────

export const newsletterSubscribers = pgTable(
  'newsletter_subscribers',
  {
    id: serial('id').primaryKey(),
    /** Stored lower-case and trimmed. */
    email: text('email').notNull(),
    source: text('source').notNull().default('rodape'),
    /**
     * The address's own key in its links (confirm, unsubscribe): random, made at the sign-up, kept
     * in clear because every marketing e-mail carries the unsubscribe link (it opens nothing else).
     */
    token: text('token')
      .notNull()
      .default(sql`md5(random()::text || clock_timestamp()::text)`),
    /** Double opt-in: null until the confirmation link is opened; only confirmed addresses are mailed. */
    confirmedAt: timestamptz('confirmed_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('newsletter_email_uq').on(t.email), uniqueIndex('newsletter_token_uq').on(t.token)],
)

/**
 * Rate-limit counters shared by every app instance, in the shape rate-limiter-flexible's Drizzle
 * store reads and writes (server/domain/account/limits.ts): `points` used until `expire`.
 */
export const rateLimits = pgTable(
  'rate_limits',
  {
    key: text('key').primaryKey(),
    points: integer('points').notNull().default(0),
    expire: timestamptz('expire'),
  },
  (t) => [index('rate_limits_expire_idx').on(t.expire)],
)

/** ALTCHA challenges already accepted (their signature), so a solved one is taken once; kept until it expires. */
export const captchaUses = pgTable(
  'captcha_uses',
  {
    signature: text('signature').primaryKey(),
    expiresAt: timestamptz('expires_at').notNull(),
  },
  (t) => [index('captcha_uses_expires_idx').on(t.expiresAt)],
)

/** Key/value facts about the database itself (seed version, catalog size). */
export const meta = pgTable('meta', {
  key: text('key').primaryKey(),
  value: text('value').notNull(),
})

// ───────────────────────────── back office (staff) ─────────────────────────────

/** Staff roles are defined with their permissions (server/domain/staff/permissions.ts). */
const STAFF_ROLES = ROLES

/**
 * The people who run the shop (ARCHITECTURE "The operator's half"): not customers. Their own login
 * (/admin/entrar), their own sessions and cookie; a role is a set of permissions
 * (server/domain/staff/permissions.ts). The password hash is the customers' scrypt.
 */
export const staff = pgTable(
  'staff',
  {
    id: serial('id').primaryKey(),
    nome: text('nome').notNull(),
    /** Stored lower-case. */
    email: text('email').notNull(),
    passwordHash: text('password_hash').notNull(),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    active: boolean('active').notNull().default(true),
    /**
     * The TOTP secret once enrolled (confirmed with a first code); null without TOTP. Sealed with
     * SECRETS_KEY (server/lib/secret-box.ts, `v1.…`); a clear base32 secret of older rows is read
     * and sealed again (docs/decisions/0124-staff-accounts.md).
     */
    totpSecret: text('totp_secret'),
    /** A secret shown during enrolment, not yet confirmed by a code (sealed like totp_secret). */
    totpPendingSecret: text('totp_pending_secret'),
    /** The last TOTP time step accepted: a code is taken once (no replay within its window). */
    totpLastStep: bigint('totp_last_step', { mode: 'number' }),
    lastLoginAt: timestamptz('last_login_at'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('staff_email_uq').on(t.email)],
)

/**
 * Back-office sessions, read from the database on every request (never kept in a process), so
 * deactivating a person ends theirs at once. The cookie (vt_admin) holds a random token; the row
 * its SHA-256. 'totp': the password was right and the code is still due (the session opens nothing).
 */
export const staffSessions = pgTable(
  'staff_sessions',
  {
    id: text('id').primaryKey(),
    staffId: belongsTo('staff_id', () => staff.id),
    stage: text('stage', { enum: ['totp', 'enrol', 'active'] })
      .notNull()
      .default('active'),
    createdAt: createdAt(),
    lastSeenAt: timestamptz('last_seen_at').notNull().defaultNow(),
    ip: text('ip'),
    userAgent: text('user_agent'),
  },
  (t) => [index('staff_sessions_staff_idx').on(t.staffId), index('staff_sessions_seen_idx').on(t.lastSeenAt)],
)

/**
 * A staff member's TOTP recovery codes: shown once at enrolment (or when made again), each usable
 * once instead of a 6-digit code. Only a SHA-256 of each is kept (they are random, 50 bits).
 */
export const staffRecoveryCodes = pgTable(
  'staff_recovery_codes',
  {
    staffId: belongsTo('staff_id', () => staff.id),
    hash: text('hash').notNull(),
    createdAt: createdAt(),
  },
  (t) => [primaryKey({ columns: [t.staffId, t.hash] })],
)

/** "Esqueci minha senha" of the staff: the e-mailed link's SHA-256, valid 30 minutes, used once. */
export const staffPasswordResets = pgTable(
  'staff_password_resets',
  {
    id: text('id').primaryKey(),
    staffId: belongsTo('staff_id', () => staff.id),
    expiresAt: timestamptz('expires_at').notNull(),
    createdAt: createdAt(),
  },
  (t) => [index('staff_password_resets_staff_idx').on(t.staffId)],
)

/** An invitation to join the staff: the e-mailed link's SHA-256, valid 48 hours, used once. */
export const staffInvitations = pgTable(
  'staff_invitations',
  {
    id: text('id').primaryKey(),
    /** Lower-case. */
    email: text('email').notNull(),
    /** The name the Dono typed (the person may correct it when accepting). */
    nome: text('nome').notNull().default(''),
    role: text('role', { enum: STAFF_ROLES }).notNull(),
    invitedBy: integer('invited_by').references(() => staff.id, { onDelete: 'set null' }),
    expiresAt: timestamptz('expires_at').notNull(),
    usedAt: timestamptz('used_at'),
    createdAt: createdAt(),
  },
  (t) => [index('staff_invitations_email_idx').on(t.email)],
)

/**
 * Every staff write (who, when, from which IP, what, before and after), written in the same
 * transaction as the change (server/domain/staff/audit.ts). Append-only: a trigger refuses UPDATE
 * and DELETE (migration audit_log_append_only).
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    at: timestamptz('at').notNull().defaultNow(),
    /** The Actor's kind and id (server/domain/actor.ts), and how it was named at the time. */
    actorKind: text('actor_kind', { enum: ['staff', 'customer', 'system', 'cli', 'api'] }).notNull(),
    actorId: integer('actor_id'),
    actorLabel: text('actor_label').notNull(),
    ip: text('ip'),
    /** What was done, e.g. 'equipe.convidar', 'pedido.cancelar', 'acesso negado'. */
    action: text('action').notNull(),
    /** What it was done to, e.g. 'staff', 'order', and its id. */
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    /** The /api/v1 call that made the change (api_calls.request_id), for a key's writes. */
    apiRequestId: uuid('api_request_id'),
  },
  (t) => [
    index('audit_log_at_idx').on(t.at),
    index('audit_log_api_request_idx')
      .on(t.apiRequestId)
      .where(sql`api_request_id IS NOT NULL`),
    index('audit_log_actor_idx').on(t.actorKind, t.actorId, t.at),
    index('audit_log_entity_idx').on(t.entity, t.entityId, t.at),
    index('audit_log_action_idx').on(t.action, t.at),
  ],
)

/**
 * Every e-mail the store has delivered, by its job's key (server/jobs/mail.ts): a retried job finds
 * its key here and sends nothing again (docs/decisions/0125-durable-jobs.md).
 */
export const sentMail = pgTable('sent_mail', {
  key: text('key').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  sentAt: timestamptz('sent_at').notNull().defaultNow(),
})

/** Where a label's purchase stands (decision 0128, "Labels"): each step of Melhor Envio's sequence, done. */
export const LABEL_STEPS = ['novo', 'carrinho', 'paga', 'gerada', 'impressa'] as const
export const LABEL_STATUSES = ['comprando', 'comprada', 'postada', 'entregue', 'cancelada'] as const

/** One package of a parcel as the carrier quoted it: centimetres and kilograms (decision 0128, "Volumes"). */
export type LabelVolume = { height: number; width: number; length: number; weight: number }
/** What one label carries: its volumes and, when the order ships in several labels, which items ('p12-o3') and how many. */
export type LabelParcel = { volumes: LabelVolume[]; products: Array<{ id: string; quantity: number }> | null }

/**
 * An order's carrier label bought through the shipping provider (server/domain/shipping/labels.ts):
 * one live label per volume of the order (`volume` of `volumes`). Each step of the provider's sequence (cart → checkout → generate →
 * print) is a job that records what it got here before the next is enqueued, so a failure half-way
 * resumes from the last step done and never pays twice.
 */
export const shippingLabels = pgTable(
  'shipping_labels',
  {
    id: serial('id').primaryKey(),
    orderId: belongsTo('order_id', () => orders.id),
    provider: text('provider').notNull(),
    /** The provider's service id the label is bought for (orders.shipping_service, or the staff's choice). */
    service: text('service').notNull(),
    /** The provider's id of the shipment, from the first step: every later step names it. */
    providerOrderId: text('provider_order_id'),
    step: text('step', { enum: LABEL_STEPS }).notNull().default('novo'),
    status: text('status', { enum: LABEL_STATUSES }).notNull().default('comprando'),
    /** Which of the order's labels this is (1…volumes): a Correios service takes one volume per label. */
    volume: integer('volume').notNull().default(1),
    volumes: integer('volumes').notNull().default(1),
    /** The volumes and items this label carries, from the carrier's quote; null: the whole order in one volume. */
    parcel: jsonb('parcel').$type<LabelParcel>(),
    /** What the provider charges for the label. */
    priceCents: cents('price_cents'),
    trackingCode: text('tracking_code'),
    /** The printable label (the provider's public URL). */
    printUrl: text('print_url'),
    /** The last failure of a step, in the provider's words (no secrets); null once a step succeeds. */
    error: text('error'),
    postedAt: timestamptz('posted_at'),
    deliveredAt: timestamptz('delivered_at'),
    cancelledAt: timestamptz('cancelled_at'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // One live label per volume of an order; a cancelled one stays beside the next.
    uniqueIndex('shipping_labels_order_live_uq')
      .on(t.orderId, t.volume)
      .where(sql`${t.status} <> 'cancelada'`),
    uniqueIndex('shipping_labels_provider_order_uq').on(t.providerOrderId),
    index('shipping_labels_status_idx').on(t.status, t.updatedAt),
  ],
)

/**
 * The "Frete" settings a Dono edits on /admin/frete (docs/decisions/0133-shipping-settings-and-free-shipping.md):
 * one row, its `settings` validated by contract/admin/shipping-settings.ts. No row: config/store.json's
 * `frete` (the seed and defaults). A write announces itself on the catalog channel (migration 0039), so
 * every instance drops its kept copy.
 */
export const shippingSettingsRow = pgTable(
  'shipping_settings',
  {
    id: integer('id').primaryKey().default(1),
    settings: jsonb('settings').$type<Record<string, unknown>>().notNull(),
    updatedAt: updatedAt(),
  },
  (t) => [check('shipping_settings_one_row', sql`${t.id} = 1`)],
)
