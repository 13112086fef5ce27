// The back office's "Frete" page (decisions 0128, 0133): the settings a Dono edits, and the products that
// ship in the default box because a measure is missing (each quote and label then guesses their size).
import { and, count, eq, or } from 'drizzle-orm'
import type { Db } from '../../db/client'
import { products } from '../../db/schema'
import type { StoreProfile } from '../../store-profile'
import { shippingProvider } from './gateway'
import { readShippingSettings } from './settings'

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

/** What the page edits (the settings as saved, or config/store.json's), with the provider (SHIPPING_PROVIDER) and the quotes' validity, which the environment and the file set. */
export async function shippingSettingsPage(db: Db, store: StoreProfile) {
  const { settings, versao } = await readShippingSettings(db, store)
  return { provedor: shippingProvider(db).name, validadeMinutos: store.frete.transportadoras.validadeMinutos, settings, versao }
}
