import { lazy, Suspense, useState } from 'react'
import { useShellUi } from './shell-state'

// The panel (form, captcha, schema) is its own chunk: no page pays for it until 'Atendimento' is clicked.
const AtendimentoPanel = lazy(() => import('~/components/after-sale/AtendimentoPanel'))

/** Where the 'Atendimento' panel mounts once first opened (and stays, so closing animates). */
export function AtendimentoSlot() {
  const { atendimentoOpen } = useShellUi()
  const [opened, setOpened] = useState(false)
  if (atendimentoOpen && !opened) setOpened(true)
  if (!opened && !atendimentoOpen) return null
  return (
    <Suspense fallback={null}>
      <AtendimentoPanel />
    </Suspense>
  )
}
