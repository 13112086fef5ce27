import { Hono, type Context } from 'hono'
import { customerIdParamsSchema, customerSearchQuerySchema } from '../../../contract/admin/customers'
import { adminCustomer, exportCustomerData, searchCustomers } from '../../domain/account/admin'
import { isRefusal, refuse } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { readQuery } from '../validate'
import { fail, requireStaff } from './guard'

const idOf = (c: Context<AppBindings>): number => {
  const parsed = customerIdParamsSchema.safeParse({ id: c.req.param('id') })
  return parsed.success ? parsed.data.id : fail(refuse('not_found', 'Cliente não encontrado.'))
}

/** The back office's customers (/admin/api/clientes…): search, one customer, their LGPD export. */
export const adminCustomersApi = new Hono<AppBindings>()
  .get('/clientes', async (c) => {
    await requireStaff(c, 'customers:read')
    return c.json({ estado: 'sucesso' as const, ...(await searchCustomers(c.get('ctx').db, readQuery(c, customerSearchQuerySchema))) })
  })
  .get('/clientes/:id', async (c) => {
    await requireStaff(c, 'customers:read')
    const found = await adminCustomer(c.get('ctx').db, idOf(c))
    if (!found) fail(refuse('not_found', 'Cliente não encontrado.'))
    return c.json({ estado: 'sucesso' as const, ...found })
  })
  .get('/clientes/:id/exportacao', async (c) => {
    const staff = await requireStaff(c, 'customers:export')
    const id = idOf(c)
    const data = await exportCustomerData(c.get('ctx').db, { customerId: id, actor: staff.actor })
    if (isRefusal(data)) fail(data)
    // The same file the customer downloads from Minha Conta (GET /_auth/conta/exportar/).
    c.header('Content-Disposition', `attachment; filename="dados-cliente-${id}.json"`)
    c.header('Cache-Control', 'private, no-store')
    return c.json(data)
  })
