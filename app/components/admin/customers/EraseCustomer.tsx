import { useState } from 'react'
import { ConfirmDialog } from '~/components/admin/ConfirmDialog'
import { useStaffAction } from '~/lib/admin-action'

/** The Dono's "Excluir conta (LGPD)" on a customer's page, asked once more in a dialog. */
export function EraseCustomer({ nome }: { nome: string }) {
  const [open, setOpen] = useState(false)
  const erase = useStaffAction({ onDone: () => setOpen(false) })
  return (
    <>
      <button type="button" className="adm-btn-ghost text-danger-600" onClick={() => setOpen(true)}>
        Excluir conta (LGPD)
      </button>
      <ConfirmDialog
        open={open}
        busy={erase.busy}
        danger
        title={`Excluir a conta de ${nome}?`}
        confirmLabel="Excluir conta"
        onConfirm={() => erase.submit('excluir')}
        onClose={() => setOpen(false)}
      >
        <p>
          Os dados pessoais (nome, e-mail, CPF, telefone, endereços e senha) são anonimizados agora e as sessões da pessoa terminam. Os pedidos continuam
          guardados pelo prazo da lei fiscal. Não dá para desfazer.
        </p>
      </ConfirmDialog>
    </>
  )
}
