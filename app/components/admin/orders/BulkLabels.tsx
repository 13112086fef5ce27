import { useState } from 'react'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { useStaffAction } from '~/lib/admin-action'

/**
 * The order list's bulk action (decision 0128): with the "Etiqueta a comprar" filter, buys the label
 * of every order on the page, each as the order page's "Comprar etiqueta" does (its own jobs); the
 * answer says how many started and which were refused, and why.
 */
export function BulkLabels({ codes }: { codes: string[] }) {
  const [open, setOpen] = useState(false)
  const buy = useStaffAction({ key: 'etiquetas', onDone: () => setOpen(false) })
  if (!codes.length) return null
  return (
    <>
      <button type="button" className="adm-btn" onClick={() => setOpen(true)}>
        Comprar etiquetas ({codes.length})
      </button>
      <ConfirmDialog
        open={open}
        title={`Comprar ${codes.length === 1 ? 'a etiqueta' : `as ${codes.length} etiquetas`}?`}
        confirmLabel="Comprar"
        busy={buy.busy}
        onConfirm={() => buy.submit('etiquetas', { pedidos: codes })}
        onClose={() => setOpen(false)}
      >
        <p>
          Cada pedido desta página recebe a etiqueta do serviço que o cliente escolheu, paga com o saldo do Melhor Envio; com o código de rastreio, é marcado
          como enviado e o cliente recebe o e-mail. O preço de cada uma aparece na página do pedido.
        </p>
      </ConfirmDialog>
    </>
  )
}
