import { Hono } from 'hono'
import { customerIdParamsSchema } from '../../../contract/admin/customers'
import { CUSTOMERS } from '../../../contract/messages/customers'
import { exportCustomerData } from '../../domain/account/admin-customers'
import { isRefusal } from '../../domain/refusal'
import type { AppBindings } from '../context'
import { fail, requireStaff } from './guard'
import { paramsOf } from './respond'

/** A customer's LGPD export, by staff (the Cliente page links it): a JSON file download. */
export const adminCustomersApi = new Hono<AppBindings>().get('/clientes/:id/exportacao', async (c) => {
  const staff = await requireStaff(c, 'customers:export')
  const { id } = paramsOf(c, customerIdParamsSchema, CUSTOMERS.notFound)
  const data = await exportCustomerData(c.get('ctx').db, { customerId: id, actor: staff.actor })
  if (isRefusal(data)) fail(data)
  // The same file the customer downloads from Minha Conta (POST /_auth/conta/exportar/).
  c.header('Content-Disposition', `attachment; filename="dados-cliente-${id}.json"`)
  c.header('Cache-Control', 'private, no-store')
  return c.json(data)
})
