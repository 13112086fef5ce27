import { data } from 'react-router'
import { orderCodeParamsSchema } from '../../../contract/admin/orders'
import { FISCAL } from '../../../contract/messages/fiscal'
import { invoiceFile, invoiceFileResponse } from '../../../server/domain/fiscal/view'
import { mediaStorageOf } from '../../../server/integrations/storage'
import { requireStaffPage } from '~/lib/admin.server'
import type { Route } from './+types/nota-fiscal'

/**
 * /admin/pedidos/{code}/nota-fiscal/{danfe|xml} — the sale invoice's DANFE (inline) or XML (download),
 * for staff who read orders; {devolucao-danfe|devolucao-xml}: the order's entry invoice's.
 */
export async function loader({ context, request, params }: Route.LoaderArgs) {
  await requireStaffPage(context, request, 'orders:read')
  const code = orderCodeParamsSchema.safeParse({ code: params.code })
  const entry = params.arquivo.startsWith('devolucao-')
  const name = entry ? params.arquivo.slice('devolucao-'.length) : params.arquivo
  const file = name === 'xml' || name === 'danfe' ? name : null
  const found =
    code.success && file
      ? await invoiceFile(context.db, mediaStorageOf(context.env).originals, code.data.code, file, null, entry ? 'devolucao' : 'venda')
      : null
  if (!found) throw data({ msg: FISCAL.fileMissing.message }, { status: 404 })
  return invoiceFileResponse(found, file === 'xml')
}
