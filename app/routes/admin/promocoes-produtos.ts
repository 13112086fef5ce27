import { data } from 'react-router'
import { productPickQuerySchema } from '../../../contract/admin/promotions'
import { searchScopeProducts } from '../../../server/domain/promotions/admin-scope'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/promocoes-produtos'

/** /admin/promocoes/produtos?q=… — the products a coupon's or promotion's scope picker offers (no page of its own). */
export async function loader({ context, request }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'promotions:read')
  const parsed = productPickQuerySchema.safeParse(Object.fromEntries(new URL(request.url).searchParams))
  if (!parsed.success) return data({ produtos: [], erro: parsed.error.issues[0]?.message ?? 'Busca inválida.' }, { status: 400 })
  return { produtos: await searchScopeProducts(context.db, parsed.data.q), erro: null }
}
