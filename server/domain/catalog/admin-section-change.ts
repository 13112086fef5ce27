import { MAX_STOCK, type ProductSectionChange } from '../../../contract/admin/catalog-stock'
import type { Db } from '../../db/client'
import type { Actor } from '../actor'
import { receiveStock, setStock } from './admin-stock'
import { createGroup, createValue, removeGroup, removeValue, renameGroup, reorderGroups, reorderValues, updateValue } from './admin-variations'

/**
 * A change of a product's Estoque or Variações section, named as the page's intent: the editor's
 * action and the admin API (which names it by its path) both go through here, so a wire field maps
 * to the domain's in one place.
 */
export function changeProductSection(db: Db, productId: number, change: ProductSectionChange, actor: Actor) {
  switch (change.intent) {
    case 'estoque-ajustar':
      return setStock(db, { productId, optionId: change.opcao ?? null, expected: change.esperado, count: change.novo, actor })
    case 'estoque-receber':
      return receiveStock(db, { productId, optionId: change.opcao ?? null, quantity: change.quantidade, max: MAX_STOCK, actor })
    case 'grupo-criar':
      return createGroup(db, { productId, nome: change.nome, actor })
    case 'grupos-ordem':
      return reorderGroups(db, { productId, ordem: change.ordem, actor })
    case 'grupo-renomear':
      return renameGroup(db, { productId, groupId: change.grupo, nome: change.nome, actor })
    case 'grupo-remover':
      return removeGroup(db, { productId, groupId: change.grupo, actor })
    case 'valor-criar':
      return createValue(db, { productId, groupId: change.grupo, nome: change.nome, priceCents: change.precoCents, stock: change.estoque, actor })
    case 'valores-ordem':
      return reorderValues(db, { productId, groupId: change.grupo, ordem: change.ordem, actor })
    case 'valor-alterar':
      return updateValue(db, {
        productId,
        valueId: change.valor,
        nome: change.nome,
        priceCents: change.precoCents,
        active: change.ativo,
        measures: change.medidas,
        actor,
      })
    case 'valor-remover':
      return removeValue(db, { productId, valueId: change.valor, actor })
  }
}
