import { data } from 'react-router'
import { orderCodeSchema } from '../../contract/checkout'
import { FISCAL } from '../../contract/messages/fiscal'
import { invoiceFile, invoiceFileResponse } from '../../server/domain/fiscal/view'
import { privateAnswer } from '../../server/http/cache-headers'
import { mediaStorageOf } from '../../server/integrations/storage'
import { customerIdOrLogin } from '~/lib/customer.server'
import type { Route } from './+types/pedido-nota-fiscal'

/** /compras/pedido/{code}/nota-fiscal/{danfe|xml} — the invoice's DANFE or XML, for the order's owner only. */
export async function loader({ context, params, request }: Route.LoaderArgs) {
  const customerId = customerIdOrLogin(context, request)
  const code = orderCodeSchema.safeParse(params.code)
  const file = params.arquivo === 'xml' || params.arquivo === 'danfe' ? params.arquivo : null
  const found = code.success && file ? await invoiceFile(context.db, mediaStorageOf(context.env).originals, code.data, file, customerId) : null
  if (!found) throw data({ msg: FISCAL.fileMissing.message }, { status: 404, headers: privateAnswer() })
  return invoiceFileResponse(found, file === 'xml')
}
