// What cart tests (domain and API) name in the catalog fixture: products by link, and public hashes.
import type { Db } from '../../server/db/client'
import { products, variationOptions } from '../../server/db/schema'

/** Fixture products (link_real) with what cart tests rely on. */
export const FIXTURE = {
  /** Options Azul (R$ 2.199, 3 in stock) and Preto (R$ 2.099, 2); wholesale from 10. */
  A55: 'smartphone-samsung-galaxy-a55-5g-256gb',
  /** R$ 5.999,90, 20 in stock. */
  IPHONE: 'smartphone-apple-iphone-15-128gb-preto',
  /** Sold out. */
  S24: 'smartphone-samsung-galaxy-s24-ultra',
  /** R$ 3.299, 4 in stock. */
  CANON: 'camera-digital-canon-eos-rebel-t7',
  /** R$ 49,90, 100 in stock. */
  CAPA: 'capa-protetora-galaxy-a55',
  /** R$ 3.899, 7 in stock. */
  DELL: 'notebook-dell-inspiron-15-intel-core-i5-8gb',
  FONE: 'fone-de-ouvido-sony-wh-1000xm5',
  INACTIVE: 'smartphone-antigo-desativado',
} as const

/** Product hashes by link_real and option hashes by option name, as the wire names them. */
export async function publicHashes(db: Db): Promise<{ hashes: Record<string, string>; options: Record<string, string> }> {
  const hashes: Record<string, string> = {}
  const options: Record<string, string> = {}
  for (const p of await db.select({ link: products.linkReal, hash: products.hash }).from(products)) hashes[p.link] = p.hash
  for (const o of await db.select({ name: variationOptions.name, hash: variationOptions.hash }).from(variationOptions)) options[o.name] = o.hash
  return { hashes, options }
}
