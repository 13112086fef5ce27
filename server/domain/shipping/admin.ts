// The back office's "Frete" page (decision 0128): how the store quotes today, and the products that
// ship in the default box because a measure is missing (each quote and label then guesses their size).
import { and, count, eq, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import type { StoreProfile } from '../../store-profile'
import { shippingProvider } from './gateway'

/** Active products with a measure or the weight at 0, first listed by id; how many there are. */
export async function productsWithoutMeasures(db: Db, limit = 200) {
  const missing = and(eq(products.active, true), or(eq(products.alturaMm, 0), eq(products.larguraMm, 0), eq(products.comprimentoMm, 0), eq(products.pesoG, 0)))
  const [rows, [total]] = await Promise.all([
    db
      .select({
        id: products.id,
        titulo: products.titulo,
        sku: products.sku,
        alturaMm: products.alturaMm,
        larguraMm: products.larguraMm,
        comprimentoMm: products.comprimentoMm,
        pesoG: products.pesoG,
      })
      .from(products)
      .where(missing)
      .orderBy(products.id)
      .limit(limit),
    db.select({ n: count() }).from(products).where(missing),
  ])
  return { rows, total: total?.n ?? 0 }
}

/** What the store quotes with now (config/store.json → frete.transportadoras and SHIPPING_PROVIDER), for the page to show. */
export function shippingSettings(db: Db, store: StoreProfile) {
  const t = store.frete.transportadoras
  return {
    provedor: shippingProvider(db, store).name,
    servicos: t.servicos,
    diasManuseio: t.diasManuseio,
    margemPercentual: t.margemPercentual,
    margemCentavos: t.margemCentavos,
    validadeMinutos: t.validadeMinutos,
    caixaPadrao: t.caixaPadrao,
  }
}
