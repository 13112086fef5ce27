// The shipping settings a Dono edits on /admin/frete (docs/decisions/0133-shipping-settings-and-free-shipping.md):
// one row in shipping_settings over config/store.json's `frete` (the seed and defaults: no row, the
// file's figures). Every quote, label and total reads them through loadFrete; a write announces
// itself on the catalog channel (migration 0039), so every instance drops its kept copy at once.
import { eq, sql } from 'drizzle-orm'
import { shippingSettingsSchema, type FreeShippingRule, type ShippingSettings } from '../../../contract/admin/shipping-settings'
import { SHIPPING_SETTINGS } from '../../../contract/messages/shipping-settings'
import { cachePerDb } from '../../cache'
import type { Db } from '../../db/client'
import { shippingSettingsRow } from '../../db/schema'
import { transaction } from '../../db/tx'
import { findCepPlace } from '../../integrations/cep/ranges'
import type { StoreProfile } from '../../store-profile'
import type { Actor } from '../actor'
import { recordAudit } from '../audit/record'
import { refuse, type Refusal } from '../refusal'

/** The store's shipping as every caller prices and ships with it: the profile's `frete` with the settings applied. */
export type Frete = Omit<StoreProfile['frete'], 'gratisAcimaCentavos'> & {
  freteGratis: FreeShippingRule[]
  /** Where parcels leave from (the label's sender address; its CEP is every quote's origin). */
  origem: ShippingSettings['origem']
}

/** config/store.json's figures as settings: what a store that never saved any quotes with (its `gratisAcimaCentavos` is the one rule). */
export function defaultShippingSettings(store: StoreProfile): ShippingSettings {
  const f = store.frete
  const t = f.transportadoras
  const e = store.endereco
  return {
    origem: {
      cep: t.remetente.cep ?? e.cep,
      logradouro: e.logradouro,
      numero: e.numero,
      complemento: e.complemento ?? '',
      bairro: e.bairro,
      cidade: e.cidade,
      uf: e.uf as ShippingSettings['origem']['uf'],
    },
    servicos: t.servicos.map((s) => ({ id: s.id, nome: s.nome })),
    diasManuseio: t.diasManuseio,
    margemPercentual: t.margemPercentual,
    margemCentavos: t.margemCentavos,
    caixaPadrao: { ...t.caixaPadrao },
    tabela: { padraoCentavos: f.padraoCentavos, prazosDiasUteis: { ...f.prazosDiasUteis }, expressa: structuredClone(f.expressa) },
    freteGratis:
      f.gratisAcimaCentavos === undefined
        ? []
        : [{ nome: 'Frete grátis', ufs: [], faixasCep: [], minimoCentavos: f.gratisAcimaCentavos, servicos: 'mais_barato' }],
  }
}

/** The profile's `frete` with these settings in place. */
export function applySettings(store: StoreProfile, s: ShippingSettings): Frete {
  const { gratisAcimaCentavos: _threshold, ...frete } = store.frete
  return {
    ...frete,
    padraoCentavos: s.tabela.padraoCentavos,
    prazosDiasUteis: s.tabela.prazosDiasUteis,
    expressa: s.tabela.expressa,
    transportadoras: {
      ...frete.transportadoras,
      servicos: s.servicos,
      diasManuseio: s.diasManuseio,
      margemPercentual: s.margemPercentual,
      margemCentavos: s.margemCentavos,
      caixaPadrao: s.caixaPadrao,
      remetente: { ...frete.transportadoras.remetente, cep: s.origem.cep },
    },
    freteGratis: s.freteGratis,
    origem: s.origem,
  }
}

/** The settings as saved, or the defaults; `versao` names the saved row (null: never saved). */
export async function readShippingSettings(db: Db, store: StoreProfile): Promise<{ settings: ShippingSettings; versao: string | null }> {
  const [row] = await db.select().from(shippingSettingsRow).where(eq(shippingSettingsRow.id, 1))
  if (!row) return { settings: defaultShippingSettings(store), versao: null }
  // A row written by an older form (or by hand) falls back, field by field, to nothing: it must parse whole.
  const parsed = shippingSettingsSchema.safeParse(row.settings)
  return { settings: parsed.success ? parsed.data : defaultShippingSettings(store), versao: row.updatedAt.toISOString() }
}

/**
 * Kept per database, catalog scope: the catalog channel's '*' (a write to shipping_settings) empties it
 * on every instance; 30 s bounds what an instance that lost its LISTEN serves meanwhile.
 */
const kept = cachePerDb<Promise<Frete>>({ name: 'shipping-settings', ttlMs: 30_000, maxEntries: 4, scope: 'catalog' })

/** One key per store profile (one in the store; tests try variants over one database). */
const profiles = new WeakMap<StoreProfile, number>()
let profilesSeen = 0
const profileKey = (store: StoreProfile) => {
  let id = profiles.get(store)
  if (id === undefined) profiles.set(store, (id = ++profilesSeen))
  return `frete:${id}`
}

/** The store's shipping as it is now: the saved settings over the profile's, kept until a write announces itself. */
export async function loadFrete(db: Db, store: StoreProfile): Promise<Frete> {
  return kept.of(db).getOrCompute(profileKey(store), async () => applySettings(store, (await readShippingSettings(db, store)).settings))
}

/**
 * Saves the settings (a Dono, on /admin/frete), audited with what they were and are now. `versao` is
 * what the page was loaded with: someone else's save meanwhile is a conflict, not overwritten.
 */
export async function saveShippingSettings(
  db: Db,
  store: StoreProfile,
  input: { settings: ShippingSettings; versao: string | null; actor: Actor },
): Promise<{ versao: string } | Refusal> {
  const { origem } = input.settings
  const place = findCepPlace(origem.cep.replace('-', ''))
  if (!place) return refuse(SHIPPING_SETTINGS.origemCep(origem.cep))
  if (place.uf !== origem.uf) return refuse(SHIPPING_SETTINGS.origemUf(origem.cep, place.uf))
  return transaction(
    db,
    async (tx) => {
      const [current] = await tx.select().from(shippingSettingsRow).where(eq(shippingSettingsRow.id, 1)).for('update')
      if ((current?.updatedAt.toISOString() ?? null) !== input.versao) return refuse(SHIPPING_SETTINGS.changed)
      const before = current ? current.settings : defaultShippingSettings(store)
      const [saved] = await tx
        .insert(shippingSettingsRow)
        .values({ id: 1, settings: input.settings })
        .onConflictDoUpdate({ target: shippingSettingsRow.id, set: { settings: input.settings, updatedAt: sql`clock_timestamp()` } })
        .returning({ updatedAt: shippingSettingsRow.updatedAt })
      await recordAudit(tx, { actor: input.actor, action: 'frete.configurar', entity: 'shipping_settings', entityId: '1', before, after: input.settings })
      return { versao: saved.updatedAt.toISOString() }
    },
    // Two first saves at once: the second finds the row the first inserted.
    (err) =>
      ((err as { code?: string; cause?: { code?: string } })?.code ?? (err as { cause?: { code?: string } })?.cause?.code) === '23505'
        ? refuse(SHIPPING_SETTINGS.changed)
        : null,
  )
}
