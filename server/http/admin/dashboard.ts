import { Hono } from 'hono'
import { dashboard } from '../../domain/order/dashboard'
import type { AppBindings } from '../context'
import { requireStaff } from './guard'

/** GET /admin/api/painel — the Painel's figures and the lists that need someone. */
export const adminDashboardApi = new Hono<AppBindings>().get('/painel', async (c) => {
  await requireStaff(c, 'dashboard:read')
  return c.json({ estado: 'sucesso' as const, ...(await dashboard(c.get('ctx').db)) })
})
