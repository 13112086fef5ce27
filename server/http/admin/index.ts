import { Hono } from 'hono'
import type { AppBindings } from '../context'
import { REQUEST } from '../../../contract/messages/request'
import { refuse } from '../../domain/refusal'
import { noStore } from '../no-store'
import { answerRefusal } from '../refusal'
import { adminAfterSaleApi } from './after-sale'
import { adminCatalogMediaApi } from './catalog-media'
import { adminCatalogStockApi } from './catalog-stock'
import { adminCatalogTaxonomyApi } from './catalog-taxonomy'
import { adminCatalogImportApi } from './catalog-import'
import { adminCustomersApi } from './customers'
import { adminOrdersApi } from './orders'
import { adminProductsApi } from './products'
import { adminPromotionsApi } from './promotions'
import { staffAdminApi } from './staff'

/**
 * The back office's API, mounted at /admin/api (server/http/app.ts) behind the store's CSRF check.
 * One file per area registers its routes here; every call checks its permission with
 * requireStaff (guard.ts) and parses its input with a schema from contract/admin/.
 */
export const adminApi = new Hono<AppBindings>()
  .use('*', noStore)
  .route('/', staffAdminApi)
  .route('/', adminOrdersApi)
  .route('/', adminCustomersApi)
  .route('/', adminAfterSaleApi)
  .route('/', adminCatalogMediaApi)
  .route('/', adminCatalogStockApi)
  .route('/', adminCatalogTaxonomyApi)
  .route('/', adminCatalogImportApi)
  .route('/', adminProductsApi)
  .route('/', adminPromotionsApi)
  .all('*', (c) => answerRefusal(c, refuse(REQUEST.notFound)))
